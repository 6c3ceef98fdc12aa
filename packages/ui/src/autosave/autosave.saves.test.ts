/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { readDraft } from './draft';
import { KEY, setup, withAutosaveTestClock } from './autosave.harness';

// Save ids: a save whose answer was lost is recognised by the next one's 409; a refusal says why.

withAutosaveTestClock();

/** The files' 409: the server's text, its revision and the id of the save that wrote it. */
const conflictOf = (error: unknown) => {
  const e = error as { status?: number; current?: { content: string; revision: number; save_id?: string } };
  return e.status === 409 && e.current ? { theirs: e.current.content, base: e.current.revision, saveId: e.current.save_id ?? null } : null;
};
const stale = (content: string, revision: number, saveId?: string) => ({
  status: 409,
  current: { content, revision, ...(saveId ? { save_id: saveId } : {}) },
});
const gateway502 = () => Object.assign(new Error('Bad Gateway'), { status: 502 });

describe('Autosave: a save whose answer was lost', () => {
  it('every save carries its own id', async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('a');
    jest.advanceTimersByTime(1000);
    await t.answer(2);
    t.type('ab');
    jest.advanceTimersByTime(1000);
    expect(t.ids).toHaveLength(2);
    expect(t.ids[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(t.ids[1]).not.toBe(t.ids[0]);
  });

  it('the server committed it (502 after the commit): the next save is refused as stale, names it, and saving goes on without a conflict', async () => {
    const t = setup({ conflictOf, retryDelaysMs: [1000] });
    t.autosave.start('', 1);
    t.type('first');
    jest.advanceTimersByTime(1000);
    const lost = t.ids[0]!;
    await t.fail(gateway502());
    expect(t.autosave.getSnapshot().state).toBe('failed');
    t.type('first, then more');
    jest.advanceTimersByTime(1000);
    // The retry is still based on revision 1; the server is at 2, written by the lost save.
    expect(t.calls[1]).toEqual({ content: 'first, then more', base: 1, keepalive: false });
    await t.fail(stale('first', 2, lost));
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'saving', conflict: null });
    // At once, over the revision our own save made.
    expect(t.calls[2]).toEqual({ content: 'first, then more', base: 2, keepalive: false });
    await t.answer(3);
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'saved', text: 'Saved', conflict: null });
    expect(t.autosave.currentBase).toBe(3);
    expect(readDraft(KEY)).toBeNull();
    // Autosaving goes on as usual.
    t.type('first, then more, and on');
    jest.advanceTimersByTime(1000);
    expect(t.calls[3]).toEqual({ content: 'first, then more, and on', base: 3, keepalive: false });
  });

  it('a network drop works the same, and so does a keepalive save of a tab that was hidden and came back', async () => {
    const t = setup({ conflictOf });
    t.autosave.start('', 1);
    t.type('before hiding');
    t.autosave.unload();
    const keepalive = t.ids[0]!;
    await t.fail(new TypeError('Failed to fetch'));
    t.type('before hiding, after coming back');
    jest.advanceTimersByTime(1000);
    await t.fail(stale('before hiding', 2, keepalive));
    expect(t.calls[2]).toEqual({ content: 'before hiding, after coming back', base: 2, keepalive: false });
    await t.answer(3);
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'saved', conflict: null });
  });

  it('a change from elsewhere is still a conflict, though a save of ours went unanswered', async () => {
    const t = setup({ conflictOf, retryDelaysMs: [1000] });
    t.autosave.start('base', 1);
    t.type('mine');
    jest.advanceTimersByTime(1000);
    await t.fail(gateway502());
    jest.advanceTimersByTime(1000);
    await t.fail(stale('another tab', 2, 'someone-else'));
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'conflict', conflict: { mine: 'mine', theirs: 'another tab', theirsBase: 2 } });
    expect(t.calls).toHaveLength(2);
  });

  it('a change without a save id (an older client) is a conflict', async () => {
    const t = setup({ conflictOf, retryDelaysMs: [1000] });
    t.autosave.start('base', 1);
    t.type('mine');
    jest.advanceTimersByTime(1000);
    await t.fail(Object.assign(new Error('offline'), { status: 0 }));
    jest.advanceTimersByTime(1000);
    await t.fail(stale('an old client', 2));
    expect(t.autosave.getSnapshot().state).toBe('conflict');
  });

  it('a save that was answered with a refusal never landed: its id is not taken for ours', async () => {
    const t = setup({ conflictOf });
    t.autosave.start('base', 1);
    t.type('mine');
    jest.advanceTimersByTime(1000);
    const refused = t.ids[0]!;
    await t.fail(Object.assign(new Error('bad'), { status: 422 }));
    t.type('mine again');
    jest.advanceTimersByTime(1000);
    await t.fail(stale('odd', 2, refused));
    expect(t.autosave.getSnapshot().state).toBe('conflict');
  });

  it('one recognition per save: the same id named again is a conflict (no endless re-saving)', async () => {
    const t = setup({ conflictOf });
    t.autosave.start('', 1);
    t.type('x');
    jest.advanceTimersByTime(1000);
    const lost = t.ids[0]!;
    await t.fail(Object.assign(new Error('offline'), { status: 0 }));
    t.autosave.retryNow();
    await t.fail(stale('x', 2, lost));
    expect(t.calls).toHaveLength(3);
    await t.fail(stale('x', 5, lost));
    expect(t.autosave.getSnapshot().state).toBe('conflict');
    expect(t.calls).toHaveLength(3);
  });
});

