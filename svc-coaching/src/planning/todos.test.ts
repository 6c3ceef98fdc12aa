import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PLANNING_MESSAGES as M } from '@cc/contracts';
import { startCoaching, type CoachingHarness } from '../test-support';

let h: CoachingHarness;
beforeAll(async () => {
  h = await startCoaching();
});
afterAll(async () => {
  await h?.close();
});

const refused = (...errors: string[]) => ({ success: false, errors });

describe('todos', () => {
  test('create, list, edit, toggle and delete; tags typed as text come back as a list', async () => {
    const c = h.user();
    const created = await c.post('/planning/todos', {
      todo: { title: ' Send the deck ', due_date: '2026-11-27', description: 'To Maria', tags: 'work, Deck , work' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      errors: [],
      todo: {
        title: 'Send the deck',
        due_date: '2026-11-27',
        description: 'To Maria',
        tags: ['work', 'Deck'],
        completed: false,
        milestone_id: null,
      },
    });
    const id = created.body.todo.id as number;

    const edited = await c.patch(`/planning/todos/${id}`, { todo: { title: 'Send the final deck', tags: ['review'] } });
    expect(edited.body.todo).toMatchObject({
      id,
      title: 'Send the final deck',
      due_date: '2026-11-27',
      description: 'To Maria',
      tags: ['review'],
    });

    const toggled = await c.patch(`/planning/todos/${id}/toggle_completed`);
    expect(toggled.body).toMatchObject({ success: true, errors: [], todo: { id, completed: true } });
    expect((await c.patch(`/planning/todos/${id}/toggle_completed`)).body.todo.completed).toBe(false);

    expect((await c.get('/planning/todos')).body).toEqual({
      success: true,
      todos: [{ ...edited.body.todo, updated_at: expect.any(String) }],
    });
    expect((await c.delete(`/planning/todos/${id}`)).body).toEqual({ success: true, errors: [] });
    expect((await c.get('/planning/todos')).body).toEqual({ success: true, todos: [] });
    expect((await c.delete(`/planning/todos/${id}`)).status).toBe(404);
  });

  test('the list shows open todos first, by due date, undated last', async () => {
    const c = h.user();
    const add = async (title: string, due_date?: string) =>
      (await c.post('/planning/todos', { todo: { title, due_date } })).body.todo.id as number;
    await add('Undated');
    const done = await add('Done early', '2026-01-01');
    await add('Later', '2026-03-01');
    await add('Sooner', '2026-02-01');
    await c.patch(`/planning/todos/${done}/toggle_completed`);
    const titles = (await c.get('/planning/todos')).body.todos.map((t: { title: string }) => t.title);
    expect(titles).toEqual(['Sooner', 'Later', 'Undated', 'Done early']);
  });

  test('every broken rule is listed, with the messages of the contract', async () => {
    const c = h.user();
    const bad = await c.post('/planning/todos', {
      todo: { title: '', due_date: '2026-02-30', description: 'x'.repeat(2001), tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual(refused(M.titleRequired, M.dueDateInvalid, M.descriptionTooLong, M.tooManyTags));
    expect((await c.post('/planning/todos', { todo: { title: 'x'.repeat(201), tags: 'ok, ' + 'y'.repeat(41) } })).body).toEqual(
      refused(M.titleTooLong, M.tagTooLong),
    );
    expect((await c.post('/planning/todos', {})).body).toEqual(refused(M.titleRequired));
    expect((await c.post('/planning/todos', { todo: { title: 'a', milestone_id: 'abc' } })).body).toEqual(refused(M.milestoneIdInvalid));
    const id = (await c.post('/planning/todos', { todo: { title: 'Kept' } })).body.todo.id;
    expect((await c.patch(`/planning/todos/${id}`, { todo: { title: ' ' } })).body).toEqual(refused(M.titleRequired));
    expect((await c.get('/planning/todos')).body.todos.map((t: { title: string }) => t.title)).toEqual(['Kept']);
  });

  test("another user's todo is not found, and stays as it was", async () => {
    const owner = h.user();
    const other = h.user();
    const id = (await owner.post('/planning/todos', { todo: { title: 'Mine' } })).body.todo.id;
    const notFound = refused(M.todoNotFound);
    for (const res of [
      await other.patch(`/planning/todos/${id}`, { todo: { title: 'Theirs' } }),
      await other.patch(`/planning/todos/${id}/toggle_completed`),
      await other.delete(`/planning/todos/${id}`),
      await other.delete('/planning/todos/99999999999'),
      await other.delete('/planning/todos/abc'),
    ]) {
      expect([res.status, res.body]).toEqual([404, notFound]);
    }
    expect((await other.get('/planning/todos')).body.todos).toEqual([]);
    expect((await owner.get('/planning/todos')).body.todos).toEqual([expect.objectContaining({ id, title: 'Mine', completed: false })]);
  });

  test("a todo cannot be linked to another user's milestone", async () => {
    const owner = h.user();
    const other = h.user();
    const milestone = (await owner.post('/planning/milestones', { milestone: { title: 'Promotion', target_date: '2027-03-01' } })).body
      .milestone;
    const res = await other.post('/planning/todos', { todo: { title: 'Sneaky', milestone_id: milestone.id } });
    expect([res.status, res.body]).toEqual([422, refused(M.linkedMilestoneNotFound)]);
    const own = (await other.post('/planning/todos', { todo: { title: 'Mine' } })).body.todo;
    expect((await other.patch(`/planning/todos/${own.id}`, { todo: { milestone_id: milestone.id } })).body).toEqual(
      refused(M.linkedMilestoneNotFound),
    );
    expect((await owner.get('/planning/milestones')).body.milestones[0].progress).toEqual({ done: 0, total: 0 });
  });

  test('a session is needed, and a write needs the CSRF token', async () => {
    const c = h.user();
    expect((await c.post('/planning/todos', { todo: { title: 'x' } }, { csrf: false })).status).toBe(403);
    c.cookie = undefined;
    expect((await c.get('/planning/todos')).status).toBe(401);
  });
});
