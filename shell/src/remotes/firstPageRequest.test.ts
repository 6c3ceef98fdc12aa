import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PAGE_ROUTES } from '@cc/contracts/pages';
import { FIRST_PAGE_REQUEST, startFirstPageRequest, type FirstPageRequest } from './firstPageRequest';

const slot = globalThis as { [FIRST_PAGE_REQUEST]?: FirstPageRequest };
const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  delete slot[FIRST_PAGE_REQUEST];
});

describe("a page's first request, named by the route table", () => {
  it('is sent at start-up for exactly the path that declares it, and left for the page', async () => {
    const response = new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => response);
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const declared = PAGE_ROUTES.filter((p) => p.firstRequest);
    expect(declared.map((p) => [p.path, p.firstRequest])).toEqual([['/people', '/people']]);

    startFirstPageRequest('/people');
    expect(fetch).toHaveBeenCalledWith('/people', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    expect(slot[FIRST_PAGE_REQUEST]?.path).toBe('/people');
    expect(await slot[FIRST_PAGE_REQUEST]?.response).toBe(response);
  });

  it('sends nothing for a page that declares none, or another path', () => {
    const fetch = jest.fn();
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    for (const path of ['/dashboard', '/planning', '/people/4', '/sign-in', '/']) startFirstPageRequest(path);
    expect(fetch).not.toHaveBeenCalled();
    expect(slot[FIRST_PAGE_REQUEST]).toBeUndefined();
  });
});
