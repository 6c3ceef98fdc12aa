import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ROUTE_ANSWERS, ROUTE_REQUESTS } from '@cc/contracts';
import { PAGE_ROUTES } from '@cc/contracts/pages';
import { startFirstPageRequest, takeFirstPageRequest } from './firstPageRequest';

const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  takeFirstPageRequest();
});

describe("a page's first read, named by the route table", () => {
  it('is a call of the table: a GET that takes no params, with its answer schema', () => {
    const declared = PAGE_ROUTES.filter((p) => p.firstRequest).map((p) => [p.path, p.firstRequest]);
    expect(declared).toEqual([['/people', 'GET /people']]);
    for (const [, key] of declared) {
      expect(Object.keys(ROUTE_REQUESTS)).toContain(key);
      expect(Object.keys(ROUTE_ANSWERS)).toContain(key);
      expect(key).toMatch(/^GET \/[^{}]*$/);
    }
  });

  it('is sent at start-up for exactly the path that declares it, and taken once', async () => {
    const response = new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => response);
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;

    startFirstPageRequest('/people');
    expect(fetch).toHaveBeenCalledWith('/people', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const early = takeFirstPageRequest();
    expect(early?.key).toBe('GET /people');
    expect(await early?.response).toBe(response);
    expect(takeFirstPageRequest()).toBeNull();
  });

  it('sends nothing for a page that declares none, or another path', () => {
    const fetch = jest.fn();
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    for (const path of ['/dashboard', '/planning', '/people/4', '/sign-in', '/']) startFirstPageRequest(path);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstPageRequest()).toBeNull();
  });
});
