import { describe, expect, test } from '@jest/globals';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { enc, startFiles } from './test-support';

const h = startedForTests(startFiles);

const names = async (c: TestClient) => ((await c.get('/folders')).body.folders as { name: string }[]).map((f) => f.name);

describe('GET and POST /folders', () => {
  test('a new user has no folders; created folders come back in order with description and position', async () => {
    const c = h.user();
    expect((await c.get('/folders')).body).toEqual({ success: true, folders: [] });
    const created = await c.post('/folders', { name: '  work-profile  ', description: ' Who I am at work ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      errors: [],
      folder: { name: 'work-profile', description: 'Who I am at work', position: 0 },
    });
    await c.post('/folders', { name: 'career goals' });
    await c.post('/folders', { name: 'Ideas ✨', description: null });
    expect((await c.get('/folders')).body).toEqual({
      success: true,
      folders: [
        { name: 'work-profile', description: 'Who I am at work', position: 0 },
        { name: 'career goals', description: '', position: 1 },
        { name: 'Ideas ✨', description: '', position: 2 },
      ],
    });
  });

  test('a name the user already has (any case) is refused with "Folder already exists."', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'career-goals' });
    for (const name of ['career-goals', ' Career-Goals ']) {
      const res = await c.post('/folders', { name, description: 'again' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, errors: ['Folder already exists.'] });
    }
    expect(await names(c)).toEqual(['career-goals']);
  });

  test('the name is required, has at most 100 characters and no slashes', async () => {
    const c = h.user();
    const cases: [unknown, string][] = [
      [{}, 'Please enter a folder name.'],
      [{ name: '   ' }, 'Please enter a folder name.'],
      [{ name: 42 }, 'Please enter a folder name.'],
      [{ name: 'x'.repeat(101) }, 'Folder names can be at most 100 characters.'],
      [{ name: 'a/b' }, 'Folder names cannot contain "/" or "\\".'],
      [{ name: 'ok', description: 'd'.repeat(2001) }, 'Descriptions can be at most 2000 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await c.post('/folders', body);
      expect([res.status, res.body]).toEqual([422, { success: false, errors: [message] }]);
    }
    expect(await names(c)).toEqual([]);
  });

  test('signed out: 401; a write without the CSRF token: 403', async () => {
    expect((await new TestClient(h.svc.url).get('/folders')).status).toBe(401);
    const c = h.user();
    const res = await c.post('/folders', { name: 'x' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await names(c)).toEqual([]);
  });
});

describe('PATCH /folders/{folderName}', () => {
  test('renames and describes a folder addressed by its URL-encoded name', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'my old folder', description: 'before' });
    const res = await c.patch(`/folders/${enc('my old folder')}`, {
      name: 'my old folder',
      new_name: ' Projects & ideas ✨ ',
      description: 'after',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: [], folder: { name: 'Projects & ideas ✨', description: 'after', position: 0 } });
    const described = await c.patch(`/folders/${enc('Projects & ideas ✨')}`, { description: '' });
    expect(described.body.folder).toEqual({ name: 'Projects & ideas ✨', description: '', position: 0 });
    // new_name equal to the current name and no description: nothing changes, still success.
    expect((await c.patch(`/folders/${enc('projects & IDEAS ✨')}`, { new_name: 'Projects & ideas ✨' })).body.success).toBe(true);
    expect((await c.get('/folders')).body.folders).toEqual([{ name: 'Projects & ideas ✨', description: '', position: 0 }]);
  });

  test('a rename onto another folder of the user is refused; an unknown folder is 404; a blank new name is 422', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'one' });
    await c.post('/folders', { name: 'two' });
    const taken = await c.patch('/folders/one', { new_name: 'TWO' });
    expect([taken.status, taken.body]).toEqual([422, { success: false, errors: ['Folder already exists.'] }]);
    const missing = await c.patch('/folders/three', { new_name: 'four' });
    expect([missing.status, missing.body]).toEqual([404, { success: false, errors: ['Folder not found.'] }]);
    const blank = await c.patch('/folders/one', { new_name: '  ' });
    expect([blank.status, blank.body]).toEqual([422, { success: false, errors: ['Please enter a folder name.'] }]);
    expect(await names(c)).toEqual(['one', 'two']);
  });

  test('a folder named "reorder" can be renamed too (the body tells it from a reorder)', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'reorder' });
    const res = await c.patch('/folders/reorder', { name: 'reorder', new_name: 'reordering', description: 'd' });
    expect(res.body).toEqual({ success: true, errors: [], folder: { name: 'reordering', description: 'd', position: 0 } });
  });

  test("another user's folder is 404 and stays as it was", async () => {
    const a = h.user();
    const b = h.user();
    await a.post('/folders', { name: 'private', description: 'mine' });
    expect((await b.patch('/folders/private', { new_name: 'stolen', description: 'x' })).status).toBe(404);
    expect((await a.get('/folders')).body.folders).toEqual([{ name: 'private', description: 'mine', position: 0 }]);
  });
});

