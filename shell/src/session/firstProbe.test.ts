import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EARLY_REQUESTS_GLOBAL, type EarlyRequests } from '../earlyRequests';
import { startFirstProbe, takeFirstProbe } from './firstProbe';

const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  takeFirstProbe();
  delete (globalThis as unknown as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
});

describe('the start-up session probe', () => {
  it('is sent by the entry chunk when the HTML sent none, and taken once', async () => {
    const answer = new Response('{}');
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => answer);
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const probe = startFirstProbe();
    expect(fetch).toHaveBeenCalledWith('/auth/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    expect(await takeFirstProbe()).toBe(answer);
    expect(takeFirstProbe()).toBeNull();
    expect(await probe).toBe(answer);
  });

  it("is the one index.html's inline script sent, when there is one: no second request", async () => {
    const fetch = jest.fn();
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const sent = Promise.resolve(new Response('{}'));
    const early: EarlyRequests = { session: sent, reads: {} };
    Object.assign(globalThis, { [EARLY_REQUESTS_GLOBAL]: early });
    expect(startFirstProbe()).toBe(sent);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstProbe()).toBe(sent);
    expect(early.session).toBeUndefined();
  });
});
