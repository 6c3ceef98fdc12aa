/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { readDraft } from './draft';
import { SAVE_TEXTS } from './status';
import { flushPromises, KEY, setup, withAutosaveTestClock } from './autosave.harness';
import { bindPageLifecycle } from './pageLifecycle';
import { flushPendingSaves, forgetPendingSaves } from '../pending-saves';

withAutosaveTestClock();

describe('Autosave timing', () => {
  it('saves 1 s after the last input, not before', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('a');
    jest.advanceTimersByTime(600);
    t.type('ab');
    jest.advanceTimersByTime(999);
    expect(t.calls).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(t.calls).toEqual([{ content: 'ab', base: 1, keepalive: false }]);
    expect(t.autosave.getSnapshot().text).toBe(SAVE_TEXTS.saving);
    await t.answer(2);
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'saved', text: 'Saved' });
    expect(t.autosave.currentBase).toBe(2);
  });

  it('uses the configured delay (the journal: 2 s)', () => {
    const t = setup({ delayMs: 2000 });
    t.autosave.start('');
    t.type('x');
    jest.advanceTimersByTime(1999);
    expect(t.calls).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(t.calls).toHaveLength(1);
  });

  it('saves at once on flush (blur) and not again when the timer fires', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('hello');
    void t.autosave.flush();
    expect(t.calls).toEqual([{ content: 'hello', base: 1, keepalive: false }]);
    await t.answer(2);
    jest.advanceTimersByTime(5000);
    expect(t.calls).toHaveLength(1);
  });

  it('text typed during a save goes in a second save, based on the new revision', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('one');
    jest.advanceTimersByTime(1000);
    t.type('one two');
    await t.answer(2);
    expect(t.autosave.dirty).toBe(true);
    expect(readDraft(KEY)).toMatchObject({ content: 'one two', base: 2 });
    jest.advanceTimersByTime(1000);
    expect(t.calls[1]).toEqual({ content: 'one two', base: 2, keepalive: false });
    await t.answer(3);
    expect(readDraft(KEY)).toBeNull();
  });

  it('page hide sends a keepalive save and keeps the draft until a later confirmation', () => {
    const t = setup();
    t.autosave.start('', 4);
    t.type('before leaving');
    const unbind = bindPageLifecycle(() => [t.autosave]);
    window.dispatchEvent(new Event('beforeunload'));
    window.dispatchEvent(new Event('pagehide'));
    unbind();
    // Sent once, though both events came.
    expect(t.calls).toEqual([{ content: 'before leaving', base: 4, keepalive: true }]);
    expect(readDraft(KEY)).toMatchObject({ content: 'before leaving', base: 4 });
  });

  it('beforeunload and a hidden page do the same; nothing is sent when nothing changed', () => {
    const t = setup();
    t.autosave.start('same', 1);
    const unbind = bindPageLifecycle(() => [t.autosave]);
    window.dispatchEvent(new Event('beforeunload'));
    expect(t.calls).toHaveLength(0);
    t.type('changed');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    unbind();
    expect(t.calls).toEqual([{ content: 'changed', base: 1, keepalive: true }]);
  });

  it('big texts are not sent with keepalive (64 KiB limit) but kept locally', () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('x'.repeat(70_000));
    t.autosave.unload();
    expect(t.calls).toHaveLength(0);
    expect(readDraft(KEY)?.content).toHaveLength(70_000);
  });
});

describe('Autosave: the local draft', () => {
  it('is written while typing and removed only when the server confirms', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('draft text');
    jest.advanceTimersByTime(300);
    expect(readDraft(KEY)).toMatchObject({ content: 'draft text', base: 1 });
    jest.advanceTimersByTime(700);
    expect(t.calls).toHaveLength(1);
    expect(readDraft(KEY)?.content).toBe('draft text');
    await t.fail(Object.assign(new Error('offline'), { status: 0 }));
    expect(readDraft(KEY)?.content).toBe('draft text');
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'failed', text: 'Save failed' });
  });

  it('comes back on start when the server does not have it, and is saved at once', async () => {
    localStorage.setItem(KEY, JSON.stringify({ content: 'typed offline', base: 3, at: 1 }));
    const t = setup();
    const result = t.autosave.start('old text', 3);
    expect(result).toEqual({ content: 'typed offline', restored: true });
    t.text = 'typed offline';
    expect(t.autosave.getSnapshot().restored).toBe(true);
    jest.advanceTimersByTime(0);
    expect(t.calls).toEqual([{ content: 'typed offline', base: 3, keepalive: false }]);
    await t.answer(4);
    expect(readDraft(KEY)).toBeNull();
  });

  it('is dropped when the server already has the same text', () => {
    localStorage.setItem(KEY, JSON.stringify({ content: 'same', base: 3, at: 1 }));
    const t = setup();
    expect(t.autosave.start('same', 4)).toEqual({ content: 'same', restored: false });
    expect(readDraft(KEY)).toBeNull();
    jest.advanceTimersByTime(5000);
    expect(t.calls).toHaveLength(0);
  });
});

