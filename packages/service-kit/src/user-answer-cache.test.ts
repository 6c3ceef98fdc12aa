import { describe, expect, test } from '@jest/globals';
import { gzippedBody, UserAnswerCache } from './user-answer-cache';

/** A load that counts its calls and answers `text`. */
function loader(text: () => string) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, text()) };
}

/** A load held open until `release` (to change the list while it runs). */
function heldLoad(text: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { release, load: async () => (await held, text) };
}

function activeCache(maxBytes = 1_000, maxEntries = 10): UserAnswerCache<'list' | 'other'> {
  const cache = new UserAnswerCache<'list' | 'other'>(maxBytes, maxEntries);
  cache.setActive(true);
  return cache;
}

describe('answers kept per user (GET /files, the planning lists)', () => {
  test('a cached listing is answered without a load, with its ETag; an invalidation makes the next read load', async () => {
    const cache = activeCache();
    let list = '{"f":[]}';
    const { calls, load } = loader(() => list);
    const first = await cache.get(1, 'list', load);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(await cache.get(1, 'list', load)).toBe(first);
    expect(calls.n).toBe(1);
    list = '{"g":[]}';
    cache.invalidate(1);
    const second = await cache.get(1, 'list', load);
    expect([calls.n, second.body.toString(), second.etag === first.etag]).toEqual([2, '{"g":[]}', false]);
    // Another user's entry is theirs.
    cache.invalidate(2);
    expect(await cache.get(1, 'list', load)).toBe(second);
  });

  test('a load that a change overtook is answered but not kept', async () => {
    const cache = activeCache();
    const held = heldLoad('{"old":[]}');
    const reading = cache.get(1, 'list', held.load);
    cache.invalidate(1);
    held.release();
    expect((await reading).body.toString()).toBe('{"old":[]}');
    const { calls, load } = loader(() => '{"new":[]}');
    expect((await cache.get(1, 'list', load)).body.toString()).toBe('{"new":[]}');
    expect(calls.n).toBe(1);
  });

  test('turned off, or cleared while a load runs, it keeps nothing', async () => {
    const cache = activeCache();
    const held = heldLoad('{}');
    const reading = cache.get(1, 'list', held.load);
    cache.clear();
    held.release();
    await reading;
    const { calls, load } = loader(() => '{}');
    await cache.get(1, 'list', load);
    cache.setActive(false);
    await cache.get(1, 'list', load);
    await cache.get(1, 'list', load);
    expect([cache.active, calls.n]).toEqual([false, 3]);
  });

  test('past its size or its number of entries, the least recently used listing goes first', async () => {
    // 10 bytes a listing, room for 25 bytes: two listings.
    const cache = activeCache(25);
    const { calls, load } = loader(() => '0123456789');
    await cache.get(1, 'list', load);
    await cache.get(2, 'list', load);
    await cache.get(1, 'list', load); // 1 is now the most recently used
    await cache.get(3, 'list', load); // 2 goes
    expect(calls.n).toBe(3);
    await cache.get(1, 'list', load);
    await cache.get(3, 'list', load);
    expect(calls.n).toBe(3);
    await cache.get(2, 'list', load);
    expect(calls.n).toBe(4);

    const few = activeCache(1_000, 2);
    const counted = loader(() => '{}');
    for (const user of [1, 2, 3, 1]) await few.get(user, 'list', counted.load);
    expect(counted.calls.n).toBe(4);
  });

  test('a listing is gzipped once', async () => {
    const cache = activeCache();
    const listing = await cache.get(1, 'list', async () => '{"f":[]}');
    const zipped = gzippedBody(listing);
    expect(gzippedBody(listing)).toBe(zipped);
    expect((await zipped).byteLength).toBeGreaterThan(0);
  });

  test("a user's lists go together, and are sized together", async () => {
    // 10 bytes each: one user's two lists fill 20 of the 25 bytes; a second user's first pushes them out.
    const cache = activeCache(25);
    const { calls, load } = loader(() => '0123456789');
    await cache.get(1, 'list', load);
    await cache.get(1, 'other', load);
    await cache.get(1, 'list', load);
    expect(calls.n).toBe(2);
    cache.invalidate(1);
    await cache.get(1, 'other', load);
    expect(calls.n).toBe(3);
    await cache.get(1, 'list', load);
    await cache.get(2, 'list', load);
    await cache.get(1, 'other', load);
    expect(calls.n).toBe(6);
  });
});
