/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { flushPendingSaves, forgetPendingSaves } from '../pending-saves';
import { readDraft } from './draft';
import type { SaveInfo } from './options';
import { AUTOSAVE_DELAYS_MS, useAutosavedText, type AutosavedTextOptions } from './useAutosavedText';

const KEY = 'cc:draft:hook-test';

interface Call {
  content: string;
  base: number | undefined;
  keepalive: boolean;
}

/** A text field and a fake server whose every answer the test gives. */
function field(options: Partial<AutosavedTextOptions<number>> = {}) {
  let text: string | null = null;
  const calls: Call[] = [];
  const answers: Array<{ resolve: (v: number | undefined) => void; reject: (e: unknown) => void }> = [];
  const save = jest.fn((content: string, base: number | undefined, { keepalive }: SaveInfo) => {
    calls.push({ content, base, keepalive });
    return new Promise<number | undefined>((resolve, reject) => answers.push({ resolve, reject }));
  });
  const props: AutosavedTextOptions<number> = { key: 'text-1', storageKey: KEY, delayMs: 1000, getText: () => text, save, ...options };
  const hook = renderHook((p: AutosavedTextOptions<number>) => useAutosavedText(p), { initialProps: props });
  return {
    hook,
    calls,
    get current() {
      return hook.result.current;
    },
    type(next: string) {
      text = next;
      act(() => hook.result.current.changed());
    },
    async answer(value?: number) {
      await act(async () => answers.shift()!.resolve(value));
    },
    async fail(error: unknown) {
      await act(async () => answers.shift()!.reject(error));
    },
  };
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** A 409 as the file and journal services send it: the current text, its revision, the save that wrote it. */
const stale = (text: string, revision: number) =>
  Object.assign(new Error('stale'), { status: 409, body: { current: { content: text, revision } } });
const conflictOf = (error: unknown) => {
  const e = error as { status?: number; body?: { current: { content: string; revision: number } } };
  return e.status === 409 && e.body ? { theirs: e.body.current.content, base: e.body.current.revision } : null;
};

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
});

afterEach(() => {
  forgetPendingSaves();
  jest.useRealTimers();
});

describe('useAutosavedText: timing', () => {
  it.each(Object.entries(AUTOSAVE_DELAYS_MS))('%s: saves %i ms after the last input, not before', async (_name, delayMs) => {
    const f = field({ delayMs });
    act(() => void f.current.start('', 1));
    f.type('a');
    await advance(delayMs - 1);
    f.type('ab');
    await advance(delayMs - 1);
    expect(f.calls).toHaveLength(0);
    await advance(1);
    expect(f.calls).toEqual([{ content: 'ab', base: 1, keepalive: false }]);
    expect(f.current.status.text).toBe('Saving...');
    await f.answer(2);
    expect(f.current.status).toMatchObject({ state: 'saved', text: 'Saved' });
  });

  it('saves at once on blur, and only on the timer when saveOnBlur is off (people fields)', async () => {
    const f = field();
    act(() => void f.current.start('', 1));
    f.type('x');
    act(() => f.current.blurred());
    expect(f.calls).toHaveLength(1);
    await f.answer(2);

    const g = field({ key: 'text-2', storageKey: null, saveOnBlur: false, delayMs: AUTOSAVE_DELAYS_MS.people });
    act(() => void g.current.start('', 1));
    g.type('y');
    act(() => g.current.blurred());
    expect(g.calls).toHaveLength(0);
    await advance(AUTOSAVE_DELAYS_MS.people);
    expect(g.calls).toHaveLength(1);
  });

  it("says the domain's own words (people: Typing..., Error saving)", async () => {
    const f = field({ texts: { typing: 'Typing...', failed: 'Error saving' }, isRetryable: () => false });
    act(() => void f.current.start('', 1));
    f.type('x');
    expect(f.current.status.text).toBe('Typing...');
    await advance(1000);
    await f.fail(Object.assign(new Error('down'), { status: 503 }));
    expect(f.current.status).toMatchObject({ state: 'failed', text: 'Error saving' });
  });
});

