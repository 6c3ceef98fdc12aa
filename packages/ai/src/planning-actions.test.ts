import { describe, expect, test } from '@jest/globals';
import { chatCreateTodoBody, generateWorkbackBody } from '@cc/contracts/planning';
import { findPlanningAction } from '@cc/contracts/planning-actions';
import { chatReplySystem } from './prompts';

describe("the model's prompt states the form the planning calls check", () => {
  test('both example actions, with a real date, pass the contracts schemas', () => {
    const system = chatReplySystem({ mode: 'agent', folder: 'planning', fileName: 'all_todos.md', fileContent: '', today: '2026-11-23' });
    expect(system).toContain('Today is Monday, 2026-11-23.');
    const lines = system.split('\n').filter((l) => l.startsWith('{"action"'));
    expect(lines).toHaveLength(2);
    const [todo, goal] = lines.map((l) => findPlanningAction(l.replaceAll('YYYY-MM-DD', '2026-11-27')));
    expect(todo?.action).toBe('create_todo');
    expect(goal?.action).toBe('create_workback_plan');
    if (todo?.action !== 'create_todo' || goal?.action !== 'create_workback_plan') return;
    expect(chatCreateTodoBody.safeParse({ todo_data: JSON.stringify(todo.todo_data) }).success).toBe(true);
    expect(generateWorkbackBody.safeParse({ goal_data: JSON.stringify(goal.goal_data) }).success).toBe(true);
  });

  test('ask mode and other folders get no actions', () => {
    expect(chatReplySystem({ mode: 'ask', folder: 'planning', fileName: 'all_todos.md', fileContent: '' })).not.toContain('"action"');
    expect(chatReplySystem({ mode: 'agent', folder: 'career-goals', fileName: 'x.md', fileContent: '' })).not.toContain('"action"');
  });
});
