import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import { FILE_NAME_MAX } from '@cc/contracts';
import { startedForTests, type SignedClient } from '@cc/service-kit/testing';
import { startFiles } from './test-support';

const h = startedForTests(startFiles);

const folder = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  table: 'folders',
  row: {
    id,
    name,
    description: `About ${name}`,
    position: id,
    created_at: '2024-01-02T03:04:05.000Z',
    updated_at: '2024-01-03T00:00:00Z',
    ...extra,
  },
});
const file = (id: number, folderId: number, name: string, content = `# ${name}`) => ({
  table: 'files',
  row: {
    id,
    folder_id: folderId,
    name,
    description: '',
    content,
    summary: 'S',
    goals: 'G',
    position: 0,
    is_generated: false,
    created_at: '2024-02-01T00:00:00Z',
  },
});
const day = (date: string, content: string) => ({ table: 'journal_entries', row: { date, content, created_at: '2024-03-01T00:00:00Z' } });

async function tree(c: SignedClient) {
  const db = h.database.db;
  const folders = (await db('files.folders').where({ user_id: c.id }).orderBy('id').select('id', 'name')) as { id: number; name: string }[];
  const files = (await db('files.files').where({ user_id: c.id }).orderBy('id').select('name', 'folder_id', 'content')) as {
    name: string;
    folder_id: number;
    content: string;
  }[];
  const names = new Map(folders.map((f) => [f.id, f.name]));
  return {
    folders: folders.map((f) => f.name),
    files: files.map((f) => `${names.get(f.folder_id)}/${f.name}: ${f.content}`),
  };
}
const journal = async (c: SignedClient, date: string) => (await c.get(`/journal/${date}`)).body.entry.content as string;
const ledger = async (importId: string) =>
  Number((await h.database.db('files.import_ledger').where({ import_id: importId }).count('* as n'))[0]!.n);

describe('POST /files/import', () => {
  test('makes the rows for the caller with new ids, a file of a later batch finding its folder of an earlier one, timestamps kept', async () => {
    const c = h.user();
    const id = randomUUID();
    const first = await c.post('/files/import', { import_id: id, records: [folder(7, 'projects'), folder(8, 'empty')] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, created: { folders: 2 }, skipped: [] });
    const folderIds = first.body.ids.folders as Record<string, number>;
    expect(Object.keys(folderIds).sort()).toEqual(['7', '8']);

    const second = await c.post('/files/import', {
      import_id: id,
      records: [
        file(30, 7, 'billing.md', 'The migration.'),
        day('2026-11-03', 'A day.'),
        { table: 'rejections', row: { kind: 'file', folder: 'projects', name: 'x.md', key: 'x' } },
      ],
    });
    expect(second.body.errors).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.body.created).toEqual({ files: 1, journal_entries: 1, rejections: 1 });
    const fileId = second.body.ids.files['30'] as number;
    const stored = await h.database.db('files.files').where({ id: fileId }).first('folder_id', 'user_id', 'created_at', 'summary');
    expect(stored).toMatchObject({ folder_id: folderIds['7'], user_id: c.id, summary: 'S' });
    expect(new Date(stored.created_at).toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(await tree(c)).toEqual({ folders: ['projects', 'empty'], files: ['projects/billing.md: The migration.'] });
    expect(await journal(c, '2026-11-03')).toBe('A day.');
    // The app reads what was imported like anything else.
    expect((await c.get(`/files/${fileId}`)).body.file).toMatchObject({ name: 'billing.md', content: 'The migration.' });
  });

  test('a file whose folder is not in the import is skipped with the reason', async () => {
    const c = h.user();
    const res = await c.post('/files/import', { import_id: randomUUID(), records: [file(1, 99, 'lost.md')] });
    expect(res.body).toEqual({
      success: true,
      created: {},
      ids: {},
      skipped: [{ table: 'files', reason: 'What it belongs to (folder) is not in the import' }],
    });
  });

  test('names the account uses get " (2)", " (3)" (any case); a journal day with text gets the imported text after a blank line', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'Projects' });
    await c.post('/folders', { name: 'projects (2)' });
    await c.post('/journal/2026-11-03/save', { content: 'Mine.', revision: 0 });
    const res = await c.post('/files/import', {
      import_id: randomUUID(),
      records: [
        folder(1, 'projects'),
        file(2, 1, 'notes.md', 'one'),
        file(3, 1, 'Notes.md', 'two'),
        day('2026-11-03', 'Imported.'),
        day('2026-11-04', 'New.'),
      ],
    });
    expect(res.status).toBe(200);
    expect(await tree(c)).toEqual({
      folders: ['Projects', 'projects (2)', 'projects (3)'],
      files: ['projects (3)/notes.md: one', 'projects (3)/Notes (2).md: two'],
    });
    expect(await journal(c, '2026-11-03')).toBe('Mine.\n\nImported.');
    expect(await journal(c, '2026-11-04')).toBe('New.');
  });

  test('a batch past the usual 2 MB body is taken (up to the import limit)', async () => {
    const c = h.user();
    const big = 'x'.repeat(1_900_000);
    const res = await c.post('/files/import', {
      import_id: randomUUID(),
      records: [folder(1, 'big'), file(2, 1, 'a.md', big), file(3, 1, 'b.md', big)],
    });
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual({ folders: 1, files: 2 });
    // Other routes keep the service's limit, and the import route has its own.
    expect((await c.post('/folders', { name: 'x', description: big + big })).status).toBe(413);
    const tooBig = Array.from({ length: 9 }, (_, i) => file(10 + i, 1, `${i}.md`, big));
    const refused = await c.post('/files/import', { import_id: randomUUID(), records: tooBig });
    expect(refused.status).toBe(413);
    expect(refused.body.success).toBe(false);
  });
});

