import { describe, expect, test } from '@jest/globals';
import { findPlanningAction, withoutPlanningAction } from './planning-actions';

describe('planning actions in a reply', () => {
  test('finds a bare create_todo', () => {
    const reply =
      'Sure, adding it.\n\n{"action": "create_todo", "todo_data": {"title": "Call Sam", "due_date": "2025-03-18", "tags": ["network"]}}';
    expect(findPlanningAction(reply)).toEqual({
      action: 'create_todo',
      todo_data: { title: 'Call Sam', due_date: '2025-03-18', tags: ['network'] },
    });
    expect(withoutPlanningAction(reply)).toBe('Sure, adding it.');
  });

  test('finds a fenced create_workback_plan, with braces inside strings', () => {
    const reply = 'Plan:\n```json\n{"action":"create_workback_plan","goal_data":{"title":"Launch {beta}","target_date":"2025-06-30"}}\n```';
    expect(findPlanningAction(reply)).toEqual({
      action: 'create_workback_plan',
      goal_data: { title: 'Launch {beta}', target_date: '2025-06-30' },
    });
    expect(withoutPlanningAction(reply)).toBe('Plan:');
  });

  test('ignores other JSON and plain text', () => {
    expect(findPlanningAction('No action here {not json}')).toBeUndefined();
    expect(findPlanningAction('{"action": "delete_everything"}')).toBeUndefined();
  });
});
