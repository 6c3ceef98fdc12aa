import { describe, expect, test } from '@jest/globals';
import { PLANNING_MESSAGES as M } from '@cc/contracts';
import { refused, startedForTests } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';

const h = startedForTests(startCoaching);

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

describe("a todo's source (a meeting's follow-up sent to planning)", () => {
  const source = {
    source_key: 'meeting:12:line:3f9a0c1d',
    source_label: 'Meeting: Weekly 1:1 with Maria',
    source_url: '/people?person=4&meeting=12',
  };

  test('is kept and answered; a todo without one answers nulls', async () => {
    const c = h.user();
    const sourced = await c.post('/planning/todos', { todo: { title: 'Send Maria the deck', tags: 'Maria Lopez', ...source } });
    expect(sourced.status).toBe(201);
    expect(sourced.body).toEqual({
      success: true,
      errors: [],
      todo: expect.objectContaining({ title: 'Send Maria the deck', tags: ['Maria Lopez'], ...source }),
    });
    expect(sourced.body).not.toHaveProperty('duplicate');
    const plain = await c.post('/planning/todos', { todo: { title: 'Plain', source_key: ' ', source_label: '', source_url: null } });
    expect(plain.body.todo).toMatchObject({ source_key: null, source_label: null, source_url: null });
    expect((await c.get('/planning/todos')).body.todos).toEqual([
      expect.objectContaining({ title: 'Send Maria the deck', ...source }),
      expect.objectContaining({ title: 'Plain', source_key: null, source_label: null, source_url: null }),
    ]);
  });

  test('the same source_key again answers the first todo, 200 and duplicate: true, and makes no second row', async () => {
    const c = h.user();
    const first = await c.post('/planning/todos', { todo: { title: 'Book the room', ...source } });
    const again = await c.post('/planning/todos', { todo: { title: 'Book the room (edited line)', ...source, source_label: 'Other' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, errors: [], todo: first.body.todo, duplicate: true });
    // Sent at once, the unique index still lets only one through.
    const racing = await Promise.all(
      [1, 2, 3].map(() => c.post('/planning/todos', { todo: { title: 'Race', source_key: 'meeting:1:line:race' } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const todos = (await c.get('/planning/todos')).body.todos as { title: string }[];
    expect(todos.map((t) => t.title).sort()).toEqual(['Book the room', 'Race']);
  });

  test('keys are per user: the same key makes a todo for another user, who never sees the first', async () => {
    const owner = h.user();
    const other = h.user();
    const mine = (await owner.post('/planning/todos', { todo: { title: 'Mine', ...source } })).body.todo;
    const theirs = await other.post('/planning/todos', { todo: { title: 'Theirs', ...source } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.todo).toMatchObject({ title: 'Theirs', ...source });
    expect(theirs.body.todo.id).not.toBe(mine.id);
    expect((await other.get('/planning/todos')).body.todos.map((t: { title: string }) => t.title)).toEqual(['Theirs']);
    expect((await owner.get('/planning/todos')).body.todos.map((t: { title: string }) => t.title)).toEqual(['Mine']);
  });

  test('the fields are bounded: a key of 200 safe characters, a label of 200, an app path of 500', async () => {
    const c = h.user();
    const bad = await c.post('/planning/todos', {
      todo: { title: 'x', source_key: 'k'.repeat(201), source_label: 'l'.repeat(201), source_url: '/' + 'u'.repeat(500) },
    });
    expect([bad.status, bad.body]).toEqual([422, refused(M.sourceKeyInvalid, M.sourceLabelTooLong, M.sourceUrlInvalid)]);
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil', 'javascript:alert(1)', '/a b']) {
      expect((await c.post('/planning/todos', { todo: { title: 'x', source_url: url } })).body).toEqual(refused(M.sourceUrlInvalid));
    }
    for (const key of ['meeting 12', 'line<script>', 42]) {
      expect((await c.post('/planning/todos', { todo: { title: 'x', source_key: key } })).body).toEqual(refused(M.sourceKeyInvalid));
    }
    expect((await c.get('/planning/todos')).body.todos).toEqual([]);
    const longest = await c.post('/planning/todos', {
      todo: { title: 'x', source_key: 'k'.repeat(200), source_label: 'l'.repeat(200), source_url: '/' + 'u'.repeat(499) },
    });
    expect(longest.status).toBe(201);
  });

  test('editing a sourced todo keeps its source', async () => {
    const c = h.user();
    const id = (await c.post('/planning/todos', { todo: { title: 'Call', ...source } })).body.todo.id;
    expect((await c.patch(`/planning/todos/${id}`, { todo: { title: 'Call back' } })).body.todo).toMatchObject({
      title: 'Call back',
      ...source,
    });
  });
});
