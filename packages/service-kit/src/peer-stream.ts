import type Koa from 'koa';

/**
 * A long answer of another service, read as it arrives (a domain's part of an export), as the
 * caller like `peerClient`. Only the wait for the answer's headers has a deadline: reading the
 * body takes as long as the reader takes, and `cancel` lets it go when the reader gives up.
 */
export type PeerStream =
  | { ok: true; body: ReadableStream<Uint8Array>; cancel(): void }
  | { ok: false; reason: 'unconfigured' | 'unreachable' | 'timeout' | 'status'; status?: number };

export async function peerStream(
  ctx: Koa.Context,
  baseUrl: string | undefined,
  path: string,
  { accept, headersTimeoutMs = 5000 }: { accept: string; headersTimeoutMs?: number },
): Promise<PeerStream> {
  if (!baseUrl) return { ok: false, reason: 'unconfigured' };
  const cookie = ctx.get('cookie');
  const requestId = ctx.state.requestId as string | undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('headers took too long', 'TimeoutError')), headersTimeoutMs);
  let res: Response;
  try {
    res = await fetch(new URL(path, baseUrl), {
      headers: { accept, ...(cookie ? { cookie } : {}), ...(requestId ? { 'x-request-id': requestId } : {}) },
      signal: controller.signal,
    });
  } catch (err) {
    return { ok: false, reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return { ok: false, reason: 'status', status: res.status };
  }
  return { ok: true, body: res.body, cancel: () => controller.abort() };
}
