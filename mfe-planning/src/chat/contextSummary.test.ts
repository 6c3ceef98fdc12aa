import { describe, expect, it } from '@jest/globals';
import { formatDay } from '@cc/contracts/dates';
import { milestone, todo } from '../testing/fixtures';
import { planningContextSummary, truncate } from './contextSummary';

describe('the planning chat context summary (spec §7)', () => {
  it('is sent only for 1 to 5 todos', () => {
    const todos = (n: number) => Array.from({ length: n }, (_, i) => todo({ title: `Task ${i + 1}` }));
    expect(planningContextSummary('all_todos', todos(0), [])).toBeUndefined();
    expect(planningContextSummary('all_todos', todos(1), [])).toBe('Current todos (1):\n- Task 1');
    expect(planningContextSummary('all_todos', todos(5), [])?.split('\n')).toHaveLength(6);
    expect(planningContextSummary('all_todos', todos(6), [])).toBeUndefined();
  });

  it('counts what the tab shows: milestones on the milestone view, done todos on done', () => {
    const todos = [todo({ title: 'Open', completed: false }), todo({ title: 'Finished', completed: true })];
    expect(planningContextSummary('done', todos, [])).toBe('Current todos (1):\n- Finished [done]');
    expect(planningContextSummary('milestones_view', todos, [])).toBeUndefined();
    const ms = [milestone({ title: 'Promotion', target_date: '2026-09-01', progress: { done: 1, total: 4 } })];
    expect(planningContextSummary('milestones_view', [], ms)).toBe(
      `Current milestones (1):\n- Promotion (target ${formatDay('2026-09-01')}, 90-day; 1/4 todos done)`,
    );
    expect(
      planningContextSummary(
        'milestones_view',
        [],
        Array.from({ length: 6 }, () => milestone()),
      ),
    ).toBeUndefined();
  });

  it('cuts todo titles at 80 characters, milestone titles at 100, descriptions at 100, each with an ellipsis', () => {
    const long = 'x'.repeat(150);
    const t = planningContextSummary('all_todos', [todo({ title: long, description: long })], [])!;
    expect(t).toContain(`- ${'x'.repeat(80)}... - ${'x'.repeat(100)}...`);
    expect(t).not.toContain('x'.repeat(101));
    const m = planningContextSummary('milestones_view', [], [milestone({ title: long })])!;
    expect(m).toContain(`- ${'x'.repeat(100)}... (target`);
    // Exactly at the limit: nothing is cut.
    expect(truncate('y'.repeat(80), 80)).toBe('y'.repeat(80));
    expect(truncate('y'.repeat(81), 80)).toBe(`${'y'.repeat(80)}...`);
  });

  it('names at most 3 tags, and the due date', () => {
    const t = planningContextSummary('all_todos', [todo({ title: 'Deck', due_date: '2026-03-02', tags: ['a', 'b', 'c', 'd'] })], [])!;
    expect(t).toBe(`Current todos (1):\n- Deck (due ${formatDay('2026-03-02')}) [tags: a, b, c]`);
  });
});