describe('useAutosavedText: the page going away', () => {
  it('page hide sends the text with keepalive and keeps the local draft until answered', async () => {
    const f = field();
    act(() => void f.current.start('', 3));
    f.type('typed before closing');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(f.calls).toEqual([{ content: 'typed before closing', base: 3, keepalive: true }]);
    expect(readDraft(KEY)).toMatchObject({ content: 'typed before closing', base: 3 });
    // beforeunload comes too: the same edit is sent once.
    act(() => void window.dispatchEvent(new Event('beforeunload')));
    expect(f.calls).toHaveLength(1);
  });

  it('a hidden tab saves with keepalive too', () => {
    const f = field();
    act(() => void f.current.start('', 1));
    f.type('x');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    expect(f.calls).toEqual([{ content: 'x', base: 1, keepalive: true }]);
  });

  it('unmounting saves what is pending, and sign-out waits for it', async () => {
    const f = field();
    act(() => void f.current.start('', 1));
    f.type('last words');
    f.hook.unmount();
    expect(f.calls).toEqual([{ content: 'last words', base: 1, keepalive: false }]);
    const signOut = flushPendingSaves();
    await f.answer(2);
    await expect(signOut).resolves.toBe(true);
    expect(readDraft(KEY)).toBeNull();
  });

  it('retries a failed save with backoff, and at once when the browser is back online', async () => {
    const f = field({ retryDelaysMs: [5000] });
    act(() => void f.current.start('', 1));
    f.type('x');
    await advance(1000);
    await f.fail(new TypeError('Failed to fetch'));
    expect(f.current.status.text).toBe('Save failed');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
    expect(f.current.status.state).toBe('saved');
  });
});

describe('useAutosavedText: loading and the stale save (409)', () => {
  it('loads the text, and a local draft the server lacks wins and is saved', async () => {
    localStorage.setItem(KEY, JSON.stringify({ content: 'unsaved from last visit', base: 4, at: 1 }));
    const f = field({ load: async () => ({ text: 'server text', base: 4 }) });
    expect(f.current.loaded).toEqual({ status: 'loading' });
    await act(async () => undefined);
    expect(f.current.loaded).toEqual({ status: 'ok', text: 'unsaved from last visit' });
    expect(f.current.status.restored).toBe(true);
    // Not on screen yet (getText answers null): the restored text is what is saved.
    await advance(0);
    expect(f.calls).toEqual([{ content: 'unsaved from last visit', base: 4, keepalive: false }]);
  });

  it('a failed load says why and loads again on reload', async () => {
    let fail = true;
    const f = field({
      load: async () => {
        if (fail) throw new Error('Could not reach the server.');
        return { text: 'back', base: 1 };
      },
    });
    await act(async () => undefined);
    expect(f.current.loaded).toEqual({ status: 'error', message: 'Could not reach the server.' });
    fail = false;
    act(() => f.current.reload());
    await act(async () => undefined);
    expect(f.current.loaded).toEqual({ status: 'ok', text: 'back' });
  });

  it('a save refused as stale shows both versions; keep mine saves over their revision', async () => {
    const f = field({ conflictOf });
    act(() => void f.current.start('base', 1));
    f.type('mine');
    await advance(1000);
    await f.fail(stale('theirs', 5));
    expect(f.current.status.state).toBe('conflict');
    expect(f.current.status.conflict).toMatchObject({ mine: 'mine', theirs: 'theirs', theirsBase: 5 });
    // No autosave while the user decides.
    f.type('mine, still typing');
    await advance(5000);
    expect(f.calls).toHaveLength(1);
    await act(async () => void f.current.keepMine());
    expect(f.calls[1]).toEqual({ content: 'mine, still typing', base: 5, keepalive: false });
    await f.answer(6);
    expect(f.current.status).toMatchObject({ state: 'saved', conflict: null });
  });

  it('take theirs hands back the server text and drops the draft', async () => {
    const f = field({ conflictOf });
    act(() => void f.current.start('base', 1));
    f.type('mine');
    await advance(1000);
    await f.fail(stale('theirs', 5));
    let theirs: string | null = null;
    act(() => void (theirs = f.current.takeTheirs()));
    expect(theirs).toBe('theirs');
    expect(f.current.status).toMatchObject({ state: 'saved', conflict: null });
    expect(readDraft(KEY)).toBeNull();
  });

  it('a new key saves what is pending under the old one first, with its own callbacks', async () => {
    const f = field();
    act(() => void f.current.start('', 1));
    f.type('for the first text');
    const second = jest.fn(async () => 1);
    f.hook.rerender({ key: 'text-2', storageKey: null, delayMs: 1000, getText: () => 'the second text', save: second });
    expect(f.calls).toEqual([{ content: 'for the first text', base: 1, keepalive: false }]);
    expect(second).not.toHaveBeenCalled();
    expect(f.current.loaded).toEqual({ status: 'loading' });
  });
});
