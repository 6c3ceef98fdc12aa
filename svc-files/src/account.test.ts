import { describe, expect, test } from '@jest/globals';
import { tablesWithoutOwner } from '@cc/service-kit';
import { startedForTests, TestClient } from '@cc/service-kit/testing';
import { newFile, startFiles } from './test-support';

const h = startedForTests(startFiles);

/** A folder with a file, and a journal day. */
async function fill(c: TestClient): Promise<void> {
  await c.post('/folders', { name: 'work' });
  await newFile(c, { name: 'wins', folder: 'work', content: 'Shipped billing' });
  await c.post('/journal/2026-01-05/save', { content: 'Started the new role.' });
}

describe('DELETE /files/account', () => {
  test("deletes every folder, file and journal day of the caller, and only the caller's", async () => {
    const [me, other] = [h.user(), h.user()];
    await fill(me);
    await fill(other);
    // Read once so this instance holds the listing in its cache.
    expect(Object.keys((await me.get('/files')).body)).toEqual(['work']);

    const res = await me.delete('/files/account');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await me.get('/folders')).body.folders).toEqual([]);
    expect((await me.get('/files')).body).toEqual({});
    expect((await me.get('/journal')).body.entries).toEqual([]);
    expect(Object.keys((await other.get('/files')).body)).toEqual(['work']);
    expect((await other.get('/journal')).body.entries).toEqual([{ date: '2026-01-05' }]);
  });

  test('deleting again is fine (identity retries after a failure elsewhere)', async () => {
    const me = h.user();
    await fill(me);
    expect((await me.delete('/files/account')).status).toBe(200);
    expect((await me.delete('/files/account')).body).toEqual({ success: true });
  });

  test('needs the session and the CSRF token', async () => {
    const me = h.user();
    await fill(me);
    expect((await me.delete('/files/account', { csrf: false })).status).toBe(403);
    expect((await new TestClient(h.svc.url).delete('/files/account')).status).toBe(401);
    expect((await me.get('/folders')).body.folders).toHaveLength(1);
  });

  test('every table of the schema holds rows by user_id (or goes with one that does)', async () => {
    expect(await tablesWithoutOwner(h.database.db, 'files')).toEqual([]);
  });
});
