import { describe, expect, test } from '@jest/globals';
import {
  actionLines,
  chatCreateTodoBody,
  createMilestoneBody,
  createTodoBody,
  generateActionPlanBody,
  generateWorkbackBody,
  normalizeTags,
  PLANNING_MESSAGES as M,
  saveTimelineItemBody,
  unfinishedActions,
  updateTodoBody,
  weekPromptQuery,
} from './planning';

const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((i) => i.message))];

describe('todo fields', () => {
  test('tags arrive as comma-separated text or a list and leave as a trimmed list without case duplicates', () => {
    const fromForm = createTodoBody.parse({ todo: { title: ' Call Sam ', tags: ' work, Network ,work,, network ' } });
    expect(fromForm.todo).toEqual({ title: 'Call Sam', due_date: null, description: '', tags: ['work', 'Network'], milestone_id: null });
    const fromAi = createTodoBody.parse({ todo: { title: 'Call Sam', tags: ['Work', ' work '], due_date: '2026-12-31' } });
    expect(fromAi.todo.tags).toEqual(['Work']);
    expect(fromAi.todo.due_date).toBe('2026-12-31');
    expect(normalizeTags(undefined)).toEqual([]);
  });

  test('every broken rule is listed', () => {
    const result = createTodoBody.safeParse({
      todo: { title: '  ', due_date: '2025-02-30', description: 'x'.repeat(2001), tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    });
    expect(errorsOf(result)).toEqual([M.titleRequired, M.dueDateInvalid, M.descriptionTooLong, M.tooManyTags]);
    expect(errorsOf(createTodoBody.safeParse({ todo: { title: 'x'.repeat(201), tags: 'a'.repeat(41) } }))).toEqual([
      M.titleTooLong,
      M.tagTooLong,
    ]);
    expect(errorsOf(createTodoBody.safeParse({}))).toEqual([M.titleRequired]);
    expect(errorsOf(createTodoBody.safeParse({ todo: 'nope' }))).toEqual([M.todoShape]);
    expect(errorsOf(createTodoBody.safeParse({ todo: { title: 'a', tags: 5 } }))).toEqual([M.tagsInvalid]);
    expect(errorsOf(createTodoBody.safeParse({ todo: { title: 'a', milestone_id: 2 ** 31 } }))).toEqual([M.milestoneIdInvalid]);
  });

  test('an edit changes only what it sends; a blank due date clears it', () => {
    expect(updateTodoBody.parse({ todo: { title: 'New' } }).todo).toEqual({ title: 'New' });
    expect(updateTodoBody.parse({ todo: { due_date: '' } }).todo).toEqual({ due_date: null });
    expect(errorsOf(updateTodoBody.safeParse({ todo: { title: '' } }))).toEqual([M.titleRequired]);
  });
});

describe('milestone fields', () => {
  test('a target date is required and real', () => {
    expect(errorsOf(createMilestoneBody.safeParse({ milestone: { title: 'Promotion' } }))).toEqual([M.targetDateRequired]);
    expect(errorsOf(createMilestoneBody.safeParse({ milestone: { title: 'Promotion', target_date: '2026-13-01' } }))).toEqual([
      M.targetDateInvalid,
    ]);
    expect(createMilestoneBody.parse({ milestone: { title: 'Promotion', target_date: '2026-06-30', milestone_type: '90-day' } })).toEqual({
      milestone: { title: 'Promotion', target_date: '2026-06-30', description: '', milestone_type: '90-day' },
    });
  });
});

describe('the planning chat payloads are JSON text', () => {
  test('todo_data parses, then is checked as a todo', () => {
    const body = chatCreateTodoBody.parse({
      todo_data: JSON.stringify({ title: 'Send the deck', due_date: '2026-11-27', tags: ['work'] }),
    });
    expect(body.todo_data).toMatchObject({ title: 'Send the deck', due_date: '2026-11-27', tags: ['work'] });
    expect(errorsOf(chatCreateTodoBody.safeParse({ todo_data: '{"title": "x",' }))).toEqual([M.todoDataInvalid]);
    expect(errorsOf(chatCreateTodoBody.safeParse({ todo_data: '[1]' }))).toEqual([M.todoDataShape]);
    expect(errorsOf(chatCreateTodoBody.safeParse({}))).toEqual([M.todoDataRequired]);
    expect(errorsOf(chatCreateTodoBody.safeParse({ todo_data: '{"due_date": "tomorrow"}' }))).toEqual([M.titleRequired, M.dueDateInvalid]);
  });

  test('goal_data takes the goal as title or goal', () => {
    const body = generateWorkbackBody.parse({ goal_data: JSON.stringify({ goal: 'Get promoted', target_date: '2027-03-01' }) });
    expect(body.goal_data).toEqual({ title: 'Get promoted', target_date: '2027-03-01', description: '', milestone_type: '', context: '' });
    expect(errorsOf(generateWorkbackBody.safeParse({ goal_data: '{"target_date": "2027-02-29"}' }))).toEqual([
      M.targetDateInvalid,
      M.goalTitleRequired,
    ]);
    expect(errorsOf(generateWorkbackBody.safeParse({ goal_data: 'not json' }))).toEqual([M.goalDataInvalid]);
    expect(errorsOf(generateWorkbackBody.safeParse({ goal_data: 'x'.repeat(20_001) }))).toEqual([M.payloadTooLong]);
  });
});

describe('weeks', () => {
  test('a week key must exist: 2026 has 53 ISO weeks, 2025 has 52', () => {
    expect(saveTimelineItemBody.parse({ period_key: '2026-W53', content: 'x' })).toMatchObject({
      period_type: 'week',
      period_key: '2026-W53',
    });
    expect(errorsOf(saveTimelineItemBody.safeParse({ period_key: '2025-W53', content: 'x' }))).toEqual([M.periodKeyInvalid]);
    expect(errorsOf(saveTimelineItemBody.safeParse({ period_type: 'month', period_key: '2026-01', content: 'x' }))).toEqual([
      M.periodTypeInvalid,
      M.periodKeyInvalid,
    ]);
    expect(errorsOf(weekPromptQuery.safeParse({ period_key: '2026-W1' }))).toEqual([M.periodKeyInvalid]);
  });

  test('a week AI prompt is never blank', () => {
    expect(errorsOf(generateActionPlanBody.safeParse({ prompt: '   ', period_key: '2026-W10', period_type: 'week' }))).toEqual([
      M.weekPromptRequired,
    ]);
  });

  test('action lines: [x] is done, everything else listed is open', () => {
    const content = '## Focus\n- [x] Send deck\n- [ ] Call Sam\n* Draft intro\n1. Book room\nPlain line\n';
    expect(actionLines(content).map((a) => [a.text, a.done])).toEqual([
      ['Send deck', true],
      ['Call Sam', false],
      ['Draft intro', false],
      ['Book room', false],
      ['Plain line', false],
    ]);
    expect(unfinishedActions(content)).toEqual(['- [ ] Call Sam', '- [ ] Draft intro', '- [ ] Book room', '- [ ] Plain line']);
  });
});