describe('Autosave: a save the server refused with a reason', () => {
  const refusal = (message: string) =>
    Object.assign(new Error(message), { status: 422, errors: [message], body: { success: false, errors: [message] } });

  it("shows the server's message, keeps the local draft and waits for the next edit", async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.type('text with a NUL \u0000');
    jest.advanceTimersByTime(1000);
    await t.fail(refusal('Text cannot contain the NUL character.'));
    expect(t.autosave.getSnapshot()).toMatchObject({ state: 'failed', text: 'Not saved: Text cannot contain the NUL character.' });
    expect(readDraft(KEY)?.content).toBe('text with a NUL \u0000');
    jest.advanceTimersByTime(60_000);
    expect(t.calls).toHaveLength(1);
    t.type('text without');
    jest.advanceTimersByTime(1000);
    await t.answer(2);
    expect(t.autosave.getSnapshot().text).toBe('Saved');
  });

  it("a caller's failure text comes first (Revert failed: …); without a message of the server's it stays generic", async () => {
    const t = setup();
    t.autosave.start('', 1);
    t.text = 'x';
    void t.autosave.saveNow({ saved: 'Reverted', failed: 'Revert failed' });
    await t.fail(refusal('Too long.'));
    expect(t.autosave.getSnapshot().text).toBe('Revert failed: Too long.');
    t.type('y');
    jest.advanceTimersByTime(1000);
    await t.fail(Object.assign(new Error('Request failed with status 404'), { status: 404 }));
    expect(t.autosave.getSnapshot().text).toBe('Save failed');
    t.type('z');
    jest.advanceTimersByTime(1000);
    await t.fail(Object.assign(new Error('down'), { status: 503, body: { success: false, errors: ['Service unavailable'] } }));
    expect(t.autosave.getSnapshot().text).toBe('Save failed');
  });
});

describe('Autosave: unanswered saves across a reload', () => {
  it('the draft keeps the ids of saves still unanswered, so the next visit recognises its own save', async () => {
    const first = setup({ conflictOf });
    first.autosave.start('', 1);
    first.type('typed, then the tab closed');
    jest.advanceTimersByTime(1000);
    // The save is on its way when the page goes away; its answer never comes.
    const inFlight = first.ids[0]!;
    expect(readDraft(KEY)).toMatchObject({ content: 'typed, then the tab closed', base: 1, saves: [inFlight] });
    first.type('typed, then the tab closed, and more');
    first.autosave.unload();
    const keepalive = first.ids[1]!;
    expect(readDraft(KEY)?.saves).toEqual([inFlight, keepalive]);

    // Next visit: the server holds the first save (revision 2); the draft has more.
    const next = setup({ conflictOf });
    expect(next.autosave.start('typed, then the tab closed', 2)).toEqual({
      content: 'typed, then the tab closed, and more',
      restored: true,
    });
    next.text = 'typed, then the tab closed, and more';
    jest.advanceTimersByTime(0);
    expect(next.calls[0]).toMatchObject({ base: 1 });
    await next.fail(stale('typed, then the tab closed', 2, inFlight));
    expect(next.calls[1]).toEqual({ content: 'typed, then the tab closed, and more', base: 2, keepalive: false });
    await next.answer(3);
    expect(next.autosave.getSnapshot()).toMatchObject({ state: 'saved', conflict: null });
    expect(readDraft(KEY)).toBeNull();
  });
});
