import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER } from '@cc/contracts';
import {
  ApiError,
  CSRF_HEADER_NAME,
  NETWORK_ERROR_MESSAGE,
  createClient,
  errorMessage,
  getCsrfToken,
  safeNextPath,
  setCsrfToken,
  signInPath,
  type DocumentLike,
} from './index';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];

function last(): Seen {
  const s = seen[seen.length - 1];
  if (!s) throw new Error('no request seen');
  return s;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
      };
      const path = (req.url ?? '').split('?')[0];
      switch (path) {
        case '/ok':
          return json(200, { success: true, folders: [{ name: 'a' }] });
        case '/echo':
          return json(200, { success: true, got: body ? JSON.parse(body) : null });
        case '/not-implemented':
          return json(501, { success: false, errors: ['Not implemented yet'] });
        case '/invalid':
          return json(422, { success: false, errors: ['Name is required', 'Name is too long'] });
        case '/single-error':
          return json(400, { success: false, error: 'Bad thing' });
        case '/soft-failure':
          return json(200, { success: false, errors: ['Already done'] });
        case '/unauthorized':
          return json(401, { success: false, errors: ['You need to sign in first'] });
        case '/no-content':
          res.writeHead(204);
          return res.end();
        case '/html':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          return res.end('<!doctype html><title>shell</title>');
        case '/bad-gateway':
          res.writeHead(502, { 'Content-Type': 'text/html' });
          return res.end('<h1>502 Bad Gateway</h1>');
        default:
          return json(404, { success: false, errors: ['Not found'] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(extra: Parameters<typeof createClient>[0] = {}) {
  return createClient({
    baseUrl,
    csrfToken: () => 'token-123',
    currentPath: () => '/planning/milestones_view?x=1',
    onUnauthorized: () => {},
    ...extra,
  });
}

describe('requests', () => {
  it('GET asks for JSON and sends no CSRF token', async () => {
    const answer = await client().get<{ success: boolean; folders: { name: string }[] }>('/ok');
    expect(answer.folders[0]?.name).toBe('a');
    expect(last().method).toBe('GET');
    expect(last().headers.accept).toBe('application/json');
    expect(last().headers['x-csrf-token']).toBeUndefined();
    expect(last().headers['content-type']).toBeUndefined();
  });

  it('adds a query string, leaving out empty values', async () => {
    await client().get('/ok', { query: { type: 'start_of_day', period_key: '2025-03-04', skip: undefined, none: null } });
    expect(last().url).toBe('/ok?type=start_of_day&period_key=2025-03-04');
  });

  it.each(['post', 'put', 'patch'] as const)('%s sends a JSON body with the CSRF token', async (method) => {
    const answer = await client()[method]<{ got: unknown }>('/echo', { file: { name: 'notes.md' } });
    expect(answer.got).toEqual({ file: { name: 'notes.md' } });
    expect(last().method).toBe(method.toUpperCase());
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().headers['x-csrf-token']).toBe('token-123');
    expect(last().headers.accept).toBe('application/json');
  });

  it('a FormData body goes as multipart, with the CSRF token, and no JSON content type', async () => {
    const form = new FormData();
    form.append('file', new Blob(['question,answer\n'], { type: 'text/csv' }), 'questions.csv');
    form.append('questionnaire_type', 'monthly');
    await client().post('/ok', form);
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().headers['x-csrf-token']).toBe('token-123');
    expect(last().body).toContain('filename="questions.csv"');
    expect(last().body).toContain('monthly');
  });

  it('call() fills the path of a route-table call and sends its body', async () => {
    const calls: string[] = [];
    const typed = client({
      fetch: (async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url} ${String(init.body)}`);
        return new Response(JSON.stringify({ success: true, ignored: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    });
    await typed.call('PATCH /people/reorder', { body: { order: [2, 1] } });
    await typed.call('GET /people/{id}/meetings', { params: { id: 7 }, query: { limit: 5 } });
    expect(calls).toEqual([`PATCH ${baseUrl}/people/reorder {"order":[2,1]}`, `GET ${baseUrl}/people/7/meetings?limit=5 undefined`]);
  });

  it('DELETE sends the CSRF token too', async () => {
    await client().delete('/echo');
    expect(last().method).toBe('DELETE');
    expect(last().headers['x-csrf-token']).toBe('token-123');
    expect(last().body).toBe('');
  });

  it('a write without a token sends no CSRF header', async () => {
    await client({ csrfToken: () => null }).post('/echo', {});
    expect(last().headers['x-csrf-token']).toBeUndefined();
  });

  it('uses same-origin credentials', async () => {
    const spy = jest.fn<typeof fetch>(async () => new Response('{"success":true}', { headers: { 'Content-Type': 'application/json' } }));
    await createClient({ fetch: spy }).post('/x', { a: 1 });
    const init = spy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(spy.mock.calls[0]?.[0]).toBe('/x');
  });

  it('answers 204 with undefined', async () => {
    await expect(client().delete('/no-content')).resolves.toBeUndefined();
  });

  it('uses the same header name as @cc/contracts', () => {
    expect(CSRF_HEADER_NAME.toLowerCase()).toBe(CSRF_HEADER.toLowerCase());
  });
});

describe('errors', () => {
  it('turns {success:false, errors} into an ApiError', async () => {
    const error = await client()
      .get('/not-implemented')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(501);
    expect(apiError.errors).toEqual(['Not implemented yet']);
    expect(apiError.message).toBe('Not implemented yet');
    expect(errorMessage(apiError)).toBe('Not implemented yet');
  });

  it("joins several errors with ', '", async () => {
    const error = (await client()
      .post('/invalid', {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.errors).toEqual(['Name is required', 'Name is too long']);
    expect(error.message).toBe('Name is required, Name is too long');
  });

  it('reads a single `error` field', async () => {
    const error = (await client()
      .get('/single-error')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.errors).toEqual(['Bad thing']);
  });

  it('treats success:false on a 200 as an error', async () => {
    const error = (await client()
      .post('/soft-failure')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.message).toBe('Already done');
  });

  it('describes a non-JSON error page by its status', async () => {
    const error = (await client()
      .get('/bad-gateway')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('The server could not handle the request (502)');
  });

  it('rejects a 2xx that is not JSON (the shell page instead of the API)', async () => {
    const error = (await client()
      .get('/html')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Unexpected answer from the server');
  });

  it('reports a network failure as status 0', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = (await createClient({ baseUrl: `http://127.0.0.1:${port}` })
      .get('/ok')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('passes an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = (await client()
      .get('/ok', { signal: controller.signal })
      .catch((e: unknown) => e)) as Error;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('AbortError');
  });
});

describe('401', () => {
  it('sends the user to sign in with the current page as next', async () => {
    const onUnauthorized = jest.fn<(next: string) => void>();
    const error = (await client({ onUnauthorized })
      .get('/unauthorized')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith('/planning/milestones_view?x=1');
    expect(signInPath('/planning/milestones_view?x=1')).toBe('/sign-in?next=%2Fplanning%2Fmilestones_view%3Fx%3D1');
  });

  it('can be told not to redirect (the session probe)', async () => {
    const onUnauthorized = jest.fn<(next: string) => void>();
    const error = (await client({ onUnauthorized })
      .get('/unauthorized', { redirectOnUnauthorized: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('You need to sign in first');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not redirect on other errors', async () => {
    const onUnauthorized = jest.fn<(next: string) => void>();
    await client({ onUnauthorized })
      .get('/not-implemented')
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/planning', '/planning'],
    ['/planning/milestones_view?x=1#top', '/planning/milestones_view?x=1#top'],
    ['/journal/2025-01-02', '/journal/2025-01-02'],
  ])('keeps %s', (input, output) => {
    expect(safeNextPath(input)).toBe(output);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['planning'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/ok\nSet-Cookie: x'],
    [' /planning'],
  ])('refuses %p', (input) => {
    expect(safeNextPath(input)).toBe('/dashboard');
  });
});

describe('signInPath', () => {
  it('leaves out a pointless next', () => {
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath(undefined)).toBe('/sign-in');
    expect(signInPath('/sign-in?next=%2Fx')).toBe('/sign-in');
  });
});

describe('CSRF meta tag', () => {
  function fakeDocument() {
    const metas: { attrs: Record<string, string> }[] = [];
    const element = () => {
      const node = {
        attrs: {} as Record<string, string>,
        getAttribute: (name: string) => node.attrs[name] ?? null,
        setAttribute: (name: string, value: string) => {
          node.attrs[name] = value;
        },
      };
      return node;
    };
    const doc: DocumentLike = {
      querySelector: (selector: string) => {
        expect(selector).toBe('meta[name="csrf-token"]');
        const found = metas.find((m) => m.attrs.name === 'csrf-token');
        return (found as ReturnType<typeof element> | undefined) ?? null;
      },
      createElement: () => element(),
      head: {
        appendChild: (node: never) => {
          metas.push(node as { attrs: Record<string, string> });
          return node;
        },
      },
    };
    return { doc, metas };
  }

  it('creates the tag once and updates it', () => {
    const { doc, metas } = fakeDocument();
    expect(getCsrfToken(doc)).toBeNull();
    setCsrfToken('abc', doc);
    expect(getCsrfToken(doc)).toBe('abc');
    setCsrfToken('def', doc);
    expect(getCsrfToken(doc)).toBe('def');
    expect(metas).toHaveLength(1);
  });

  it('is a no-op without a document (node)', () => {
    expect(() => setCsrfToken('abc')).not.toThrow();
    expect(getCsrfToken()).toBeNull();
  });
});
