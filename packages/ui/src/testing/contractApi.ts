import { answerSchemaOf, matchRoute, requestOf, type HttpMethod } from '@cc/contracts';
import type { CallAnswer, RouteKey } from '@cc/client';
import { installFakeApi, type FakeAnswer, type FakeRequest } from './fakeApi';

/** What a fake route gets: the request as the service would after validation (params, query, body parsed by the table). */
export interface ContractRequest {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  raw: FakeRequest;
}

type Answered<K extends RouteKey> = CallAnswer<K> | { status: number; body: unknown } | { network: true };
export type ContractRoutes = { [K in RouteKey]?: (req: ContractRequest) => Answered<K> | Promise<Answered<K>> };

/** A request the contract refuses, or an answer it does not allow. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
}

function paramsOf(path: string, pathname: string): Record<string, string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = pathname.split('/');
  const template = path.split('/');
  const params: Record<string, string> = {};
  template.forEach((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name && names.includes(name)) params[name] = decodeURIComponent(values[i] ?? '');
  });
  return params;
}

const isAnswer = (value: unknown): value is FakeAnswer =>
  typeof value === 'object' && value !== null && ('network' in value || ('status' in value && 'body' in value && !('success' in value)));

/**
 * A fake server made from the route table: each request is matched to its call, its params,
 * query and body are checked against the call's request schemas (a page that sends what the
 * contract refuses fails the test with a ContractViolation), and what the test's handler answers
 * is checked against the call's answer schema. So component tests fake only data, never the
 * contract, and cannot drift from the services.
 */
export function installContractApi(routes: ContractRoutes) {
  const violations: string[] = [];
  const fake = installFakeApi(async (raw) => {
    const route = matchRoute(raw.method as HttpMethod, raw.path);
    if (!route) return undefined;
    const key = `${route.method} ${route.path}` as RouteKey;
    const handler = routes[key] as ((req: ContractRequest) => unknown) | undefined;
    if (!handler) return undefined;
    const request = requestOf(route.method, route.path) ?? {};
    const params = paramsOf(route.path, raw.path);
    const parse = (
      part: string,
      schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } } | undefined,
      value: unknown,
    ) => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (!result.success) {
        const message = `${key}: the page sent a ${part} the contract refuses: ${JSON.stringify(value)} (${String(result.error)})`;
        violations.push(message);
        throw new ContractViolation(message);
      }
      return result.data;
    };
    let req: ContractRequest;
    try {
      req = {
        params,
        query: parse('query', request.query, Object.fromEntries(raw.query)),
        body: parse('body', request.body, raw.body ?? {}),
        raw,
      };
    } catch (error) {
      // What the real service answers a request its schema refuses.
      return { status: 422, body: { success: false, errors: [(error as Error).message] } };
    }
    const answer = await handler(req);
    if (isAnswer(answer)) return answer;
    const checked = answerSchemaOf(route.method, route.path)?.safeParse(answer);
    if (checked && !checked.success) {
      const message = `${key}: the test's answer does not match the contract: ${String(checked.error)}`;
      violations.push(message);
      return { status: 500, body: { success: false, errors: [message] } };
    }
    return { body: answer };
  });
  return {
    ...fake,
    violations,
    /** Call in afterEach: fails the test when the page sent, or the test answered, what the contract refuses. */
    assertNoViolations() {
      if (violations.length > 0) throw new ContractViolation(violations.join('\n'));
    },
  };
}
