import { describe, expect, test } from '@jest/globals';
import { FILES_MESSAGES, HISTORY_MESSAGES as M, PG_INT_MAX } from '@cc/contracts';
import { refused, startedForTests, type TestClient } from '@cc/service-kit/testing';
import { deleteRevisionsOf, POINT_EVERY_MINUTES, STRETCH_GAP_MINUTES } from './revisions';
import { T } from './tables';
import { newFile, startFiles } from './test-support';

/** History of a file's content and of a journal day (docs/dashboard.md#history). */
const h = startedForTests(startFiles);

const newDoc = (c: TestClient, content: string) => newFile(c, { name: `doc ${Math.random()}`, folder: 'f', content });
const save = async (c: TestClient, id: number, content: string, extra: Record<string, unknown> = {}) => {
  const res = await c.patch(`/files/${id}`, { file: { content }, ...extra });
  expect(res.status).toBe(200);
  return res.body.revision as number;
};
const points = async (c: TestClient, path: string) => {
  const res = await c.get(`${path}/revisions`);
  expect(res.status).toBe(200);
  return (res.body.revisions as { revision: number; characters: number }[]).map((p) => [p.revision, p.characters]);
};
const textOf = async (c: TestClient, path: string, revision: number) =>
  (await c.get(`${path}/revisions/${revision}`)).body.content as string;

/**
 * Time passes for one user: every time their texts and points carry moves `minutes` back (the
 * service reads the database's clock, so the rows move instead).
 */
async function later(c: TestClient & { id: number }, minutes: number): Promise<void> {
  const db = h.database.db;
  const back = db.raw(`interval '${minutes} minutes'`);
  await db(T.files)
    .where({ user_id: c.id })
    .update({ content_saved_at: db.raw('content_saved_at - ?', [back]), updated_at: db.raw('updated_at - ?', [back]) });
  await db(T.journal_entries)
    .where({ user_id: c.id })
    .update({ updated_at: db.raw('updated_at - ?', [back]) });
  await db(T.text_revisions)
    .where({ user_id: c.id })
    .update({ saved_at: db.raw('saved_at - ?', [back]), recorded_at: db.raw('recorded_at - ?', [back]) });
}