describe('Autosave: failures', () => {
  it('retries a failed save with backoff while the page is open', async () => {
    const t = setup({ retryDelaysMs: [1000, 2000, 5000] });
    t.autosave.start('', 1);
    t.type('x');
    jest.advanceTimersByTime(1000);
    await t.fail(Object.assign(new Error('down'), { status: 502 }));
    jest.advanceTimersByTime(999);
    expect(t.calls).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(t.calls).toHaveLength(2);
    await t.fail(Object.assign(new Error('down'), { status: 0 }));
    jest.advanceTimersByTime(1999);
    expect(t.calls).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(t.calls).toHaveLength(3);
    await t.answer(2);
    expect(t.autosave.getSnapshot().text).toBe('Saved');
    expect(readDraft(KEY)).toBeNull();
  });

  it('retries at once when the browser is back online', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('x');
    jest.advanceTimersByTime(1000);
    await t.fail(Object.assign(new Error('offline'), { status: 0 }));
    const unbind = bindPageLifecycle(() => [t.autosave]);
    window.dispatchEvent(new Event('online'));
    unbind();
    expect(t.calls).toHaveLength(2);
  });

  it('a refused save (422) is not retried by itself; the next edit tries again', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('x');
    jest.advanceTimersByTime(1000);
    await t.fail(Object.assign(new Error('bad'), { status: 422 }));
    jest.advanceTimersByTime(60_000);
    expect(t.calls).toHaveLength(1);
    t.type('xy');
    jest.advanceTimersByTime(1000);
    expect(t.calls).toHaveLength(2);
  });

  it('a stale revision stops autosaving and exposes both versions; keep mine saves over the new revision', async () => {
    const t = setup({
      conflictOf: (error) => {
        const e = error as { status?: number; current?: { content: string; revision: number } };
        return e.status === 409 && e.current ? { theirs: e.current.content, base: e.current.revision } : null;
      },
    });
    t.autosave.start('base', 1);
    t.type('mine');
    jest.advanceTimersByTime(1000);
    await t.fail({ status: 409, current: { content: 'theirs', revision: 5 } });
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'conflict', conflict: { mine: 'mine', theirs: 'theirs', theirsBase: 5 } });
    t.type('mine, more');
    jest.advanceTimersByTime(10_000);
    expect(t.calls).toHaveLength(1);
    expect(readDraft(KEY)?.content).toBe('mine, more');
    void t.autosave.keepMine();
    expect(t.calls[1]).toEqual({ content: 'mine, more', base: 5, keepalive: false });
    await t.answer(6);
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'saved', conflict: null });
  });

  it('take theirs resolves the conflict without saving and drops the draft', async () => {
    const t = setup({ conflictOf: (e) => ((e as { status?: number }).status === 409 ? { theirs: 'server text', base: 9 } : null) });
    t.autosave.start('base', 1);
    t.type('mine');
    jest.advanceTimersByTime(1000);
    await t.fail({ status: 409 });
    expect(t.autosave.takeTheirs()).toBe('server text');
    expect(t.autosave.currentBase).toBe(9);
    expect(readDraft(KEY)).toBeNull();
    expect(t.autosave.getSnapshot().conflict).toBeNull();
  });

  it('saveNow uses the given status texts (Draft saved / Reverted / Revert failed)', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.text = 'draft';
    void t.autosave.saveNow({ saved: 'Draft saved' });
    await t.answer(2);
    expect(t.autosave.getSnapshot().text).toBe('Draft saved');
    t.text = '';
    void t.autosave.saveNow({ saved: 'Reverted', failed: 'Revert failed' });
    await t.fail(Object.assign(new Error('x'), { status: 500 }));
    expect(t.autosave.getSnapshot().text).toBe('Revert failed');
  });

  it('dispose saves what is pending (switching files)', () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('pending');
    void t.autosave.dispose({ flush: true });
    expect(t.calls).toEqual([{ content: 'pending', base: 1, keepalive: false }]);
  });
});

describe('Autosave: sign-out sends what is unsaved first', () => {
  it('flushPendingSaves saves a started, edited document at once and reports whether it worked', async () => {
    forgetPendingSaves(); // the documents of earlier tests, never disposed
    const doc = setup();
    doc.autosave.start('', 1);
    doc.type('typed just before sign-out');
    const flushed = flushPendingSaves(5000);
    await flushPromises();
    expect(doc.calls).toEqual([{ content: 'typed just before sign-out', base: 1, keepalive: false }]);
    await doc.answer(2);
    expect(await flushed).toBe(true);
    // Disposed documents are no longer waited for.
    await doc.autosave.dispose();
    expect(await flushPendingSaves(5000)).toBe(true);
    expect(doc.calls).toHaveLength(1);
  });
});
