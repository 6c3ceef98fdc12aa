/**
 * GET /files is cached per user in each instance and invalidated through Postgres NOTIFY:
 * these tests run two instances on one database and check that no instance ever answers an
 * outdated list after a change (its own immediately; another's once notified).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  cachedSoon as cachedSoonIn,
  eventually,
  freshDatabase,
  queriesDuring,
  TestClient,
  type TestDatabase,
} from '@cc/service-kit/testing';
import { signIn, startFiles, type FilesHarness } from './test-support';

/** LISTEN/NOTIFY between instances needs a real Postgres; on PGlite the cache stays off. */
const onPostgres = process.env.TEST_DB !== 'pglite';
const describePg = onPostgres ? describe : describe.skip;

let database: TestDatabase;
let a: FilesHarness;
let b: FilesHarness;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await freshDatabase();
  a = await startFiles({}, database);
  b = await startFiles({}, database);
  await listening();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
});

/** Both instances hold a LISTEN connection (they start it in the background). */
async function listening(count = 2): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await database.db.raw(`select count(*)::int as n from pg_stat_activity where query = 'listen files_listing'`);
    if (rows[0].n >= count) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the instances did not LISTEN');
}

/** The same user on both instances. */
function onBoth(): [TestClient, TestClient] {
  const first = a.user();
  return [first, signIn(new TestClient(b.svc.url), first.id)];
}

/** The GET /files listing's query (the only one that aggregates). */
const LISTING_QUERY = (sql: string) => sql.includes('string_agg');
const listingQueries = (fn: () => Promise<unknown>) => queriesDuring(database.db, LISTING_QUERY, fn);
const cachedSoon = (read: () => Promise<unknown>) => cachedSoonIn(database.db, LISTING_QUERY, read);

describePg('GET /files caching', () => {
  test('answers carry an ETag; a matching If-None-Match (weak or strong) is a 304 without a body', async () => {
    const c = a.user();
    await c.post('/files', { file: { folder: 'f', name: 'x' } });
    const first = await c.get('/files');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await c.get('/files', { headers: { 'if-none-match': tag } });
      expect([again.status, again.body]).toEqual([304, '']);
    }
    await c.post('/files', { file: { folder: 'f', name: 'y' } });
    const changed = await c.get('/files', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.f.map((f: { name: string }) => f.name)).toEqual(['x.md', 'y.md']);
  });

  test('a list over 1 KB is gzipped (once, then kept) for clients that accept it', async () => {
    const c = a.user();
    for (let i = 0; i < 30; i++)
      await c.post('/files', { file: { folder: 'many', name: `file ${i}`, description: 'A description long enough to pass a kilobyte.' } });
    const zipped = await c.get('/files', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('etag')).toMatch(/-gz"$/);
    expect(zipped.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const plain = await c.get('/files', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.body).toEqual(plain.body);
    expect(plain.body.many).toHaveLength(30);
    // Either tag names the same list.
    expect((await c.get('/files', { headers: { 'if-none-match': zipped.headers.get('etag')! } })).status).toBe(304);
  });

  test('every kind of change shows at once on the instance that made it', async () => {
    const c = a.user();
    const list = async () => (await c.get('/files')).body;
    const id = (await c.post('/files', { file: { folder: 'f', name: 'one' } })).body.file.id;
    expect(await list()).toEqual({ f: [{ id, name: 'one.md', description: '' }] });
    await c.put(`/files/${id}`, { file: { name: 'uno' } });
    expect((await list()).f[0].name).toBe('uno.md');
    await c.put(`/files/${id}`, { file: { description: 'first' } });
    expect((await list()).f[0].description).toBe('first');
    const two = (await c.post('/files', { file: { folder: 'f', name: 'two' } })).body.file.id;
    await c.patch('/files/reorder', { folder: 'f', ids: [two, id] });
    expect((await list()).f.map((f: { id: number }) => f.id)).toEqual([two, id]);
    await c.post('/folders', { name: 'g' });
    await c.patch('/folders/reorder', { order: ['g', 'f'] });
    expect(Object.keys(await list())).toEqual(['g', 'f']);
    await c.patch('/folders/g', { new_name: 'h' });
    expect(Object.keys(await list())).toEqual(['h', 'f']);
    await c.delete(`/files/${two}`);
    expect((await list()).f.map((f: { id: number }) => f.id)).toEqual([id]);
    await c.delete('/folders/f');
    expect(await list()).toEqual({ h: [] });
  });

  test('a change made through another instance reaches this one (NOTIFY)', async () => {
    const [onA, onB] = onBoth();
    await onA.post('/folders', { name: 'shared' });
    expect(await (await onA.get('/files')).body).toEqual({ shared: [] });
    const id = (await onB.post('/files', { file: { folder: 'shared', name: 'from b' } })).body.file.id;
    await eventually(async () => (await onA.get('/files')).body, { shared: [{ id, name: 'from b.md', description: '' }] });
    await onB.put(`/files/${id}`, { file: { description: 'renamed on b' } });
    await eventually(async () => (await onA.get('/files')).body.shared[0].description, 'renamed on b');
    // A content save changes nothing the list shows.
    await onB.patch(`/files/${id}`, { file: { content: 'text' } });
    expect((await onA.get('/files')).body.shared[0].description).toBe('renamed on b');
  });

  test('a cached read runs no query; a change makes the next read query again', async () => {
    const c = a.user();
    await c.post('/files', { file: { folder: 'f', name: 'x' } });
    await cachedSoon(() => c.get('/files'));
    await c.post('/files', { file: { folder: 'f', name: 'y' } });
    // The instance that made the change drops its entry before answering: never one read late.
    expect(await listingQueries(() => c.get('/files'))).toBe(1);
    await cachedSoon(() => c.get('/files'));
  });

  test('without its LISTEN connection an instance stops caching, and caches again once reconnected', async () => {
    const [onA, onB] = onBoth();
    const id = (await onA.post('/files', { file: { folder: 'p', name: 'before' } })).body.file.id;
    expect((await onA.get('/files')).body).toEqual({ p: [{ id, name: 'before.md', description: '' }] });
    await database.db.raw(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen files_listing'`);
    await new Promise((r) => setTimeout(r, 100));
    // A change no instance hears about: A must not answer its cached list.
    await database.db.raw(`update files.files set name = 'after.md' where id = ?`, [id]);
    expect((await onA.get('/files')).body).toEqual({ p: [{ id, name: 'after.md', description: '' }] });
    expect(await listingQueries(() => onA.get('/files'))).toBe(1);
    await listening();
    await cachedSoon(() => onA.get('/files'));
    await onB.put(`/files/${id}`, { file: { name: 'from b' } });
    await eventually(async () => (await onA.get('/files')).body, { p: [{ id, name: 'from b.md', description: '' }] });
  });
});