describe('file history: what a save keeps', () => {
  test('the current text is the only point of a new file', async () => {
    const c = h.user();
    const id = await newDoc(c, 'Hello');
    const res = await c.get(`/files/${id}/revisions`);
    expect(res.body).toEqual({ success: true, revisions: [{ revision: 1, saved_at: expect.any(String), characters: 5 }] });
    expect(new Date(res.body.revisions[0].saved_at).toISOString()).toBe(res.body.revisions[0].saved_at);
    expect((await c.get(`/files/${id}/revisions/1`)).body).toEqual({
      success: true,
      revision: 1,
      saved_at: res.body.revisions[0].saved_at,
      content: 'Hello',
    });
  });

  test('autosaves of one stretch are coalesced: the text before the stretch is kept, not every save', async () => {
    const c = h.user();
    const id = await newDoc(c, 'v1');
    for (const text of ['v2', 'v3', 'v4']) await save(c, id, text);
    // The first save keeps the text it replaced (no point yet); the next ones of the stretch keep nothing.
    expect(await points(c, `/files/${id}`)).toEqual([
      [4, 2],
      [1, 2],
    ]);
    expect(await textOf(c, `/files/${id}`, 1)).toBe('v1');
    // The same text again changes nothing.
    await save(c, id, 'v4');
    expect((await points(c, `/files/${id}`)).length).toBe(2);
  });

  test(`a pause of ${STRETCH_GAP_MINUTES} minutes ends a stretch: the next save keeps the text it ended with`, async () => {
    const c = h.user();
    const id = await newDoc(c, 'v1');
    await save(c, id, 'v2');
    await save(c, id, 'end of the first stretch');
    await later(c, STRETCH_GAP_MINUTES - 1);
    await save(c, id, 'still the first stretch');
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([4, 1]);
    await later(c, STRETCH_GAP_MINUTES);
    await save(c, id, 'second stretch');
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([5, 4, 1]);
    expect(await textOf(c, `/files/${id}`, 4)).toBe('still the first stretch');
  });

  test(`while editing goes on, a point is kept at least every ${POINT_EVERY_MINUTES} minutes`, async () => {
    const c = h.user();
    const id = await newDoc(c, 'start');
    // A save every 3 minutes for 24 minutes: never a pause long enough to end the stretch.
    for (let i = 1; i <= 8; i++) {
      await save(c, id, `minute ${i * 3}`);
      await later(c, 3);
    }
    const kept = (await c.get(`/files/${id}/revisions`)).body.revisions as { revision: number; saved_at: string }[];
    expect(kept.map((p) => p.revision)).toEqual([9, 8, 5, 1]);
    const times = kept.map((p) => Date.parse(p.saved_at));
    for (let i = 1; i < times.length; i++) expect(times[i - 1]! - times[i]!).toBeLessThanOrEqual(POINT_EVERY_MINUTES * 60_000);
  });

  test('an AI update always keeps the text it replaces, also in the middle of a stretch', async () => {
    const c = h.user();
    const id = await newDoc(c, 'v1');
    await save(c, id, 'typed by me');
    await save(c, id, 'typed by me, more');
    await save(c, id, 'written by the AI', { ai_update: true });
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([4, 3, 1]);
    expect(await textOf(c, `/files/${id}`, 3)).toBe('typed by me, more');
    // ai_update is a boolean.
    const bad = await c.patch(`/files/${id}`, { file: { content: 'x' }, ai_update: 'yes' });
    expect([bad.status, bad.body]).toEqual([422, refused(FILES_MESSAGES.aiUpdateInvalid)]);
  });

  test('an empty text is never kept, and a stale save keeps nothing', async () => {
    const c = h.user();
    const id = await newDoc(c, '');
    await save(c, id, 'first words');
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([2]);
    const stale = await c.patch(`/files/${id}`, { file: { content: 'from an old tab', revision: 1 }, ai_update: true });
    expect(stale.status).toBe(409);
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([2]);
  });

  test('summary and goals have no history and take no point', async () => {
    const c = h.user();
    const id = await newDoc(c, 'body');
    await save(c, id, 'body, edited');
    await later(c, STRETCH_GAP_MINUTES + 1);
    expect((await c.patch(`/files/${id}/summary`, { summary: 's' })).status).toBe(200);
    expect((await c.patch(`/files/${id}/goals`, { goals: 'g' })).status).toBe(200);
    // A summary saved a moment ago does not make the content's stretch look alive: it ended.
    await save(c, id, 'body, edited again');
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([3, 2, 1]);
  });
});

describe('file history: restore', () => {
  test('makes the old text the newest revision; the text it replaces stays in the history', async () => {
    const c = h.user();
    const id = await newDoc(c, 'first version');
    await save(c, id, 'second version');
    await save(c, id, 'current version');
    const res = await c.post(`/files/${id}/restore`, { revision: 1 });
    expect([res.status, res.body]).toEqual([200, { success: true, errors: [], revision: 4 }]);
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ content: 'first version', revision: 4 });
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([4, 3, 1]);
    expect(await textOf(c, `/files/${id}`, 3)).toBe('current version');
    // An editor still on revision 3 is told its next save is stale.
    const stale = await c.patch(`/files/${id}`, { file: { content: 'typed in an old tab', revision: 3 } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({ content: 'first version', revision: 4 });
    // Restoring the current text, or a point with the same text, changes nothing.
    expect((await c.post(`/files/${id}/restore`, { revision: 4 })).body.revision).toBe(4);
    expect((await c.post(`/files/${id}/restore`, { revision: 1 })).body.revision).toBe(4);
    // And back again: the restore's own text was kept.
    expect((await c.post(`/files/${id}/restore`, { revision: 3 })).body.revision).toBe(5);
    expect((await c.get(`/files/${id}`)).body.file.content).toBe('current version');
    expect((await points(c, `/files/${id}`)).map(([r]) => r)).toEqual([5, 4, 3, 1]);
  });

  test('an unknown revision is a 404 and changes nothing', async () => {
    const c = h.user();
    const id = await newDoc(c, 'text');
    await save(c, id, 'more text');
    for (const revision of [3, 99, PG_INT_MAX]) {
      const res = await c.post(`/files/${id}/restore`, { revision });
      expect([res.status, res.body]).toEqual([404, refused(M.revisionNotFound)]);
      const read = await c.get(`/files/${id}/revisions/${revision}`);
      expect([read.status, read.body]).toEqual([404, refused(M.revisionNotFound)]);
    }
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ content: 'more text', revision: 2 });
  });
});

