import type Koa from 'koa';
import type { z } from 'zod';
import { CSRF_HEADER } from '@cc/contracts';

/**
 * How one service reads another's data: over HTTP, as the caller (their Cookie header, so the
 * other service checks the session and scopes by user exactly as for the browser), with the
 * request id passed on for the logs, a time budget, and the answer checked against its schema.
 * Never by reading the other service's tables.
 */
export type PeerAnswer<T> =
  | { ok: true; status: number; body: T }
  | {
      ok: false;
      reason: 'unconfigured' | 'unreachable' | 'timeout' | 'status' | 'invalid';
      status?: number;
      /** With `status`: the other service's `errors`, when it answered the kit's failure shape. */
      errors?: string[];
    };

export interface PeerClient {
  get<S extends z.ZodType>(path: string, schema: S, options?: { timeoutMs?: number }): Promise<PeerAnswer<z.output<S>>>;
  /**
   * A write the caller's own request leads to (svc-coaching claiming svc-chat's one-time notice
   * once its answer is made): as the caller, with the CSRF token their request carried.
   */
  post<S extends z.ZodType>(path: string, body: unknown, schema: S, options?: { timeoutMs?: number }): Promise<PeerAnswer<z.output<S>>>;
  /** A delete the caller asked for (svc-chat's `DELETE /trash` emptying each domain's trash), with their CSRF token. */
  delete<S extends z.ZodType>(path: string, schema: S, options?: { timeoutMs?: number }): Promise<PeerAnswer<z.output<S>>>;
}

export const DEFAULT_PEER_TIMEOUT_MS = 2000;

/** Who a peer call acts as: the caller's Cookie header, their CSRF token for a write, the request id for the logs. */
export interface PeerCaller {
  cookie: string;
  csrf?: string;
  requestId?: string;
}

/** A client for the service at `baseUrl` (unset: every call answers `unconfigured`), acting as `ctx`'s caller. */
export function peerClient(ctx: Koa.Context, baseUrl: string | undefined): PeerClient {
  return peerClientAs(
    { cookie: ctx.get('cookie'), csrf: ctx.get(CSRF_HEADER), requestId: ctx.state.requestId as string | undefined },
    baseUrl,
  );
}

/**
 * The same, as a caller given outright: the calendar feed, asked for without a session, reads
 * as the account its token names through a session of its own (svc-identity's calendar).
 */
export function peerClientAs(caller: PeerCaller, baseUrl: string | undefined): PeerClient {
  const call = async <S extends z.ZodType>(
    path: string,
    schema: S,
    options: { timeoutMs?: number },
    write?: { method: 'POST' | 'DELETE'; body?: unknown },
  ): Promise<PeerAnswer<z.output<S>>> => {
    if (!baseUrl) return { ok: false, reason: 'unconfigured' };
    const { cookie, requestId } = caller;
    const csrf = write ? caller.csrf : '';
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), {
        method: write?.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(write?.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
        ...(write?.body !== undefined ? { body: JSON.stringify(write.body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_PEER_TIMEOUT_MS),
      });
    } catch (err) {
      return { ok: false, reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable' };
    }
    if (!res.ok) {
      const errors = await failureErrors(res);
      return { ok: false, reason: 'status', status: res.status, ...(errors ? { errors } : {}) };
    }
    try {
      const parsed = schema.safeParse(await res.json());
      return parsed.success ? { ok: true, status: res.status, body: parsed.data } : { ok: false, reason: 'invalid', status: res.status };
    } catch (err) {
      return { ok: false, reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'invalid', status: res.status };
    }
  };
  return {
    get: (path, schema, options = {}) => call(path, schema, options),
    post: (path, body, schema, options = {}) => call(path, schema, options, { method: 'POST', body }),
    delete: (path, schema, options = {}) => call(path, schema, options, { method: 'DELETE' }),
  };
}

/** The `errors` of a failure answer (`{success:false, errors:[…]}`), or undefined for anything else. */
async function failureErrors(res: Response): Promise<string[] | undefined> {
  try {
    const body = (await res.json()) as { errors?: unknown };
    return Array.isArray(body?.errors) && body.errors.every((e) => typeof e === 'string') ? (body.errors as string[]) : undefined;
  } catch {
    return undefined;
  }
}
