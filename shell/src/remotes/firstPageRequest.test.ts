import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ROUTE_ANSWERS, ROUTE_REQUESTS } from '@cc/contracts';
import { PAGE_ROUTES } from '@cc/contracts/pages';
import { EARLY_REQUESTS_GLOBAL, type EarlyRequests } from '../earlyRequests';
import { startFirstPageRequests, takeFirstPageRequests } from './firstPageRequest';

const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  takeFirstPageRequests();
});

const ASKED: RequestInit = { headers: { Accept: 'application/json' }, credentials: 'same-origin' };

describe("a page's first reads, named by the route table", () => {
  it('are calls of the table: GETs that take no params, with their answer schemas', () => {
    const declared = PAGE_ROUTES.filter((p) => p.firstRequests).map((p) => [p.path, p.firstRequests]);
    expect(declared).toEqual([
      ['/dashboard', ['GET /folders', 'GET /files', 'GET /profile']],
      ['/planning', ['GET /planning/todos', 'GET /planning/milestones']],
      [
        '/planning/action_plan',
        ['GET /coaching/current_action_plan', 'GET /coaching/timeline_items', 'GET /planning/todos', 'GET /planning/milestones'],
      ],
      ['/planning/{tab}', ['GET /planning/todos', 'GET /planning/milestones']],
      ['/people', ['GET /people']],
    ]);
    for (const key of declared.flatMap(([, keys]) => keys as string[])) {
      expect(Object.keys(ROUTE_REQUESTS)).toContain(key);
      expect(Object.keys(ROUTE_ANSWERS)).toContain(key);
      expect(key).toMatch(/^GET \/[^{}]*$/);
    }
  });

  it('are sent at start-up for every path of the route that declares them, and taken once', async () => {
    const response = new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => response);
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;

    startFirstPageRequests('/people');
    expect(fetch).toHaveBeenCalledWith('/people', ASKED);
    const early = takeFirstPageRequests();
    expect(early.map((e) => e.key)).toEqual(['GET /people']);
    expect(await early[0]?.response).toBe(response);
    expect(takeFirstPageRequests()).toEqual([]);

    fetch.mockClear();
    startFirstPageRequests('/planning/milestones_view');
    expect(fetch.mock.calls).toEqual([
      ['/planning/todos', ASKED],
      ['/planning/milestones', ASKED],
    ]);
    expect(takeFirstPageRequests().map((e) => e.key)).toEqual(['GET /planning/todos', 'GET /planning/milestones']);

    // The action plan tab's own route (more specific than /planning/{tab}): its plan and weeks first, then the lists.
    fetch.mockClear();
    startFirstPageRequests('/planning/action_plan');
    expect(fetch.mock.calls).toEqual([
      ['/coaching/current_action_plan', ASKED],
      ['/coaching/timeline_items', ASKED],
      ['/planning/todos', ASKED],
      ['/planning/milestones', ASKED],
    ]);
    expect(takeFirstPageRequests().map((e) => e.key)).toEqual([
      'GET /coaching/current_action_plan',
      'GET /coaching/timeline_items',
      'GET /planning/todos',
      'GET /planning/milestones',
    ]);
  });

  it("takes the reads index.html's inline script sent instead of sending them again", async () => {
    const fetch = jest.fn();
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const sent = Promise.resolve(new Response('[]'));
    const early: EarlyRequests = { reads: { '/people': { at: 7, response: sent } } };
    Object.assign(globalThis, { [EARLY_REQUESTS_GLOBAL]: early });
    try {
      startFirstPageRequests('/people');
      expect(fetch).not.toHaveBeenCalled();
      expect(takeFirstPageRequests()).toEqual([{ key: 'GET /people', at: 7, response: sent }]);
      // Taken once: a later start sends its own.
      expect(early.reads['/people']).toBeUndefined();
    } finally {
      delete (globalThis as unknown as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
    }
  });

  it('sends nothing for a page that declares none, or another path', () => {
    const fetch = jest.fn();
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    for (const path of ['/journal', '/coaching', '/people/4', '/sign-in', '/']) startFirstPageRequests(path);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstPageRequests()).toEqual([]);
  });
});
