/**
 * GET /planning/todos and /planning/milestones (the whole lists) are cached per user in each
 * instance and invalidated through Postgres NOTIFY (lists-cache.ts): these tests run two
 * instances on one database and check that no instance answers an outdated list after a change
 * (its own at once; another's once notified), and that a cached answer is the documented one.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  cachedSoon as cachedSoonIn,
  eventually,
  freshDatabase,
  queriesDuring,
  TestClient,
  type SignedClient,
  type TestDatabase,
} from '@cc/service-kit/testing';
import { signIn, startCoaching, type CoachingHarness } from '../test-support';
import { listMilestones } from './milestones';
import { listTodos } from './todos';

/** LISTEN/NOTIFY between instances needs a real Postgres; on PGlite the cache stays off. */
const onPostgres = process.env.TEST_DB !== 'pglite';
const describePg = onPostgres ? describe : describe.skip;

let database: TestDatabase;
let a: CoachingHarness;
let b: CoachingHarness;
let off: CoachingHarness;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await freshDatabase();
  a = await startCoaching({}, database);
  b = await startCoaching({}, database);
  off = await startCoaching({ PLANNING_LISTS_CACHE: 'off' }, database);
  await listening();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await off?.close();
  await database?.drop();
});

/** Both caching instances hold a LISTEN connection (they start it in the background). */
async function listening(count = 2): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await database.db.raw(`select count(*)::int as n from pg_stat_activity where query = 'listen planning_lists'`);
    if (rows[0].n >= count) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the instances did not LISTEN');
}

/** The same user on another instance. */
const alsoOn = (h: CoachingHarness, c: SignedClient) => signIn(new TestClient(h.svc.url), c.id);

/** A whole-list query of todos or milestones. */
const LIST_QUERY = (sql: string) => /^select .* from "?coaching"?\."?(todos|milestones)"? (m )?where (m\.)?user_id = \$1/s.test(sql);
const listQueries = (fn: () => Promise<unknown>) => queriesDuring(database.db, LIST_QUERY, fn);
const cachedSoon = (read: () => Promise<unknown>) => cachedSoonIn(database.db, LIST_QUERY, read);

const titles = (body: { todos: { title: string }[] }) => body.todos.map((t) => t.title);

