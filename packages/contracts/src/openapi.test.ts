import { describe, expect, test } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ROUTE_ANSWERS } from './answers';
import { STREAMED_ANSWERS } from './export';
import { buildOpenApiDocument } from './openapi';
import { ROUTE_REQUESTS } from './route-requests';
import { API_ROUTES } from './routes';

const doc = buildOpenApiDocument('1.2.3') as unknown as {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
};
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: Record<string, unknown>[];
}
const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

describe('the route table is the whole contract', () => {
  test('every call declares what it takes and what it answers', () => {
    expect(keys.filter((k) => !(k in ROUTE_REQUESTS))).toEqual([]);
    expect(keys.filter((k) => !(k in ROUTE_ANSWERS))).toEqual([]);
    expect(Object.keys(ROUTE_REQUESTS).filter((k) => !keys.includes(k))).toEqual([]);
    expect(Object.keys(ROUTE_ANSWERS).filter((k) => !keys.includes(k))).toEqual([]);
  });
});

describe('GET /openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('describes every call of the table with its request and answer schemas', () => {
    for (const route of API_ROUTES) {
      const key = `${route.method} ${route.path}`;
      const op = operation(route.method, route.path);
      expect([key, Boolean(op)]).toEqual([key, true]);
      const request = ROUTE_REQUESTS[key as keyof typeof ROUTE_REQUESTS] as {
        params?: unknown;
        query?: unknown;
        body?: unknown;
        upload?: unknown;
      };
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect([key, op!.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? []]).toEqual([key, pathParams]);
      if (request.query) expect([key, op!.parameters?.some((p) => p.in === 'query')]).toEqual([key, true]);
      const media = request.body ? 'application/json' : request.upload ? 'multipart/form-data' : undefined;
      expect([key, Object.keys(op!.requestBody?.content ?? {})]).toEqual([key, media ? [media] : []]);
      // A streamed answer (an export) is documented under its own media type.
      const answerMedia = STREAMED_ANSWERS[key]?.mediaType ?? 'application/json';
      expect([key, Boolean(op!.responses['2XX']?.content?.[answerMedia]?.schema)]).toEqual([key, true]);
      expect([key, Boolean(op!.responses['422'])]).toEqual([key, true]);
    }
  });

  test('documents the failures a call can give: stale saves, model failures, missing objects', () => {
    expect(Object.keys(operation('PATCH', '/files/{id}')!.responses)).toEqual(expect.arrayContaining(['409', '404', '401', '403']));
    expect(Object.keys(operation('POST', '/profile/generate_file_draft')!.responses)).toEqual(expect.arrayContaining(['502', '429']));
    expect(operation('POST', '/auth/sign_in')!.responses['401']).toBeUndefined();
  });

  test('writes need the session and the CSRF token; reads the session; signing in neither', () => {
    expect(operation('PATCH', '/files/{id}')!.security).toEqual([{ session: [], csrf: [] }]);
    expect(operation('GET', '/files')!.security).toEqual([{ session: [] }]);
    expect(operation('POST', '/auth/sign_up')!.security).toEqual([{}]);
  });
});
