import { describe, expect, test } from '@jest/globals';
import { folderGuide } from '@cc/ai';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { newFile, startFiles } from './test-support';

const h = startedForTests(startFiles);

describe('POST /files', () => {
  test('creates the file at the end of its folder and answers its id', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'notes' });
    const res = await c.post('/files', { file: { name: 'first', content: '# First', folder: 'notes', description: ' about it ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      errors: [],
      file: { id: expect.any(Number), name: 'first.md', folder: 'notes', description: 'about it', position: 0, revision: 1 },
      folder_created: false,
    });
    const second = await c.post('/files', { file: { name: 'second', folder: 'Notes' } });
    expect(second.body.file).toMatchObject({ name: 'second.md', folder: 'notes', position: 1 });
  });

  test('names are trimmed, underscores become spaces and .md is appended when missing', async () => {
    const c = h.user();
    const cases: [string, string][] = [
      ['  my_great_notes  ', 'my great notes.md'],
      ['plan.md', 'plan.md'],
      ['Shout.MD', 'Shout.md'],
      ['what_went_well_2026-W03.md', 'what went well 2026-W03.md'],
      ['line\nbreak', 'line break.md'],
    ];
    for (const [given, stored] of cases) {
      const res = await c.post('/files', { file: { name: given, folder: 'names' } });
      expect(`${given} -> ${res.body.file?.name}`).toBe(`${given} -> ${stored}`);
    }
  });

  test('a missing folder is created (at the end; a career folder gets its catalogue description)', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'first' });
    const res = await c.post('/files', { file: { name: 'q1 check-in', folder: 'coaching', content: 'notes' } });
    expect(res.body).toMatchObject({ success: true, folder_created: true, file: { name: 'q1 check-in.md', folder: 'coaching' } });
    await c.post('/files', { file: { name: 'story', folder: 'interview-stories' } });
    expect((await c.get('/folders')).body.folders).toEqual([
      { name: 'first', description: '', position: 0 },
      { name: 'coaching', description: '', position: 1 },
      { name: 'interview-stories', description: folderGuide('interview-stories')!.description, position: 2 },
    ]);
  });

  test('validation: name and folder required, sizes, slashes; the messages come in the errors list', async () => {
    const c = h.user();
    const cases: [unknown, string[]][] = [
      [{}, ['Please enter a file name.', 'Please choose a folder.']],
      [{ file: { name: '   ', folder: 'x' } }, ['Please enter a file name.']],
      [{ file: { name: '.md', folder: 'x' } }, ['Please enter a file name.']],
      [{ file: { name: '___', folder: 'x' } }, ['Please enter a file name.']],
      [{ file: { name: 'ok', folder: '  ' } }, ['Please choose a folder.']],
      [{ file: { name: 'a/b', folder: 'x' } }, ['File names cannot contain "/" or "\\".']],
      [{ file: { name: 'n'.repeat(200), folder: 'x' } }, ['File names can be at most 200 characters.']],
      [{ file: { name: 'ok', folder: 'x', content: 5 } }, ['File content is required (text, may be empty).']],
      [{ file: 'ok.md' }, ['file must be an object, e.g. file{name, folder}.']],
    ];
    for (const [body, errors] of cases) {
      const res = await c.post('/files', body);
      expect([JSON.stringify(body), res.status, res.body]).toEqual([JSON.stringify(body), 422, { success: false, errors }]);
    }
    expect((await c.get('/files')).body).toEqual({});
  });

  test('a duplicate name in the same folder (any case, with or without .md) is refused; another folder is fine', async () => {
    const c = h.user();
    await newFile(c, { name: 'Plan', folder: 'goals' });
    for (const name of ['plan', 'PLAN.md', ' Plan ']) {
      const res = await c.post('/files', { file: { name, folder: 'goals' } });
      expect([res.status, res.body]).toEqual([422, { success: false, errors: ['A file with this name already exists in this folder.'] }]);
    }
    expect((await c.post('/files', { file: { name: 'plan', folder: 'other' } })).status).toBe(201);
  });
});

describe('GET /files', () => {
  test('an object keyed by folder name in folder order, files by position, empty folders with [], no content', async () => {
    const c = h.user();
    expect((await c.get('/files')).body).toEqual({});
    await c.post('/folders', { name: 'empty' });
    const a = await newFile(c, { name: 'a', folder: 'work', content: 'secret content', description: 'the a' });
    const b = await newFile(c, { name: 'b', folder: 'work' });
    const z = await newFile(c, { name: 'z', folder: 'zeta' });
    const res = await c.get('/files');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      empty: [],
      work: [
        { id: a, name: 'a.md', description: 'the a' },
        { id: b, name: 'b.md', description: '' },
      ],
      zeta: [{ id: z, name: 'z.md', description: '' }],
    });
    expect(Object.keys(res.body)).toEqual(['empty', 'work', 'zeta']);
    // Another user sees nothing of it.
    expect((await h.user().get('/files')).body).toEqual({});
  });

  test('names and descriptions with quotes, backslashes, control characters and any script come back intact', async () => {
    const c = h.user();
    const folder = 'Quotes "and" ünïcödé ✨ 日本';
    const description = 'line 1\nline 2\t"quoted" \\ back\u0001slash 😀';
    const id = await newFile(c, { name: 'say "hi" — ok', folder, description });
    expect((await c.get('/files')).body).toEqual({ [folder]: [{ id, name: 'say "hi" — ok.md', description }] });
  });
});

