import { describe, expect, test } from '@jest/globals';
import { FILES_MESSAGES as M } from '@cc/contracts';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { newFile, startFiles } from './test-support';

/**
 * Stale-save protection for every typed text (content, summary, goals, journal), and the
 * `save_id` that lets a client recognise its own save when the answer to it was lost.
 */
const h = startedForTests(startFiles);

/** A file of its own in folder f. */
const newDoc = (c: TestClient, content = 'start') => newFile(c, { name: `doc ${Math.random()}`, folder: 'f', content });

describe('a save whose answer was lost is recognised by its save_id', () => {
  test('content: the 409 of the next save names the earlier save; a change from elsewhere names its own (or none)', async () => {
    const c = h.user();
    const id = await newDoc(c);
    // Save A commits, but the client never hears back (a 502 after the commit, a dropped connection).
    expect((await c.patch(`/files/${id}`, { file: { content: 'typed', revision: 1, save_id: 'save-a' } })).body).toEqual({
      success: true,
      errors: [],
      revision: 2,
    });
    // Still based on revision 1, the client goes on typing and saves again.
    const next = await c.patch(`/files/${id}`, { file: { content: 'typed more', revision: 1, save_id: 'save-b' } });
    expect([next.status, next.body]).toEqual([
      409,
      { success: false, errors: [M.staleRevision], current: { content: 'typed', revision: 2, save_id: 'save-a' } },
    ]);
    // Having recognised save-a, it re-saves on revision 2.
    expect((await c.patch(`/files/${id}`, { file: { content: 'typed more', revision: 2, save_id: 'save-c' } })).body.revision).toBe(3);

    // Saving the same text again changes neither the revision nor whose save it is.
    expect((await c.patch(`/files/${id}`, { file: { content: 'typed more', save_id: 'save-d' } })).body.revision).toBe(3);
    expect((await c.patch(`/files/${id}`, { file: { content: 'x', revision: 1 } })).body.current).toEqual({
      content: 'typed more',
      revision: 3,
      save_id: 'save-c',
    });

    // Another tab (its own id) and an old client (no id, top-level fields) are someone else.
    await c.patch(`/files/${id}`, { file: { content: 'other tab' }, revision: 3, save_id: 'tab-2' });
    expect((await c.patch(`/files/${id}`, { file: { content: 'mine', revision: 3, save_id: 'save-e' } })).body.current).toEqual({
      content: 'other tab',
      revision: 4,
      save_id: 'tab-2',
    });
    await c.patch(`/files/${id}`, { file: { content: 'old client' } });
    expect((await c.patch(`/files/${id}`, { file: { content: 'mine', revision: 4 } })).body.current).toEqual({
      content: 'old client',
      revision: 5,
    });
  });

  test('save_id must be a short token; revisions must fit an int4', async () => {
    const c = h.user();
    const id = await newDoc(c);
    for (const bad of ['has space', 'x'.repeat(65), 'a/b', 7, 'é']) {
      const res = await c.patch(`/files/${id}`, { file: { content: 'x', save_id: bad } });
      expect([JSON.stringify(bad), res.status, res.body]).toEqual([
        JSON.stringify(bad),
        422,
        { success: false, errors: [M.saveIdInvalid] },
      ]);
      const note = await c.patch(`/files/${id}/summary`, { summary: 'x', save_id: bad });
      expect([JSON.stringify(bad), note.status]).toEqual([JSON.stringify(bad), 422]);
      const entry = await c.post('/journal/2026-01-01/save', { content: 'x', save_id: bad });
      expect([JSON.stringify(bad), entry.status]).toEqual([JSON.stringify(bad), 422]);
    }
    for (const path of [`/files/${id}/summary`, `/files/${id}/goals`]) {
      const res = await c.patch(path, { summary: 'x', goals: 'x', revision: 2 ** 31 });
      expect([path, res.status, res.body]).toEqual([path, 422, { success: false, errors: [M.revisionInvalid] }]);
    }
    expect((await c.patch(`/files/${id}`, { file: { content: 'fine', save_id: 'A-z_0-9' } })).status).toBe(200);
  });
});

