import { describe, expect, test } from '@jest/globals';
import { TRASH_MESSAGES, FILES_MESSAGES } from '@cc/contracts';
import { purgeTrash } from '@cc/service-kit';
import { refused, startedForTests, TestClient, type SignedClient } from '@cc/service-kit/testing';
import { enc, newFile, startFiles } from './test-support';
import { purgeHistory } from './trash';

const h = startedForTests(startFiles);

const DAY_MS = 24 * 60 * 60 * 1000;

interface Item {
  kind: string;
  id: number;
  object_id: string;
  title: string;
  detail?: string;
  deleted_at: string;
  purge_at: string;
  url: string;
}

const trash = async (c: SignedClient): Promise<Item[]> => {
  const res = await c.get('/files/trash');
  expect(res.status).toBe(200);
  return res.body.items as Item[];
};
const restore = (c: SignedClient, item: Pick<Item, 'kind' | 'id'>) => c.post('/files/trash/restore', { kind: item.kind, id: item.id });
const folderFiles = async (c: SignedClient, folder: string) =>
  ((await c.get(`/files?folder=${enc(folder)}`)).body.files as { name: string }[] | undefined)?.map((f) => f.name) ?? [];

describe('files to the trash and back', () => {
  test('a deleted file answers as documented, is listed, and comes back with its text and id', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'plan', folder: 'Career goals', content: 'Ship the migration.' });
    await c.patch(`/files/${id}/summary`, { summary: 'A plan' });
    const before = (await c.get(`/files/${id}`)).body;

    const del = await c.delete(`/files/${id}`);
    expect([del.status, del.body]).toEqual([200, { success: true, errors: [] }]);
    expect((await c.get(`/files/${id}`)).status).toBe(404);
    expect((await c.delete(`/files/${id}`)).body).toEqual(refused(FILES_MESSAGES.fileNotFound));

    const [item, ...rest] = await trash(c);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      kind: 'file',
      object_id: String(id),
      title: 'Career goals / plan.md',
      url: '/dashboard?folder=Career+goals&file=plan.md',
    });
    expect(Date.now() - Date.parse(item!.deleted_at)).toBeLessThan(60_000);
    expect(Date.parse(item!.purge_at) - Date.parse(item!.deleted_at)).toBe(30 * DAY_MS);

    const back = await restore(c, item!);
    expect([back.status, back.body]).toEqual([
      200,
      { success: true, restored: { kind: 'file', id: String(id), title: 'Career goals / plan.md', url: item!.url } },
    ]);
    expect((await c.get(`/files/${id}`)).body).toEqual(before);
    expect(await trash(c)).toEqual([]);
    // Restored once: a second restore finds nothing.
    expect((await restore(c, item!)).body).toEqual(refused(TRASH_MESSAGES.notFound));
  });

  test('a folder goes with its files as one entry and comes back whole; a name taken meanwhile gets " (restored)"', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'Work', description: 'My work' });
    const a = await newFile(c, { name: 'a', folder: 'Work', content: 'alpha' });
    const b = await newFile(c, { name: 'b', folder: 'Work', content: 'beta' });
    const del = await c.delete('/folders/Work');
    expect(del.body).toEqual({ success: true, errors: [], deleted_files: 2 });
    expect((await c.get('/folders')).body.folders).toEqual([]);
    const [item] = await trash(c);
    expect(item).toMatchObject({ kind: 'folder', title: 'Work', detail: 'with 2 files', url: '/dashboard?folder=Work' });

    await c.post('/folders', { name: 'work' });
    const back = await restore(c, item!);
    expect(back.body.restored).toEqual({
      kind: 'folder',
      id: item!.object_id,
      title: 'Work (restored)',
      url: '/dashboard?folder=Work+%28restored%29',
    });
    expect((await c.get('/folders')).body.folders).toEqual([
      { name: 'Work (restored)', description: 'My work', position: 0 },
      { name: 'work', description: '', position: 0 },
    ]);
    expect(await folderFiles(c, 'Work (restored)')).toEqual(['a.md', 'b.md']);
    expect((await c.get(`/files/${a}`)).body.file).toMatchObject({ folder: 'Work (restored)', content: 'alpha' });
    expect((await c.get(`/files/${b}`)).body.file).toMatchObject({ content: 'beta' });
  });

  test('a file whose name was taken meanwhile gets " (restored)" before .md; one whose folder went is put in it again', async () => {
    const c = h.user();
    const first = await newFile(c, { name: 'notes', folder: 'Ideas', content: 'one' });
    await c.delete(`/files/${first}`);
    await newFile(c, { name: 'Notes', folder: 'Ideas', content: 'two' });
    const [item] = await trash(c);
    expect((await restore(c, item!)).body.restored.title).toBe('Ideas / notes (restored).md');
    // Where it was: first in the folder, as before.
    expect(await folderFiles(c, 'Ideas')).toEqual(['notes (restored).md', 'Notes.md']);

    // The file, then its folder: the file brings its folder back (by name), the folder comes back beside it.
    const lone = await newFile(c, { name: 'lone', folder: 'Gone', content: 'still here' });
    await c.delete(`/files/${lone}`);
    await c.delete('/folders/Gone');
    const items = await trash(c);
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ['folder', 'Gone'],
      ['file', 'Gone / lone.md'],
    ]);
    expect((await restore(c, items[1]!)).body.restored.url).toBe('/dashboard?folder=Gone&file=lone.md');
    expect((await c.get(`/files/${lone}`)).body.file).toMatchObject({ folder: 'Gone', content: 'still here' });
    expect((await restore(c, items[0]!)).body.restored.title).toBe('Gone (restored)');
  });

  test('a journal day goes to the trash and back; written again meanwhile, both texts are kept', async () => {
    const c = h.user();
    await c.post('/journal/2026-11-20/save', { content: 'Met Ada about the migration.' });
    const del = await c.delete('/journal/2026-11-20');
    expect([del.status, del.body]).toEqual([200, { success: true, errors: [] }]);
    expect((await c.get('/journal/2026-11-20')).body.entry).toEqual({ date: '2026-11-20', content: '', revision: 0 });
    expect((await c.delete('/journal/2026-11-20')).body).toEqual(refused(FILES_MESSAGES.journalNotFound));
    expect((await c.delete('/journal/2026-11-21')).status).toBe(404);
    expect((await c.delete('/journal/2026-02-30')).status).toBe(422);

    const [item] = await trash(c);
    expect(item).toMatchObject({ kind: 'journal', object_id: '2026-11-20', title: '2026-11-20', url: '/journal/2026-11-20' });
    expect((await restore(c, item!)).body.restored).toEqual({
      kind: 'journal',
      id: '2026-11-20',
      title: '2026-11-20',
      url: '/journal/2026-11-20',
    });
    expect((await c.get('/journal/2026-11-20')).body.entry.content).toBe('Met Ada about the migration.');

    await c.delete('/journal/2026-11-20');
    await c.post('/journal/2026-11-20/save', { content: 'A new note.' });
    const [again] = await trash(c);
    await restore(c, again!);
    expect((await c.get('/journal/2026-11-20')).body.entry.content).toBe('A new note.\n\nMet Ada about the migration.');
  });

  test('newest first; DELETE /files/trash empties it for good', async () => {
    const c = h.user();
    const one = await newFile(c, { name: 'one', folder: 'F', content: '1' });
    const two = await newFile(c, { name: 'two', folder: 'F', content: '2' });
    await c.delete(`/files/${one}`);
    await c.delete(`/files/${two}`);
    expect((await trash(c)).map((i) => i.object_id)).toEqual([String(two), String(one)]);
    const emptied = await c.delete('/files/trash');
    expect(emptied.body).toEqual({ success: true, deleted: 2 });
    expect(await trash(c)).toEqual([]);
    expect((await c.delete('/files/trash')).body).toEqual({ success: true, deleted: 0 });
  });

  test('the purge deletes what is older than 30 days, with the history of its files', async () => {
    const c = h.user();
    const old = await newFile(c, { name: 'old', folder: 'P', content: 'v1' });
    const recent = await newFile(c, { name: 'recent', folder: 'P', content: 'r' });
    const db = h.database.db;
    await db('files.text_revisions').insert([
      { user_id: c.id, file_id: old, revision: 1, content: 'v0', characters: 2, saved_at: new Date() },
      { user_id: c.id, file_id: recent, revision: 1, content: 'r0', characters: 2, saved_at: new Date() },
    ]);
    await c.delete(`/files/${old}`);
    await c.delete(`/files/${recent}`);
    // Deleted 31 days ago, and one deleted 29 days ago: only the first goes.
    await db('files.trash')
      .where({ user_id: c.id, object_id: String(old) })
      .update({ deleted_at: new Date(Date.now() - 31 * DAY_MS) });
    await db('files.trash')
      .where({ user_id: c.id, object_id: String(recent) })
      .update({ deleted_at: new Date(Date.now() - 29 * DAY_MS) });

    const purged = await purgeTrash(db, 'files', new Date(), purgeHistory);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await trash(c)).map((i) => i.object_id)).toEqual([String(recent)]);
    expect((await db('files.text_revisions').where({ user_id: c.id }).select('file_id')).map((r) => r.file_id)).toEqual([recent]);
    // Two days later, the other one goes too.
    await purgeTrash(db, 'files', new Date(Date.now() + 2 * DAY_MS), purgeHistory);
    expect(await trash(c)).toEqual([]);
  });

  test("emptying the trash deletes a folder's files' history, and a journal day's unless the day was written again", async () => {
    const c = h.user();
    const db = h.database.db;
    const a = await newFile(c, { name: 'a', folder: 'Old work', content: 'a' });
    const b = await newFile(c, { name: 'b', folder: 'Old work', content: 'b' });
    const kept = await newFile(c, { name: 'kept', folder: 'Live', content: 'k' });
    const point = (fields: Record<string, unknown>) => ({
      user_id: c.id,
      revision: 1,
      content: 'old',
      characters: 3,
      saved_at: new Date(),
      ...fields,
    });
    await db('files.text_revisions').insert([
      point({ file_id: a }),
      point({ file_id: b }),
      point({ file_id: kept }),
      point({ day: '2026-11-01' }),
      point({ day: '2026-11-02' }),
    ]);
    await c.post('/journal/2026-11-01/save', { content: 'gone' });
    await c.post('/journal/2026-11-02/save', { content: 'deleted, then written again' });
    await c.delete('/folders/Old%20work');
    await c.delete('/journal/2026-11-01');
    await c.delete('/journal/2026-11-02');
    await c.post('/journal/2026-11-02/save', { content: 'written again' });

    expect((await c.delete('/files/trash')).body).toEqual({ success: true, deleted: 3 });
    const left = await db('files.text_revisions').where({ user_id: c.id }).select('file_id', db.raw(`to_char(day, 'YYYY-MM-DD') as day`));
    expect(left).toEqual(
      expect.arrayContaining([
        { file_id: kept, day: null },
        { file_id: null, day: '2026-11-02' },
      ]),
    );
    expect(left).toHaveLength(2);
  });

  test("another user's trash is never listed and their entries answer 404", async () => {
    const a = h.user();
    const b = h.user();
    const id = await newFile(a, { name: 'secret', folder: 'Mine', content: 'private' });
    await a.delete(`/files/${id}`);
    const [item] = await trash(a);
    expect(await trash(b)).toEqual([]);
    expect((await restore(b, item!)).body).toEqual(refused(TRASH_MESSAGES.notFound));
    expect((await restore(b, item!)).status).toBe(404);
    expect((await b.delete('/files/trash')).body).toEqual({ success: true, deleted: 0 });
    expect(await trash(a)).toHaveLength(1);
    // Same entry, wrong kind: not found either.
    expect((await restore(a, { kind: 'journal', id: item!.id })).status).toBe(404);
  });

  test('bad input is refused; the session and the CSRF token are needed', async () => {
    const c = h.user();
    expect((await c.post('/files/trash/restore', { kind: 'song', id: 1 })).body).toEqual(refused(TRASH_MESSAGES.kind));
    for (const id of [0, -1, 1.5, 'x', 2 ** 31, null]) {
      const res = await c.post('/files/trash/restore', { kind: 'file', id });
      expect([res.status, res.body]).toEqual([422, refused(TRASH_MESSAGES.id)]);
    }
    expect((await c.post('/files/trash/restore', { kind: 'person', id: 1 })).status).toBe(404);
    expect((await new TestClient(h.svc.url).get('/files/trash')).status).toBe(401);
    expect((await c.delete('/files/trash', { csrf: false })).status).toBe(403);
  });
});
