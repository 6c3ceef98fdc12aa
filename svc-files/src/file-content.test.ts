import { describe, expect, test } from '@jest/globals';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { newFile, startFiles } from './test-support';

/** The editor's side of a file: content with revisions (PATCH /files/{id}) and summaries. */
const h = startedForTests(startFiles);

const STALE =
  'This file was changed elsewhere (another tab or device). Your text was not saved: reload the file, or save again without a revision to overwrite it.';

describe('PATCH /files/{id} (content and revisions)', () => {
  test('every change of content increments the revision; saving the same content does not', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'doc', folder: 'f', content: 'v1' });
    expect((await c.patch(`/files/${id}`, { file: { content: 'v2', revision: 1 } })).body).toEqual({
      success: true,
      errors: [],
      revision: 2,
    });
    expect((await c.patch(`/files/${id}`, { file: { content: 'v3' }, revision: 2 })).body.revision).toBe(3);
    expect((await c.patch(`/files/${id}`, { file: { content: 'v3', revision: 3 } })).body.revision).toBe(3);
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ content: 'v3', revision: 3 });
  });

  test('a stale revision is refused with 409 and the current content; without a revision the save wins', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'shared', folder: 'f', content: 'start' });
    // Tab A and tab B both loaded revision 1; A saves first.
    expect((await c.patch(`/files/${id}`, { file: { content: 'from tab A', revision: 1 } })).body.revision).toBe(2);
    const stale = await c.patch(`/files/${id}`, { file: { content: 'from tab B', revision: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, errors: [STALE], current: { content: 'from tab A', revision: 2 } });
    expect((await c.get(`/files/${id}`)).body.file.content).toBe('from tab A');
    // The same stale base with the content the file already holds is no conflict.
    expect((await c.patch(`/files/${id}`, { file: { content: 'from tab A', revision: 1 } })).body).toEqual({
      success: true,
      errors: [],
      revision: 2,
    });
    // No revision: last write wins (the documented call), still counted.
    expect((await c.patch(`/files/${id}`, { file: { content: 'from tab B' } })).body).toEqual({ success: true, errors: [], revision: 3 });
    expect((await c.patch(`/files/${id}`, { file: { content: 'again', revision: '3' } })).body.revision).toBe(4);
  });

  test('content may be empty; it must be text; a bad revision is 422; another user 404', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'x', folder: 'f', content: 'text' });
    expect((await c.patch(`/files/${id}`, { file: { content: '' } })).body.revision).toBe(2);
    const cases: [TestClient, unknown, number, string[]][] = [
      [c, {}, 422, ['File content is required (text, may be empty).']],
      [c, { file: { content: null } }, 422, ['File content is required (text, may be empty).']],
      [c, { file: { content: 'x', revision: 'two' } }, 422, ['revision must be a whole number.']],
      [c, { file: { content: 'x' }, revision: 1.5 }, 422, ['revision must be a whole number.']],
      [h.user(), { file: { content: 'mine now' } }, 404, ['File not found.']],
      [h.user(), { file: { content: 'mine now', revision: 1 } }, 404, ['File not found.']],
    ];
    for (const [client, body, status, errors] of cases) {
      const res = await client.patch(`/files/${id}`, body);
      expect([JSON.stringify(body), res.status, res.body]).toEqual([JSON.stringify(body), status, { success: false, errors }]);
    }
    expect((await c.get(`/files/${id}`)).body.file).toMatchObject({ content: '', revision: 2 });
  });

  test('a 1 MB file saves and reads back whole, keystroke after keystroke; beyond the 2 MB body limit is 413', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'big', folder: 'f' });
    const line = 'All work and no play makes a dull career coach. ñ ✓\n';
    let content = line.repeat(Math.ceil((1024 * 1024) / line.length));
    let revision = 1;
    for (const key of ['a', 'b', 'c']) {
      content += key;
      const res = await c.patch(`/files/${id}`, { file: { content, revision } });
      expect(res.status).toBe(200);
      revision = res.body.revision;
    }
    expect(revision).toBe(4);
    const read = await c.get(`/files/${id}`);
    expect(read.body.file.content.length).toBe(content.length);
    expect(read.body.file.content === content).toBe(true);
    const tooBig = await c.patch(`/files/${id}`, { file: { content: 'x'.repeat(3 * 1024 * 1024) } });
    expect([tooBig.status, tooBig.body]).toEqual([413, { success: false, errors: ['Request body is too large'] }]);
  });
});

describe('POST /files/summarize (offline coach)', () => {
  test('summarises the content and saves it on the file', async () => {
    const c = h.user();
    const content = 'I led the migration of 40 services to Kubernetes in 3 months. We cut hosting costs by 20%.';
    const id = await newFile(c, { name: 'migration', folder: 'past-projects', content });
    const res = await c.post('/files/summarize', { file_id: id, folder: 'past-projects', file_name: 'migration.md', content });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, summary: expect.stringContaining('40 services'), summary_revision: 2 });
    expect((await c.get(`/files/${id}`)).body.file.summary).toBe(res.body.summary);
  });

  test('empty or blank content clears the summary', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'empty', folder: 'f' });
    await c.patch(`/files/${id}/summary`, { summary: 'an old summary' });
    expect((await c.post('/files/summarize', { file_id: id, content: ' \n\t ' })).body).toEqual({
      success: true,
      summary: '',
      summary_revision: 3,
    });
    expect((await c.get(`/files/${id}`)).body.file.summary).toBe('');
  });

  test('finds the file by folder and file_name when no id is given; content defaults to the stored one', async () => {
    const c = h.user();
    const id = await newFile(c, { name: 'Q3 review', folder: 'work', content: 'We shipped the new billing system two weeks early.' });
    const res = await c.post('/files/summarize', { folder: 'work', file_name: 'q3_review' });
    expect(res.body.summary).toContain('billing system');
    expect((await c.get(`/files/${id}`)).body.file.summary).toBe(res.body.summary);
    // No such file: the summary is answered, nothing is stored.
    expect((await c.post('/files/summarize', { folder: 'work', file_name: 'nope.md', content: 'Some text to sum up.' })).body.success).toBe(
      true,
    );
  });

  test("another user's file_id is 404 and its summary is untouched; a bad file_id is 422", async () => {
    const a = h.user();
    const id = await newFile(a, { name: 'x', folder: 'f', content: 'text' });
    await a.patch(`/files/${id}/summary`, { summary: 'kept' });
    expect((await h.user().post('/files/summarize', { file_id: id, content: '' })).body).toEqual({
      success: false,
      errors: ['File not found.'],
    });
    expect((await a.get(`/files/${id}`)).body.file.summary).toBe('kept');
    expect((await a.post('/files/summarize', { file_id: 'abc', content: 'x' })).body).toEqual({
      success: false,
      errors: ['file_id must be a file id (integer).'],
    });
  });
});