describe.each([
  ['summary', M.staleSummary],
  ['goals', M.staleGoals],
] as const)('PATCH /files/{id}/%s with a revision', (which, stale) => {
  const revisionKey = `${which}_revision`;

  test('GET /files/{id} gives its revision; every change adds one; a stale save is 409 with the current text', async () => {
    const c = h.user();
    const id = await newDoc(c);
    expect((await c.get(`/files/${id}`)).body.file[revisionKey]).toBe(1);
    // Tab A and tab B both loaded revision 1; A saves first.
    expect((await c.patch(`/files/${id}/${which}`, { [which]: 'from tab A', revision: 1, save_id: 'tab-a-1' })).body).toEqual({
      success: true,
      revision: 2,
    });
    const res = await c.patch(`/files/${id}/${which}`, { [which]: 'from tab B', revision: 1, save_id: 'tab-b-1' });
    expect([res.status, res.body]).toEqual([
      409,
      { success: false, errors: [stale], current: { [which]: 'from tab A', revision: 2, save_id: 'tab-a-1' } },
    ]);
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({
      [which]: 'from tab A',
      [revisionKey]: 2,
      revision: 1,
      content: 'start',
    });
    // The text it already holds is no conflict; the same text adds no revision.
    expect((await c.patch(`/files/${id}/${which}`, { [which]: 'from tab A', revision: 1 })).body).toEqual({ success: true, revision: 2 });
    // Without a revision the save wins, as documented.
    expect((await c.patch(`/files/${id}/${which}`, { [which]: 'from tab B' })).body).toEqual({ success: true, revision: 3 });
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ [which]: 'from tab B', [revisionKey]: 3 });
    // The content's revision is its own.
    expect((await c.patch(`/files/${id}`, { file: { content: 'new', revision: 1 } })).body.revision).toBe(2);
    expect((await c.get(`/files/${id}`)).body.file[revisionKey]).toBe(3);
  });

  test("another user's file is 404 even with a revision", async () => {
    const id = await newDoc(h.user());
    const res = await h.user().patch(`/files/${id}/${which}`, { [which]: 'x', revision: 1 });
    expect([res.status, res.body]).toEqual([404, { success: false, errors: ['File not found.'] }]);
  });
});

test('summarize stores the summary as a new revision, so a tab still on the old one is stale', async () => {
  const c = h.user();
  const id = await newDoc(c, 'We shipped the new billing system two weeks early.');
  const res = await c.post('/files/summarize', { file_id: id });
  expect(res.body).toMatchObject({ success: true, summary_revision: 2 });
  const stale = await c.patch(`/files/${id}/summary`, { summary: 'typed in another tab', revision: 1 });
  expect([stale.status, stale.body.current]).toEqual([409, { summary: res.body.summary, revision: 2 }]);
  expect((await c.patch(`/files/${id}/summary`, { summary: 'edited after summarize', revision: 2 })).body).toEqual({
    success: true,
    revision: 3,
  });
});

describe('POST /journal/{date}/save with a revision', () => {
  test('0 means "no entry yet"; every change adds one; a stale save is 409 with the current text and its save_id', async () => {
    const c = h.user();
    expect((await c.get('/journal/2026-04-01')).body.entry).toEqual({ date: '2026-04-01', content: '', revision: 0 });
    // Two tabs open on the empty day: the first save creates the entry, the second is stale.
    expect((await c.post('/journal/2026-04-01/save', { content: 'tab A', revision: 0, save_id: 'a1' })).body).toEqual({
      success: true,
      entry: { date: '2026-04-01', content: 'tab A', revision: 1 },
    });
    const res = await c.post('/journal/2026-04-01/save', { content: 'tab B', revision: 0, save_id: 'b1' });
    expect([res.status, res.body]).toEqual([
      409,
      { success: false, errors: [M.staleJournal], current: { content: 'tab A', revision: 1, save_id: 'a1' } },
    ]);
    expect((await c.get('/journal/2026-04-01')).body.entry).toEqual({ date: '2026-04-01', content: 'tab A', revision: 1 });
    // Tab A's answer was lost; its next save is stale and names its own save a1.
    await c.post('/journal/2026-04-01/save', { content: 'tab A, more', revision: 1, save_id: 'a2' });
    expect((await c.post('/journal/2026-04-01/save', { content: 'tab A, more still', revision: 1, save_id: 'a3' })).body.current).toEqual({
      content: 'tab A, more',
      revision: 2,
      save_id: 'a2',
    });
    // The text it already holds is no conflict; without a revision the save wins, as documented.
    expect((await c.post('/journal/2026-04-01/save', { content: 'tab A, more', revision: 1 })).body.entry.revision).toBe(2);
    expect((await c.post('/journal/2026-04-01/save', { content: 'last word' })).body.entry).toEqual({
      date: '2026-04-01',
      content: 'last word',
      revision: 3,
    });
  });

  test("entries stay per user: another user's revision 0 creates their own entry", async () => {
    const a = h.user();
    const b = h.user();
    await a.post('/journal/2026-04-02/save', { content: "a's", revision: 0 });
    expect((await b.post('/journal/2026-04-02/save', { content: "b's", revision: 0 })).body.entry).toEqual({
      date: '2026-04-02',
      content: "b's",
      revision: 1,
    });
    expect((await a.get('/journal/2026-04-02')).body.entry.content).toBe("a's");
  });
});
