import { describe, expect, test } from '@jest/globals';
import { PLANNING_MESSAGES as M } from '@cc/contracts';
import { refused, startedForTests } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';

const h = startedForTests(startCoaching);

describe('milestones', () => {
  test('create, list by target date, edit, toggle and delete', async () => {
    const c = h.user();
    const created = await c.post('/planning/milestones', {
      milestone: { title: 'Promotion case ready', target_date: '2027-02-21', description: 'Evidence pack', milestone_type: '90-day' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      errors: [],
      milestone: {
        id: expect.any(Number),
        title: 'Promotion case ready',
        target_date: '2027-02-21',
        description: 'Evidence pack',
        milestone_type: '90-day',
        completed: false,
        progress: { done: 0, total: 0 },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const id = created.body.milestone.id as number;
    await c.post('/planning/milestones', { milestone: { title: 'Earlier', target_date: '2026-12-31' } });
    expect((await c.get('/planning/milestones')).body.milestones.map((m: { title: string }) => m.title)).toEqual([
      'Earlier',
      'Promotion case ready',
    ]);

    const edited = await c.patch(`/planning/milestones/${id}`, { milestone: { target_date: '2027-03-01', milestone_type: '' } });
    expect(edited.body.milestone).toMatchObject({ id, title: 'Promotion case ready', target_date: '2027-03-01', milestone_type: '' });
    expect((await c.patch(`/planning/milestones/${id}/toggle_completed`)).body.milestone.completed).toBe(true);
    expect((await c.delete(`/planning/milestones/${id}`)).body).toEqual({ success: true, errors: [], unlinked_todos: 0 });
    expect((await c.get('/planning/milestones')).body.milestones.map((m: { title: string }) => m.title)).toEqual(['Earlier']);
  });

  test('each milestone answers the progress of its linked todos', async () => {
    const c = h.user();
    const m = (await c.post('/planning/milestones', { milestone: { title: 'Launch', target_date: '2027-01-15' } })).body.milestone;
    const ids: number[] = [];
    for (const title of ['Spec', 'Build', 'Ship']) {
      ids.push((await c.post('/planning/todos', { todo: { title, milestone_id: m.id } })).body.todo.id);
    }
    await c.post('/planning/todos', { todo: { title: 'Unrelated' } });
    await c.patch(`/planning/todos/${ids[0]}/toggle_completed`);
    expect((await c.get('/planning/milestones')).body.milestones[0].progress).toEqual({ done: 1, total: 3 });
    await c.patch(`/planning/todos/${ids[1]}`, { todo: { milestone_id: null } });
    expect((await c.patch(`/planning/milestones/${m.id}`, { milestone: { title: 'Launch v1' } })).body.milestone.progress).toEqual({
      done: 1,
      total: 2,
    });
  });

  test('deleting a milestone unlinks its todos and deletes none', async () => {
    const c = h.user();
    const m = (await c.post('/planning/milestones', { milestone: { title: 'Move teams', target_date: '2027-04-01' } })).body.milestone;
    for (const title of ['Talk to manager', 'Shadow the team']) await c.post('/planning/todos', { todo: { title, milestone_id: m.id } });
    const res = await c.delete(`/planning/milestones/${m.id}`);
    expect(res.body).toEqual({ success: true, errors: [], unlinked_todos: 2 });
    const todos = (await c.get('/planning/todos')).body.todos;
    expect(todos.map((t: { title: string; milestone_id: number | null }) => [t.title, t.milestone_id])).toEqual([
      ['Talk to manager', null],
      ['Shadow the team', null],
    ]);
  });

  test('every broken rule is listed', async () => {
    const c = h.user();
    expect((await c.post('/planning/milestones', { milestone: { title: '' } })).body).toEqual(
      refused(M.titleRequired, M.targetDateRequired),
    );
    expect(
      (await c.post('/planning/milestones', { milestone: { title: 'a', target_date: '2026-02-29', milestone_type: 'x'.repeat(51) } })).body,
    ).toEqual(refused(M.targetDateInvalid, M.milestoneTypeTooLong));
    expect((await c.post('/planning/milestones', { milestone: 'Launch' })).body).toEqual(refused(M.milestoneShape));
    const id = (await c.post('/planning/milestones', { milestone: { title: 'Keep', target_date: '2027-01-01' } })).body.milestone.id;
    expect((await c.patch(`/planning/milestones/${id}`, { milestone: { target_date: '' } })).body).toEqual(refused(M.targetDateRequired));
  });

  test("another user's milestone is not found, and its todos stay linked", async () => {
    const owner = h.user();
    const other = h.user();
    const m = (await owner.post('/planning/milestones', { milestone: { title: 'Mine', target_date: '2027-01-01' } })).body.milestone;
    await owner.post('/planning/todos', { todo: { title: 'Linked', milestone_id: m.id } });
    for (const res of [
      await other.patch(`/planning/milestones/${m.id}`, { milestone: { title: 'Theirs' } }),
      await other.patch(`/planning/milestones/${m.id}/toggle_completed`),
      await other.delete(`/planning/milestones/${m.id}`),
      await other.delete('/planning/milestones/0'),
    ]) {
      expect([res.status, res.body]).toEqual([404, refused(M.milestoneNotFound)]);
    }
    expect((await other.get('/planning/milestones')).body.milestones).toEqual([]);
    expect((await owner.get('/planning/milestones')).body.milestones).toEqual([
      expect.objectContaining({ title: 'Mine', completed: false, progress: { done: 0, total: 1 } }),
    ]);
  });
});