describe('DELETE /folders/{folderName}', () => {
  test('deletes the folder and every file in it', async () => {
    const c = h.user();
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await c.post('/files', { file: { folder: 'old stuff', name } })).body.file.id);
    const kept = (await c.post('/files', { file: { folder: 'keep', name: 'k' } })).body.file.id;
    const res = await c.delete(`/folders/${enc('old stuff')}`);
    expect(res.body).toEqual({ success: true, errors: [], deleted_files: 3 });
    for (const id of ids) expect((await c.get(`/files/${id}`)).status).toBe(404);
    expect((await c.get(`/files/${kept}`)).status).toBe(200);
    expect((await c.get('/files')).body).toEqual({ keep: [{ id: kept, name: 'k.md', description: '' }] });
    expect((await c.delete(`/folders/${enc('old stuff')}`)).status).toBe(404);
  });

  test('is one transaction: when deleting the folder fails, its files are still there', async () => {
    const c = h.user();
    const id = (await c.post('/files', { file: { folder: 'locked', name: 'precious' } })).body.file.id;
    const db = h.database.db;
    await db.raw(`create or replace function files.refuse_locked() returns trigger language plpgsql as $$
      begin if old.name = 'locked' then raise exception 'refused'; end if; return old; end $$`);
    await db.raw('create trigger refuse_locked before delete on files.folders for each row execute function files.refuse_locked()');
    try {
      const res = await c.delete('/folders/locked');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, errors: ['Something went wrong on our side. Please try again.'] });
    } finally {
      await db.raw('drop trigger refuse_locked on files.folders');
    }
    expect((await c.get(`/files/${id}`)).body.file.name).toBe('precious.md');
    expect((await c.delete('/folders/locked')).body.deleted_files).toBe(1);
  });

  test("another user's folder is 404 and keeps its files", async () => {
    const a = h.user();
    const b = h.user();
    const id = (await a.post('/files', { file: { folder: 'mine', name: 'x' } })).body.file.id;
    expect((await b.delete('/folders/mine')).body).toEqual({ success: false, errors: ['Folder not found.'] });
    expect((await a.get(`/files/${id}`)).status).toBe(200);
  });
});

describe('PATCH /folders/reorder', () => {
  test('puts the folders in the given order; unknown names are ignored and listed, the rest follow', async () => {
    const c = h.user();
    for (const name of ['a', 'b', 'c', 'd']) await c.post('/folders', { name });
    const res = await c.patch('/folders/reorder', { order: ['c', 'nope', 'A', 'c'] });
    expect(res.body).toEqual({ success: true, ignored: ['nope'] });
    expect((await c.get('/folders')).body.folders).toEqual([
      { name: 'c', description: '', position: 0 },
      { name: 'a', description: '', position: 1 },
      { name: 'b', description: '', position: 2 },
      { name: 'd', description: '', position: 3 },
    ]);
    expect(Object.keys((await c.get('/files')).body)).toEqual(['c', 'a', 'b', 'd']);
    // A folder created afterwards goes to the end.
    await c.post('/folders', { name: 'e' });
    expect(await names(c)).toEqual(['c', 'a', 'b', 'd', 'e']);
  });

  test('needs a list of names; cannot touch another user', async () => {
    const a = h.user();
    const b = h.user();
    await a.post('/folders', { name: 'x' });
    await a.post('/folders', { name: 'y' });
    for (const body of [{}, { order: 'x,y' }, { order: [1, 2] }]) {
      const res = await a.patch('/folders/reorder', body);
      expect([res.status, res.body]).toEqual([422, { success: false, errors: ['order must be a list of folder names.'] }]);
    }
    expect((await b.patch('/folders/reorder', { order: ['y', 'x'] })).body).toEqual({ success: true, ignored: ['y', 'x'] });
    expect(await names(a)).toEqual(['x', 'y']);
  });
});
