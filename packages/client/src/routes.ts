/**
 * The route table as types: what a call takes and answers, from @cc/contracts' ROUTE_REQUESTS
 * and ROUTE_ANSWERS. Type-only imports: the browser gets no zod from here (docs/api.md).
 */
import type { z } from 'zod';
import type {
  AnsweredRoute,
  BodySchemaOf,
  ParamsSchemaOf,
  QuerySchemaOf,
  RequestedRoute,
  ROUTE_ANSWERS,
  ROUTE_REQUESTS,
} from '@cc/contracts';

/** `'METHOD /path/{param}'`: a call of the route table. */
export type RouteKey = AnsweredRoute & RequestedRoute;
/** The calls that read (GET): the ones a query may cache. */
export type ReadRouteKey = Extract<RouteKey, `GET ${string}`>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Part<Name extends string, S> = [S] extends [undefined] ? { [N in Name]?: never } : { [N in Name]: InputOf<S> };

/** Path params go into the URL as text: a number id is as good as its decimal string. */
type PathParams<S> = S extends z.ZodType ? { [P in keyof z.input<S>]: string | number } : never;
type ParamsPart<S> = [S] extends [undefined] ? { params?: never } : { params: PathParams<S> };

/** An upload call (the table's `upload`) takes its multipart form as the body. */
type Uploads<K> = K extends keyof typeof ROUTE_REQUESTS ? ((typeof ROUTE_REQUESTS)[K] extends { upload: object } ? true : false) : false;
type BodyPart<K extends RouteKey> = Uploads<K> extends true ? { body: FormData } : Part<'body', BodySchemaOf<K>>;

/** What a call takes: `params` for the `{…}` of its path, `query`, `body` (each only when the call has it). */
export type CallInput<K extends RouteKey> = ParamsPart<ParamsSchemaOf<K>> & Partial<Part<'query', QuerySchemaOf<K>>> & BodyPart<K>;

/** Whether a call can be made without an input argument (it takes no params and no body). */
type NeedsNoInput<K extends RouteKey> = [ParamsSchemaOf<K>] extends [undefined]
  ? [BodySchemaOf<K>] extends [undefined]
    ? true
    : false
  : false;
/** The input argument: optional when the call needs nothing. */
export type InputArgs<K extends RouteKey> = NeedsNoInput<K> extends true ? [input?: CallInput<K>] : [input: CallInput<K>];

/**
 * What a successful call answers. Failures (`success: false`) never reach the caller: the
 * client throws them as an ApiError.
 */
export type CallAnswer<K extends RouteKey> = Exclude<z.output<(typeof ROUTE_ANSWERS)[K]>, { success: false }>;

/** Splits a route key into its method and the URL of its path with the params filled in. */
export function routeUrl(key: string, params?: Record<string, string | number>): { method: string; path: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const path = key.slice(space + 1).replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${key}: the path needs ${name}`);
    return encodeURIComponent(String(value));
  });
  return { method, path };
}