describe('journal history', () => {
  const day = '2026-03-04';

  test('points, a point’s text and restore, answered like a save', async () => {
    const c = h.user();
    expect((await c.post(`/journal/${day}/save`, { content: 'Morning notes' })).status).toBe(200);
    await later(c, STRETCH_GAP_MINUTES + 1);
    await c.post(`/journal/${day}/save`, { content: 'Morning notes. Afternoon.' });
    await c.post(`/journal/${day}/save`, { content: 'Morning notes. Afternoon. Evening.' });
    expect(await points(c, `/journal/${day}`)).toEqual([
      [3, 34],
      [1, 13],
    ]);
    expect(await textOf(c, `/journal/${day}`, 1)).toBe('Morning notes');
    const res = await c.post(`/journal/${day}/restore`, { revision: 1 });
    expect([res.status, res.body]).toEqual([200, { success: true, entry: { date: day, content: 'Morning notes', revision: 4 } }]);
    expect((await points(c, `/journal/${day}`)).map(([r]) => r)).toEqual([4, 3, 1]);
    const stale = await c.post(`/journal/${day}/save`, { content: 'old tab', revision: 3 });
    expect(stale.status).toBe(409);
  });

  test('a day without an entry has no history (404)', async () => {
    const c = h.user();
    expect((await c.get(`/journal/2026-03-05/revisions`)).body).toEqual(refused(M.entryNotFound));
    expect((await c.get(`/journal/2026-03-05/revisions/1`)).status).toBe(404);
    expect((await c.post(`/journal/2026-03-05/restore`, { revision: 1 })).status).toBe(404);
  });

  test('an AI update of a day keeps the text it replaces', async () => {
    const c = h.user();
    await c.post(`/journal/${day}/save`, { content: 'one' });
    await c.post(`/journal/${day}/save`, { content: 'two' });
    await c.post(`/journal/${day}/save`, { content: 'three', ai_update: true });
    // 'one' was kept by the first change (the day had no point yet), 'two' by the AI update.
    expect((await points(c, `/journal/${day}`)).map(([r]) => r)).toEqual([3, 2, 1]);
  });
});

