import { describe, expect, test } from '@jest/globals';
import { PLANNING_MESSAGES as M, TRASH_MESSAGES } from '@cc/contracts';
import { purgeTrash } from '@cc/service-kit';
import { refused, startedForTests, TestClient, type SignedClient } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';

const h = startedForTests(startCoaching);
const DAY_MS = 24 * 60 * 60 * 1000;

const trash = async (c: SignedClient) => {
  const res = await c.get('/planning/trash');
  expect(res.status).toBe(200);
  return res.body.items as { kind: string; id: number; object_id: string; title: string; detail?: string; url: string }[];
};
const restore = (c: SignedClient, item: { kind: string; id: number }) =>
  c.post('/planning/trash/restore', { kind: item.kind, id: item.id });
const todo = async (c: SignedClient, fields: Record<string, unknown>) => (await c.post('/planning/todos', { todo: fields })).body.todo;
const todos = async (c: SignedClient) =>
  (await c.get('/planning/todos')).body.todos as { id: number; title: string; milestone_id: number | null }[];

describe('todos and milestones to the trash and back', () => {
  test('a deleted todo answers as documented, is listed, and comes back as it was', async () => {
    const c = h.user();
    const made = await todo(c, { title: 'Send the deck', due_date: '2026-11-27', description: 'To Maria', tags: 'work' });
    const del = await c.delete(`/planning/todos/${made.id}`);
    expect([del.status, del.body]).toEqual([200, { success: true, errors: [] }]);
    expect(await todos(c)).toEqual([]);
    expect((await c.delete(`/planning/todos/${made.id}`)).body).toEqual(refused(M.todoNotFound));

    const [item] = await trash(c);
    expect(item).toMatchObject({
      kind: 'todo',
      object_id: String(made.id),
      title: 'Send the deck',
      detail: 'due 2026-11-27',
      url: `/planning/all_todos?todo=${made.id}`,
    });
    const back = await restore(c, item!);
    expect(back.body).toEqual({ success: true, restored: { kind: 'todo', id: String(made.id), title: 'Send the deck', url: item!.url } });
    expect(await todos(c)).toEqual([made]);
    expect(await trash(c)).toEqual([]);
  });

  test('a milestone keeps the answer of its delete, and comes back linked to its todos again', async () => {
    const c = h.user();
    const milestone = (await c.post('/planning/milestones', { milestone: { title: 'Promotion case', target_date: '2027-02-21' } })).body
      .milestone;
    const a = await todo(c, { title: 'Collect evidence', milestone_id: milestone.id });
    const b = await todo(c, { title: 'Ask for feedback', milestone_id: milestone.id });
    const del = await c.delete(`/planning/milestones/${milestone.id}`);
    expect(del.body).toEqual({ success: true, errors: [], unlinked_todos: 2 });
    expect((await todos(c)).map((t) => t.milestone_id)).toEqual([null, null]);
    // Meanwhile one of its todos goes too, and comes back after the milestone.
    await c.delete(`/planning/todos/${b.id}`);

    const items = await trash(c);
    expect(items.map((i) => [i.kind, i.title, i.detail])).toEqual([
      ['todo', 'Ask for feedback', undefined],
      ['milestone', 'Promotion case', '2 linked todos'],
    ]);
    expect((await restore(c, items[1]!)).body.restored.url).toBe(`/planning/milestones_view?milestone=${milestone.id}`);
    expect((await c.get('/planning/milestones')).body.milestones.map((m: { id: number }) => m.id)).toEqual([milestone.id]);
    await restore(c, items[0]!);
    const now = await todos(c);
    expect(now.find((t) => t.id === a.id)?.milestone_id).toBe(milestone.id);
    expect(now.find((t) => t.id === b.id)?.milestone_id).toBe(null);
  });

  test('a todo whose milestone is in the trash comes back unlinked, linked again with the milestone; one whose source was used again loses only the source', async () => {
    const c = h.user();
    const milestone = (await c.post('/planning/milestones', { milestone: { title: 'Launch', target_date: '2027-01-10' } })).body.milestone;
    const linked = await todo(c, { title: 'Write notes', milestone_id: milestone.id });
    const source = { source_key: 'meeting:1:line:abc', source_label: 'Meeting: 1:1', source_url: '/people?person=1&meeting=1' };
    const sourced = await todo(c, { title: 'Follow up', ...source });
    await c.delete(`/planning/todos/${linked.id}`);
    await c.delete(`/planning/todos/${sourced.id}`);
    await c.delete(`/planning/milestones/${milestone.id}`);
    const again = await todo(c, { title: 'Follow up again', ...source });

    const items = await trash(c);
    for (const item of items.filter((i) => i.kind === 'todo')) expect((await restore(c, item)).status).toBe(200);
    const now = await todos(c);
    expect(now.find((t) => t.id === linked.id)?.milestone_id).toBe(null);
    expect(now.map((t) => t.id).sort()).toEqual([linked.id, sourced.id, again.id].sort());
    // The milestone, back from the trash after it, links it again.
    await restore(
      c,
      items.find((i) => i.kind === 'milestone')!,
    );
    expect((await todos(c)).find((t) => t.id === linked.id)?.milestone_id).toBe(milestone.id);
  });

  test('DELETE /planning/trash empties it; the purge deletes what is older than 30 days', async () => {
    const c = h.user();
    const one = await todo(c, { title: 'One' });
    const two = await todo(c, { title: 'Two' });
    await c.delete(`/planning/todos/${one.id}`);
    await c.delete(`/planning/todos/${two.id}`);
    const db = h.database.db;
    await db('coaching.trash')
      .where({ user_id: c.id, object_id: String(one.id) })
      .update({ deleted_at: new Date(Date.now() - 31 * DAY_MS) });
    await purgeTrash(db, 'coaching', new Date());
    expect((await trash(c)).map((i) => i.title)).toEqual(['Two']);
    expect((await c.delete('/planning/trash')).body).toEqual({ success: true, deleted: 1 });
    expect(await trash(c)).toEqual([]);
  });

  test("another user's entries are never listed and answer 404; bad input is refused", async () => {
    const a = h.user();
    const b = h.user();
    const made = await todo(a, { title: 'Mine' });
    await a.delete(`/planning/todos/${made.id}`);
    const [item] = await trash(a);
    expect(await trash(b)).toEqual([]);
    const res = await restore(b, item!);
    expect([res.status, res.body]).toEqual([404, refused(TRASH_MESSAGES.notFound)]);
    expect((await b.delete('/planning/trash')).body).toEqual({ success: true, deleted: 0 });
    expect(await trash(a)).toHaveLength(1);
    expect((await restore(a, { kind: 'milestone', id: item!.id })).status).toBe(404);
    expect((await restore(a, { kind: 'file', id: item!.id })).status).toBe(404);
    expect((await a.post('/planning/trash/restore', { kind: 'todo' })).body).toEqual(refused(TRASH_MESSAGES.id));
    expect((await new TestClient(h.svc.url).get('/planning/trash')).status).toBe(401);
  });
});