describe('GET, PUT and DELETE /files/{id}', () => {
  test('GET answers the whole file; another user, an unknown or a malformed id: 404', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'story', folder: 'interview-stories', content: '# Story', description: 'd' });
    const res = await c.get(`/files/${id}`);
    expect(res.body).toEqual({
      success: true,
      file: {
        id,
        name: 'story.md',
        folder: 'interview-stories',
        description: 'd',
        content: '# Story',
        summary: '',
        goals: '',
        position: 0,
        revision: 1,
        summary_revision: 1,
        goals_revision: 1,
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    });
    for (const [client, path] of [
      [h.user(), `/files/${id}`],
      [c, '/files/999999'],
      [c, '/files/abc'],
      [c, '/files/99999999999'],
      [c, '/files/0'],
    ] as const) {
      const r = await client.get(path);
      expect([path, r.status, r.body]).toEqual([path, 404, { success: false, errors: ['File not found.'] }]);
    }
  });

  test('PUT file{name} renames with the name rules; file{description} describes', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'draft', folder: 'f' });
    const renamed = await c.put(`/files/${id}`, { file: { name: ' final_version ' } });
    expect(renamed.body).toEqual({
      success: true,
      errors: [],
      file: { id, name: 'final version.md', folder: 'f', description: '', position: 0, revision: 1 },
    });
    const described = await c.put(`/files/${id}`, { file: { description: 'The one to send' } });
    expect(described.body.file).toMatchObject({ name: 'final version.md', description: 'The one to send' });
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ name: 'final version.md', description: 'The one to send' });
  });

  test('PUT errors: a taken name, an empty name, nothing to update, another user', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'one', folder: 'f' });
    await newFile(c, { name: 'two', folder: 'f' });
    const cases: [TestClient, unknown, number, string[]][] = [
      [c, { file: { name: 'Two' } }, 422, ['A file with this name already exists in this folder.']],
      [c, { file: { name: ' ' } }, 422, ['Please enter a file name.']],
      [c, { file: {} }, 422, ['Nothing to update: send file{name} or file{description}.']],
      [c, {}, 422, ['Nothing to update: send file{name} or file{description}.']],
      [h.user(), { file: { name: 'mine' } }, 404, ['File not found.']],
    ];
    for (const [client, body, status, errors] of cases) {
      const res = await client.put(`/files/${id}`, body);
      expect([JSON.stringify(body), res.status, res.body]).toEqual([JSON.stringify(body), status, { success: false, errors }]);
    }
    expect((await c.get(`/files/${id}`)).body.file.name).toBe('one.md');
  });

  test('DELETE removes the file; again, or by another user: 404', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'gone', folder: 'f' });
    expect((await h.user().delete(`/files/${id}`)).status).toBe(404);
    expect((await c.delete(`/files/${id}`)).body).toEqual({ success: true, errors: [] });
    expect((await c.delete(`/files/${id}`)).body).toEqual({ success: false, errors: ['File not found.'] });
    expect((await c.get('/files')).body).toEqual({ f: [] });
  });
});

describe('PATCH /files/reorder', () => {
  test('orders the files of one folder; ids of other folders or users are ignored and listed', async () => {
    const c = h.user();
    const [a, b, d] = [
      await newFile(c, { name: 'a', folder: 'f' }),
      await newFile(c, { name: 'b', folder: 'f' }),
      await newFile(c, { name: 'd', folder: 'f' }),
    ];
    const elsewhere = await newFile(c, { name: 'e', folder: 'g' });
    const foreign = await newFile(h.user(), { name: 'x', folder: 'f' });
    const res = await c.patch('/files/reorder', { folder: 'f', ids: [d, String(a), elsewhere, foreign] });
    expect(res.body).toEqual({ success: true, ignored: [elsewhere, foreign] });
    expect((await c.get('/files')).body.f.map((f: { id: number }) => f.id)).toEqual([d, a, b]);
    expect((await c.get(`/files/${b}`)).body.file.position).toBe(2);
    expect((await c.get('/files')).body.g.map((f: { id: number }) => f.id)).toEqual([elsewhere]);
  });

  test('an unknown folder is 404; ids must be integers', async () => {
    const c = h.user();
    await c.post('/folders', { name: 'f' });
    expect((await c.patch('/files/reorder', { folder: 'nope', ids: [] })).body).toEqual({ success: false, errors: ['Folder not found.'] });
    for (const ids of [undefined, 'x', [1.5], ['a']]) {
      const res = await c.patch('/files/reorder', { folder: 'f', ids });
      expect([res.status, res.body]).toEqual([422, { success: false, errors: ['ids must be a list of file ids (integers).'] }]);
    }
  });
});

describe('PATCH /files/{id}/summary and /goals', () => {
  test('store the texts the editor shows in summary and goals mode', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'x', folder: 'f', content: 'c' });
    expect((await c.patch(`/files/${id}/summary`, { summary: 'In short' })).body).toEqual({ success: true, revision: 2 });
    expect((await c.patch(`/files/${id}/goals`, { goals: '- Ship it' })).body).toEqual({ success: true, revision: 2 });
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ content: 'c', summary: 'In short', goals: '- Ship it', revision: 1 });
    expect((await c.patch(`/files/${id}/goals`, { goals: null })).body).toEqual({ success: true, revision: 3 });
    expect((await c.get(`/files/${id}`)).body.file.goals).toBe('');
  });

  test('errors: missing text 422, another user 404', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'x', folder: 'f' });
    expect((await c.patch(`/files/${id}/summary`, {})).body).toEqual({ success: false, errors: ['summary must be text.'] });
    expect((await c.patch(`/files/${id}/goals`, { goals: 3 })).body).toEqual({ success: false, errors: ['goals must be text.'] });
    const other = h.user();
    expect((await other.patch(`/files/${id}/summary`, { summary: 'x' })).status).toBe(404);
    expect((await other.patch(`/files/${id}/goals`, { goals: 'x' })).status).toBe(404);
  });
});