describe('isolation and input', () => {
  test('another user’s file and journal day answer 404 on all six calls', async () => {
    const owner = h.user();
    const other = h.user();
    const id = await newDoc(owner, 'private v1');
    await save(owner, id, 'private v2');
    await owner.post('/journal/2026-04-01/save', { content: 'private day' });
    await owner.post('/journal/2026-04-01/save', { content: 'private day, edited' });
    const fileMiss = refused(FILES_MESSAGES.fileNotFound);
    for (const [res, body] of [
      [await other.get(`/files/${id}/revisions`), fileMiss],
      [await other.get(`/files/${id}/revisions/1`), fileMiss],
      [await other.post(`/files/${id}/restore`, { revision: 1 }), fileMiss],
      [await other.get('/journal/2026-04-01/revisions'), refused(M.entryNotFound)],
      [await other.get('/journal/2026-04-01/revisions/1'), refused(M.entryNotFound)],
      [await other.post('/journal/2026-04-01/restore', { revision: 1 }), refused(M.entryNotFound)],
    ] as const)
      expect([res.status, res.body]).toEqual([404, body]);
    expect((await owner.get(`/files/${id}`)).body.file).toMatchObject({ content: 'private v2', revision: 2 });
    expect((await owner.get('/journal/2026-04-01')).body.entry).toMatchObject({ content: 'private day, edited', revision: 2 });
    // A file id that is no file at all is the same 404.
    for (const bad of ['abc', '0', String(PG_INT_MAX + 1)]) expect((await other.get(`/files/${bad}/revisions`)).status).toBe(404);
  });

  test('revision must be a positive whole number up to 2147483647 (422 with errors)', async () => {
    const c = h.user();
    const id = await newDoc(c, 'text');
    await c.post('/journal/2026-04-02/save', { content: 'day' });
    const invalid = refused(M.revisionInvalid);
    for (const bad of ['0', '-1', '1.5', 'abc', String(PG_INT_MAX + 1), '99999999999']) {
      for (const path of [`/files/${id}/revisions/${bad}`, `/journal/2026-04-02/revisions/${bad}`]) {
        const res = await c.get(path);
        expect([path, res.status, res.body]).toEqual([path, 422, invalid]);
      }
    }
    for (const bad of [0, -1, 1.5, 'abc', PG_INT_MAX + 1, null, undefined, true]) {
      for (const path of [`/files/${id}/restore`, '/journal/2026-04-02/restore']) {
        const res = await c.post(path, { revision: bad });
        expect([path, bad, res.status, res.body]).toEqual([path, bad, 422, invalid]);
      }
    }
    const baddate = await c.get('/journal/2026-02-30/revisions');
    expect(baddate.status).toBe(422);
  });

  test('pages of a long history: limit and cursor, newest first', async () => {
    const c = h.user();
    const id = await newDoc(c, 'v1');
    for (let i = 2; i <= 5; i++) await save(c, id, `v${i}`, { ai_update: true });
    const first = await c.get(`/files/${id}/revisions?limit=2`);
    expect(first.body.revisions.map((p: { revision: number }) => p.revision)).toEqual([5, 4]);
    const second = await c.get(`/files/${id}/revisions?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.revisions.map((p: { revision: number }) => p.revision)).toEqual([3, 2]);
    const third = await c.get(`/files/${id}/revisions?limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body).toEqual({
      success: true,
      revisions: [{ revision: 1, saved_at: expect.any(String), characters: 2 }],
      next_cursor: null,
    });
    expect((await c.get(`/files/${id}/revisions?cursor=bad!`)).status).toBe(422);
  });

  test('deleteRevisionsOf removes the kept points of one object only', async () => {
    const c = h.user();
    const a = await newDoc(c, 'a1');
    const b = await newDoc(c, 'b1');
    await save(c, a, 'a2');
    await save(c, b, 'b2');
    expect(await deleteRevisionsOf(h.database.db, c.id, { fileId: a })).toBe(1);
    expect((await points(c, `/files/${a}`)).map(([r]) => r)).toEqual([2]);
    expect((await points(c, `/files/${b}`)).map(([r]) => r)).toEqual([2, 1]);
  });
});

test('a journal day written again after its entry row went away goes on from its kept history', async () => {
  const c = h.user();
  const day = '2026-05-06';
  await c.post(`/journal/${day}/save`, { content: 'first' });
  await c.post(`/journal/${day}/save`, { content: 'second' });
  // As the trash does when a day is deleted: the entry row goes, its history stays.
  await h.database.db(T.journal_entries).where({ user_id: c.id }).whereRaw('date = ?::date', [day]).delete();
  const again = await c.post(`/journal/${day}/save`, { content: 'written again' });
  expect(again.body.entry).toEqual({ date: day, content: 'written again', revision: 2 });
  expect((await points(c, `/journal/${day}`)).map(([r]) => r)).toEqual([2, 1]);
  expect(await textOf(c, `/journal/${day}`, 1)).toBe('first');
});

test('concurrent AI updates of one file each keep the text they replaced, under its own revision', async () => {
  const c = h.user();
  const id = await newDoc(c, 'v0');
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => c.patch(`/files/${id}`, { file: { content: `parallel ${i}` }, ai_update: true })),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  const kept = await points(c, `/files/${id}`);
  // The current text (revision 9) and the eight texts it went through, each once.
  expect(kept.map(([r]) => r)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  const texts = await Promise.all(kept.slice(1).map(([r]) => textOf(c, `/files/${id}`, r!)));
  expect(new Set(texts).size).toBe(8);
  expect(texts).toContain('v0');
});
