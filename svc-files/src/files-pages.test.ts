import { describe, expect, test } from '@jest/globals';
import { FILES_MESSAGES, PAGING_MESSAGES } from '@cc/contracts';
import { encodeCursor } from '@cc/service-kit';
import { readPages, startedForTests, type TestClient } from '@cc/service-kit/testing';
import { T } from './tables';
import { enc, startFiles } from './test-support';

const h = startedForTests(startFiles);

async function newFiles(c: TestClient, folder: string, count: number): Promise<{ id: number; name: string; description: string }[]> {
  const made = [];
  for (let i = 0; i < count; i++) {
    const res = await c.post('/files', { file: { name: `f${String(i).padStart(2, '0')}`, folder, description: `d${i}` } });
    if (res.status !== 201) throw new Error(`POST /files ${res.status} ${JSON.stringify(res.body)}`);
    made.push({ id: res.body.file.id as number, name: res.body.file.name as string, description: `d${i}` });
  }
  return made;
}

describe('GET /files?folder=&limit=&cursor= (docs/api.md#paged-lists)', () => {
  test('plain GET /files is unchanged: the index of every folder, with its ETag', async () => {
    const c = h.user();
    const files = await newFiles(c, 'work', 3);
    const res = await c.get('/files');
    expect(res.body).toEqual({ work: files });
    expect(res.headers.get('etag')).toBeTruthy();
  });

  test("pages of one folder join to its files in the index's order, next_cursor null at the end", async () => {
    const c = h.user();
    const files = await newFiles(c, 'Stories', 13);
    await newFiles(c, 'other', 2);
    await newFiles(h.user(), 'Stories', 4);
    // A reordered folder pages in its new order.
    const order = [...files].reverse();
    await c.patch('/files/reorder', { folder: 'Stories', ids: order.map((f) => f.id) });
    for (const limit of [1, 4, 13, 200]) {
      const { items, sizes } = await readPages(c, '/files?folder=stories', limit, (b) => b.files);
      expect(items).toEqual(order);
      expect(sizes.slice(0, -1).every((s) => s === limit)).toBe(true);
    }
    expect((await c.get('/files')).body.Stories).toEqual(order);
    const first = await c.get('/files?folder=Stories&limit=5');
    expect(first.headers.get('etag')).toBeNull();
    expect(first.body).toEqual({ success: true, folder: 'Stories', files: order.slice(0, 5), next_cursor: expect.any(String) });
    // The folder alone: all its files in one answer of the same shape.
    expect((await c.get(`/files?folder=${enc('Stories')}`)).body).toEqual({
      success: true,
      folder: 'Stories',
      files: order,
      next_cursor: null,
    });
  });

  test('files with the same position keep a stable order (by id) across pages', async () => {
    const c = h.user();
    const files = await newFiles(c, 'ties', 7);
    await h.database
      .db(T.files)
      .whereIn(
        'id',
        files.map((f) => f.id),
      )
      .update({ position: 0 });
    expect((await readPages(c, '/files?folder=ties', 2, (b) => b.files)).items).toEqual(files);
  });

  test("another user's folder, or none, is 404; paging without a folder is 422", async () => {
    const c = h.user();
    await newFiles(c, 'mine', 1);
    expect((await h.user().get('/files?folder=mine&limit=5')).body).toEqual({ success: false, errors: [FILES_MESSAGES.folderNotFound] });
    expect((await c.get('/files?folder=nope')).status).toBe(404);
    const res = await c.get('/files?limit=5');
    expect([res.status, res.body]).toEqual([422, { success: false, errors: [FILES_MESSAGES.folderRequired] }]);
  });

  test('a bad cursor or limit is a 422 with the paging message', async () => {
    const c = h.user();
    await newFiles(c, 'x', 1);
    for (const cursor of ['%%%', encodeCursor([1]), encodeCursor(['1', 2]), encodeCursor([1, 2 ** 31]), encodeCursor([1.5, 2])]) {
      const res = await c.get(`/files?folder=x&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, res.status, res.body]).toEqual([cursor, 422, { success: false, errors: [PAGING_MESSAGES.cursorInvalid] }]);
    }
    expect((await c.get('/files?folder=x&limit=500')).body).toEqual({ success: false, errors: [PAGING_MESSAGES.limitInvalid] });
  });
});