describe('a bad batch', () => {
  test('a bad row or an unknown table is a 422 naming the record, table and field, and nothing of the batch is written', async () => {
    const c = h.user();
    const id = randomUUID();
    const res = await c.post('/files/import', {
      import_id: id,
      records: [
        folder(1, 'fine'),
        file(2, 1, 'n'.repeat(FILE_NAME_MAX + 1)),
        { table: 'files', row: { id: 3, folder_id: 1, name: 'a.md', content: 5 } },
        { table: 'secrets', row: {} },
        folder(5, 'a/b'),
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual([
      expect.stringMatching(/^Record 2 \(files\): name: /),
      expect.stringMatching(/^Record 3 \(files\): content: /),
      'Record 4: this part of the workspace has no table "secrets"',
      'Record 5 (folders): name: Folder names cannot contain "/" or "\\".',
    ]);
    expect(await tree(c)).toEqual({ folders: [], files: [] });
    expect(await ledger(id)).toBe(0);
  });

  test('a bad import_id or too many records is a 422', async () => {
    const c = h.user();
    expect((await c.post('/files/import', { import_id: 'nope', records: [folder(1, 'a')] })).status).toBe(422);
    const many = Array.from({ length: 501 }, (_, i) => folder(i + 1, `f${i}`));
    expect((await c.post('/files/import', { import_id: randomUUID(), records: many })).status).toBe(422);
    expect(await tree(c)).toEqual({ folders: [], files: [] });
  });
});

describe('undo and commit', () => {
  async function imported(c: SignedClient) {
    await c.post('/folders', { name: 'mine' });
    await c.post('/journal/2026-11-03/save', { content: 'Mine.', revision: 0 });
    const id = randomUUID();
    await c.post('/files/import', { import_id: id, records: [folder(1, 'projects'), folder(2, 'mine')] });
    await c.post('/files/import', {
      import_id: id,
      records: [file(3, 1, 'a.md'), file(4, 2, 'b.md'), day('2026-11-03', 'Imported.'), day('2026-11-05', 'Other.')],
    });
    expect(await tree(c)).toEqual({ folders: ['mine', 'projects', 'mine (2)'], files: ['projects/a.md: # a.md', 'mine (2)/b.md: # b.md'] });
    return id;
  }

  test('DELETE removes exactly what the import made and puts merged texts back; again, or unknown, is fine', async () => {
    const c = h.user();
    const id = await imported(c);
    const revision = async () =>
      (
        (await h.database.db('files.journal_entries').where({ user_id: c.id, date: '2026-11-03' }).first('revision')) as {
          revision: number;
        }
      ).revision;
    const appended = await revision();
    expect((await c.delete(`/files/import/${id}`)).body).toEqual({ success: true });
    expect(await tree(c)).toEqual({ folders: ['mine'], files: [] });
    expect(await journal(c, '2026-11-03')).toBe('Mine.');
    // A save from an editor that still shows the appended text is refused as stale.
    expect(await revision()).toBeGreaterThan(appended);
    expect((await c.get('/journal')).body.entries).toEqual([{ date: '2026-11-03' }]);
    expect(await ledger(id)).toBe(0);
    expect((await c.delete(`/files/import/${id}`)).body).toEqual({ success: true });
    expect((await c.delete(`/files/import/${randomUUID()}`)).body).toEqual({ success: true });
    expect((await c.delete('/files/import/not-a-uuid')).status).toBe(422);
  });

  test('commit forgets the ledger and keeps what was made; an undo after it changes nothing', async () => {
    const c = h.user();
    const id = await imported(c);
    expect((await c.post(`/files/import/${id}/commit`)).body).toEqual({ success: true });
    expect(await ledger(id)).toBe(0);
    await c.delete(`/files/import/${id}`);
    expect((await tree(c)).folders).toEqual(['mine', 'projects', 'mine (2)']);
    expect(await journal(c, '2026-11-03')).toBe('Mine.\n\nImported.');
  });

  test("another user's import id touches nothing of theirs", async () => {
    const ada = h.user();
    const grace = h.user();
    const id = await imported(ada);
    expect((await grace.delete(`/files/import/${id}`)).body).toEqual({ success: true });
    expect((await grace.post(`/files/import/${id}/commit`)).body).toEqual({ success: true });
    expect((await tree(ada)).folders).toEqual(['mine', 'projects', 'mine (2)']);
    expect(await ledger(id)).toBeGreaterThan(0);
    // Grace importing under Ada's id makes her own rows, and Ada's undo leaves them alone.
    await grace.post('/files/import', { import_id: id, records: [folder(1, 'grace')] });
    await ada.delete(`/files/import/${id}`);
    expect(await tree(ada)).toEqual({ folders: ['mine'], files: [] });
    expect((await tree(grace)).folders).toEqual(['grace']);
  });

  test('signed out: 401; without the CSRF token: 403', async () => {
    const c = h.user();
    expect((await c.post('/files/import', { import_id: randomUUID(), records: [folder(1, 'a')] }, { csrf: false })).status).toBe(403);
    c.cookie = undefined;
    expect((await c.delete(`/files/import/${randomUUID()}`)).status).toBe(401);
  });
});