describePg('planning lists cache', () => {
  test('a cached answer is the documented one, the same bytes as an instance without the cache; over 1 KB gzipped for clients that take it', async () => {
    const c = a.user();
    const m = (await c.post('/planning/milestones', { milestone: { title: 'Launch "v2"', target_date: '2026-06-01' } })).body.milestone;
    for (let i = 0; i < 12; i++)
      await c.post('/planning/todos', {
        todo: {
          title: `Todo ${i} — “quoted”\tand tabbed`,
          due_date: i % 3 ? `2026-05-${10 + i}` : '',
          tags: 'work, café',
          milestone_id: i % 4 ? null : m.id,
        },
      });
    await c.patch(`/planning/todos/${(await c.get('/planning/todos')).body.todos[2].id}/toggle_completed`);
    await cachedSoon(() => c.get('/planning/todos'));
    await cachedSoon(() => c.get('/planning/milestones'));
    const plain = alsoOn(off, c);
    for (const path of ['/planning/todos', '/planning/milestones']) {
      const cached = await fetch(a.svc.url + path, { headers: { cookie: `cc_session=${c.cookie}`, 'accept-encoding': 'identity' } });
      const fresh = await fetch(off.svc.url + path, { headers: { cookie: `cc_session=${plain.cookie}`, 'accept-encoding': 'identity' } });
      expect(cached.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
      expect(await cached.text()).toBe(await fresh.text());
    }
    // What the functions behind the routes answer, for this user.
    expect((await c.get('/planning/todos')).body).toEqual({ success: true, ...(await listTodos(database.db, c.id)) });
    expect((await c.get('/planning/milestones')).body).toEqual({ success: true, milestones: await listMilestones(database.db, c.id) });
    expect(Object.keys((await c.get('/planning/todos')).body)).toEqual(['success', 'todos']);

    const zipped = await c.get('/planning/todos', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/);
    const identity = await c.get('/planning/todos', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(zipped.body).toEqual(identity.body);
  });

  test('every kind of change shows at once on the instance that made it, in both lists', async () => {
    const c = a.user();
    const todos = async () => (await c.get('/planning/todos')).body;
    const progress = async () => (await c.get('/planning/milestones')).body.milestones.map((m: { progress: unknown }) => m.progress);
    const m = (await c.post('/planning/milestones', { milestone: { title: 'M', target_date: '2026-06-01' } })).body.milestone;
    expect(await progress()).toEqual([{ done: 0, total: 0 }]);
    const id = (await c.post('/planning/todos', { todo: { title: 'one', milestone_id: m.id } })).body.todo.id;
    expect(titles(await todos())).toEqual(['one']);
    expect(await progress()).toEqual([{ done: 0, total: 1 }]);
    await c.patch(`/planning/todos/${id}`, { todo: { title: 'uno' } });
    expect(titles(await todos())).toEqual(['uno']);
    await c.patch(`/planning/todos/${id}/toggle_completed`);
    expect((await todos()).todos[0].completed).toBe(true);
    expect(await progress()).toEqual([{ done: 1, total: 1 }]);
    await c.patch(`/planning/milestones/${m.id}`, { milestone: { title: 'M2' } });
    expect((await c.get('/planning/milestones')).body.milestones[0].title).toBe('M2');
    // A milestone's deletion unlinks its todos: the todos list changes too.
    await c.delete(`/planning/milestones/${m.id}`);
    expect((await todos()).todos[0].milestone_id).toBeNull();
    await c.delete(`/planning/todos/${id}`);
    expect(titles(await todos())).toEqual([]);
    // Restored from the trash.
    const [item] = (await c.get('/planning/trash')).body.items as { kind: string; id: number }[];
    expect((await c.post('/planning/trash/restore', { kind: item!.kind, id: item!.id })).status).toBe(200);
    expect(titles(await todos())).toEqual(['uno']);
  });

  test("the instance that made a change drops the user's lists itself, before it answers (the NOTIFY may come later)", async () => {
    const c = a.user();
    await c.post('/planning/todos', { todo: { title: 'one' } });
    await cachedSoon(() => c.get('/planning/todos'));
    await cachedSoon(() => c.get('/planning/milestones'));
    // No notification at all: only the instance's own invalidation can show the change.
    await database.db.raw('alter table coaching.todos disable trigger todos_lists_changed');
    await database.db.raw('alter table coaching.milestones disable trigger milestones_lists_changed');
    try {
      const id = (await c.post('/planning/todos', { todo: { title: 'two' } })).body.todo.id;
      expect(titles((await c.get('/planning/todos')).body).sort()).toEqual(['one', 'two']);
      const m = (await c.post('/planning/milestones', { milestone: { title: 'M', target_date: '2026-06-01' } })).body.milestone;
      expect((await c.get('/planning/milestones')).body.milestones).toHaveLength(1);
      await c.patch(`/planning/todos/${id}`, { todo: { milestone_id: m.id } });
      expect((await c.get('/planning/milestones')).body.milestones[0].progress).toEqual({ done: 0, total: 1 });
      // A refused write drops them too (nothing changed, one query more).
      expect((await c.patch('/planning/todos/999999999/toggle_completed')).status).toBe(404);
      expect(await listQueries(() => c.get('/planning/todos'))).toBe(1);
    } finally {
      await database.db.raw('alter table coaching.todos enable trigger todos_lists_changed');
      await database.db.raw('alter table coaching.milestones enable trigger milestones_lists_changed');
    }
  });

  test('a change made through another instance reaches this one (NOTIFY), and so does one made in the database', async () => {
    const onA = a.user();
    const onB = alsoOn(b, onA);
    await onA.post('/planning/todos', { todo: { title: 'first' } });
    expect(titles((await onA.get('/planning/todos')).body)).toEqual(['first']);
    const id = (await onB.post('/planning/todos', { todo: { title: 'from b' } })).body.todo.id;
    await eventually(async () => titles((await onA.get('/planning/todos')).body).sort(), ['first', 'from b']);
    await database.db.raw(`update coaching.todos set title = 'renamed in sql' where id = ?`, [id]);
    await eventually(async () => titles((await onA.get('/planning/todos')).body).sort(), ['first', 'renamed in sql']);
  });

  test('a cached read runs no query; a change makes the next read query again; a page is never cached', async () => {
    const c = a.user();
    await c.post('/planning/todos', { todo: { title: 'x' } });
    await cachedSoon(() => c.get('/planning/todos'));
    expect(await listQueries(() => c.get('/planning/todos?limit=10'))).toBe(1);
    await c.post('/planning/todos', { todo: { title: 'y' } });
    // The instance that made the change drops its entry before answering: never one read late.
    expect(await listQueries(() => c.get('/planning/todos'))).toBe(1);
    await cachedSoon(() => c.get('/planning/todos'));
    // Another user's lists are their own.
    const other = a.user();
    expect((await other.get('/planning/todos')).body).toEqual({ success: true, todos: [] });
  });

  test('with the setting off, every read queries', async () => {
    const c = off.user();
    await c.post('/planning/todos', { todo: { title: 'x' } });
    for (let i = 0; i < 3; i++) expect(await listQueries(() => c.get('/planning/todos'))).toBe(1);
  });

  test('without its LISTEN connection an instance stops caching, and caches again once reconnected', async () => {
    const onA = a.user();
    const onB = alsoOn(b, onA);
    const id = (await onA.post('/planning/todos', { todo: { title: 'before' } })).body.todo.id;
    expect(titles((await onA.get('/planning/todos')).body)).toEqual(['before']);
    await database.db.raw(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen planning_lists'`);
    await new Promise((r) => setTimeout(r, 100));
    // A change no instance hears about: A must not answer its cached list.
    await database.db.raw(`update coaching.todos set title = 'after' where id = ?`, [id]);
    expect(titles((await onA.get('/planning/todos')).body)).toEqual(['after']);
    expect(await listQueries(() => onA.get('/planning/todos'))).toBe(1);
    await listening();
    await cachedSoon(() => onA.get('/planning/todos'));
    await onB.patch(`/planning/todos/${id}`, { todo: { title: 'from b' } });
    await eventually(async () => titles((await onA.get('/planning/todos')).body), ['from b']);
  });
});
