import { describe, expect, test } from '@jest/globals';
import { PAGING_MESSAGES } from '@cc/contracts';
import { encodeCursor } from '@cc/service-kit';
import { readPages, startedForTests, type TestClient } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';

const h = startedForTests(startCoaching);

async function addTodos(c: TestClient, dues: (string | undefined)[]): Promise<number[]> {
  const ids = [];
  for (const [i, due_date] of dues.entries()) {
    const res = await c.post('/planning/todos', { todo: { title: `t${i}`, ...(due_date ? { due_date } : {}) } });
    if (res.status !== 201) throw new Error(`POST /planning/todos ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.todo.id as number);
  }
  return ids;
}

describe('GET /planning/todos, paged (docs/api.md#paged-lists)', () => {
  test('pages join to the whole list (open first, by due date, undated last, then id); next_cursor null at the end', async () => {
    const c = h.user();
    // Same dates, no dates, done and open: every part of the sort key, ties included.
    const ids = await addTodos(c, [
      '2026-05-01',
      undefined,
      '2026-03-01',
      '2026-05-01',
      undefined,
      '2025-12-31',
      '2026-03-01',
      '2026-05-01',
    ]);
    for (const id of [ids[0], ids[4], ids[5]]) await c.patch(`/planning/todos/${id}/toggle_completed`);
    await addTodos(h.user(), ['2026-01-01', undefined]);

    const whole = await c.get('/planning/todos');
    expect(Object.keys(whole.body)).toEqual(['success', 'todos']);
    const order = (whole.body.todos as { id: number }[]).map((t) => t.id);
    expect(order).toEqual([ids[2], ids[6], ids[3], ids[7], ids[1], ids[5], ids[0], ids[4]]);
    for (const limit of [1, 3, 7, 8, 200]) {
      const { items, sizes } = await readPages(c, '/planning/todos', limit, (b) => b.todos);
      expect(items).toEqual(whole.body.todos);
      expect(sizes.slice(0, -1).every((s) => s === limit)).toBe(true);
    }
    expect((await c.get('/planning/todos?limit=8')).body.next_cursor).toBeNull();
  });

  test('a todo done between two pages moves to the done part: the next page neither repeats nor loses the others', async () => {
    const c = h.user();
    const ids = await addTodos(c, ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    const first = await c.get('/planning/todos?limit=2');
    await c.patch(`/planning/todos/${ids[0]}/toggle_completed`);
    const rest = await c.get(`/planning/todos?limit=2&cursor=${first.body.next_cursor}`);
    expect(rest.body.todos.map((t: { id: number }) => t.id)).toEqual([ids[2], ids[3]]);
  });

  test("another user's todos never appear; a bad cursor is 422", async () => {
    const c = h.user();
    await addTodos(h.user(), ['2026-01-01', undefined]);
    expect((await c.get('/planning/todos?limit=5')).body).toEqual({ success: true, todos: [], next_cursor: null });
    const bad = [
      encodeCursor([false, '2026-02-30', 1]),
      encodeCursor([false, 'never', 1]),
      encodeCursor(['false', 'infinity', 1]),
      encodeCursor([1, 2]),
    ];
    for (const cursor of bad) {
      const res = await c.get(`/planning/todos?limit=5&cursor=${cursor}`);
      expect([res.status, res.body]).toEqual([422, { success: false, errors: [PAGING_MESSAGES.cursorInvalid] }]);
    }
    expect((await c.get(`/planning/todos?cursor=${encodeCursor([false, 'infinity', 1])}`)).body.todos).toEqual([]);
  });
});
