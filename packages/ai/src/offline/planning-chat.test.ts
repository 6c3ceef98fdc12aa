import { describe, expect, test } from '@jest/globals';
import { chatCreateTodoBody, generateWorkbackBody } from '@cc/contracts/planning';
import { findPlanningAction, withoutPlanningAction } from '@cc/contracts/planning-actions';
import { todoCreatedLine } from '@cc/contracts/planning-rules';
import { planningActionReply } from './planning-chat';
import { planningActionsInstruction } from '../prompts';

// Monday, 23 November 2026.
const TODAY = '2026-11-23';
const todoOf = (message: string) => {
  const action = findPlanningAction(planningActionReply(message, TODAY) ?? '');
  return action?.action === 'create_todo' ? action.todo_data : undefined;
};
const goalOf = (message: string) => {
  const action = findPlanningAction(planningActionReply(message, TODAY) ?? '');
  return action?.action === 'create_workback_plan' ? action.goal_data : undefined;
};

describe('offline planning chat: todos', () => {
  test.each([
    ['remind me to send the deck by Friday', 'Send the deck', '2026-11-27'],
    ['Remind me to send the deck by Friday.', 'Send the deck', '2026-11-27'],
    ['add a todo: call Sam next Tuesday', 'Call Sam', '2026-12-01'],
    ['Add a task to update my CV tomorrow please', 'Update my CV', '2026-11-24'],
    ['todo: book the offsite venue on December 3', 'Book the offsite venue', '2026-12-03'],
    ['Can you add "review Q4 goals" to my list for 2026-12-10?', 'Review Q4 goals', '2026-12-10'],
    ["Don't let me forget to thank Maria in two weeks", 'Thank Maria', '2026-12-07'],
    ['Create a reminder to renew my passport before the end of the month', 'Renew my passport', '2026-11-30'],
    ['add a todo: draft the promotion doc', 'Draft the promotion doc', TODAY],
  ])('%s', (message, title, due) => {
    expect(todoOf(message)).toEqual({ title, due_date: due, description: '', tags: [] });
  });

  test('the reply is sentences a person would write, then the exact JSON line the page executes', () => {
    const reply = planningActionReply('remind me to send the deck by Friday', TODAY)!;
    expect(withoutPlanningAction(reply)).toBe(
      'I\'ll add "Send the deck" to your todos, due 27 November. What is the first small step, so it is easy to start?',
    );
    expect(reply.split('\n').at(-1)).toBe(
      '{"action":"create_todo","todo_data":{"title":"Send the deck","due_date":"2026-11-27","description":"","tags":[]}}',
    );
    const action = findPlanningAction(reply)!;
    expect(action.action === 'create_todo' && chatCreateTodoBody.safeParse({ todo_data: JSON.stringify(action.todo_data) }).success).toBe(
      true,
    );
  });

  test('hashtags become tags; an undated todo is due today and the reply says so', () => {
    expect(todoOf('add a todo: prepare the #demo for the #Team meeting #demo')).toEqual({
      title: 'Prepare the demo for the Team meeting',
      due_date: TODAY,
      description: '',
      tags: ['demo', 'Team'],
    });
    expect(planningActionReply('add a todo: draft the promotion doc', TODAY)).toContain(
      'due today (23 November); tell me if it should be another day',
    );
  });

  test('questions and plain conversation are not actions', () => {
    for (const message of [
      'How do I add a task?',
      'What todos do I have this week?',
      'I had a great week, shipped the beta.',
      'Add a todo',
    ]) {
      expect(findPlanningAction(planningActionReply(message, TODAY) ?? '')).toBeUndefined();
    }
    expect(planningActionReply('Add a todo', TODAY)).toBe('Happy to add a todo. What should it say, and when is it due?');
  });
});

describe('offline planning chat: workback plans', () => {
  test.each([
    ['plan backwards from March 1 to get promoted', 'Get promoted', '2027-03-01'],
    ['Can you make a workback plan for launching the beta by June 30?', 'Launching the beta', '2027-06-30'],
    ['I want to run a half marathon on 2027-04-18, can you plan backwards?', 'Run a half marathon', '2027-04-18'],
    ['work backwards from the end of January: ship the new pricing page', 'Ship the new pricing page', '2027-01-31'],
  ])('%s', (message, title, target) => {
    expect(goalOf(message)).toEqual({ title, target_date: target });
  });

  test('the reply names the goal and the date, then the exact JSON line; the calls accept it', () => {
    const reply = planningActionReply('plan backwards from March 1 to get promoted', TODAY)!;
    expect(withoutPlanningAction(reply)).toBe(
      'Let\'s work back from 1 March 2027. I\'ll create the milestone "Get promoted" with five dated todos linked to it, from today up to the day before. The first one, for today, is to define what the next level looks like: is that small enough to start now?',
    );
    const action = findPlanningAction(reply)!;
    expect(
      action.action === 'create_workback_plan' && generateWorkbackBody.safeParse({ goal_data: JSON.stringify(action.goal_data) }).success,
    ).toBe(true);
  });

  test('without a target date the coach asks for one instead of guessing; a past date is questioned', () => {
    const reply = planningActionReply('Make me a workback plan to get promoted', TODAY)!;
    expect(findPlanningAction(reply)).toBeUndefined();
    expect(reply).toBe(
      'Let\'s plan backwards towards "Get promoted". By when do you want to get there? Give me a date (for example "by March 1") and I will lay out the steps from today.',
    );
    const past = planningActionReply('plan backwards from 2026-01-05 to get promoted', TODAY)!;
    expect(findPlanningAction(past)).toBeUndefined();
    expect(past).toBe('5 January has already passed. Which date in the future should "Get promoted" be ready by?');
  });
});

describe('offline planning chat: what the page lists, and only its words', () => {
  const facts = {
    todos: [{ title: 'Send the deck', due_date: '2026-11-27' }],
    milestones: [
      { title: 'Promotion packet submitted', target_date: '2026-12-04' },
      { title: 'Get promoted', target_date: '2027-03-01' },
    ],
  };
  const replyTo = (message: string) => planningActionReply(message, TODAY, facts)!;

  test('a todo already listed is not added again; the milestone a todo leads up to is named, and a todo due after it questioned', () => {
    expect(replyTo('remind me to send the deck by Friday')).toBe(
      '"Send the deck" is already in your todos, due 27 November. Should I add it a second time, or would you rather change that one\'s date in the list?',
    );
    expect(withoutPlanningAction(replyTo('Remind me to send the promotion packet to Priya by Friday'))).toBe(
      'I\'ll add "Send the promotion packet to Priya" to your todos, due 27 November. It leads up to your milestone "Promotion packet submitted" (target 4 December).',
    );
    expect(withoutPlanningAction(replyTo('add a todo: polish the promotion packet on December 10'))).toBe(
      'I\'ll add "Polish the promotion packet" to your todos, due 10 December. That is after the target date of your milestone "Promotion packet submitted" (4 December): should it be due earlier?',
    );
  });

  test('a milestone already there is not planned a second time without asking; a near target gets three todos, from today to the day itself', () => {
    const again = replyTo('plan backwards from March 1 to get promoted');
    expect(findPlanningAction(again)).toBeUndefined();
    expect(again).toContain('You already have the milestone "Get promoted" (target 1 March 2027).');
    expect(withoutPlanningAction(replyTo('work backwards from tomorrow: prepare for the interview at Acme'))).toContain(
      'with three dated todos linked to it, from today to the day itself. The first one, for today, is to find out what the interview at Acme will cover',
    );
  });

  test('a date gone by is asked about, never scheduled; no reply names a file or a button of another page', () => {
    const past = replyTo('add a todo: call Sam on 2026-11-02');
    expect(findPlanningAction(past)).toBeUndefined();
    expect(past).toBe('2 November has already passed. When should "Call Sam" be due instead?');
    for (const message of [
      'remind me to send the deck to Maria by Friday',
      'add a todo: call Sam next Tuesday',
      'plan backwards from March 1 to ship the new pricing page',
      'Make me a workback plan to get promoted',
      'Add a todo',
    ]) {
      const reply = withoutPlanningAction(planningActionReply(message, TODAY, facts)!);
      expect(reply).not.toMatch(/\.md\b|\bfile\b|Update file|JSON/i);
      expect(reply).toMatch(/^[A-Z"].*[.?]$/s);
    }
  });
});

describe('the model is told the same way to show a date', () => {
  test('ISO in the action JSON, and in its sentences the form of every chat sentence and of the result line', () => {
    const text = planningActionsInstruction(TODAY);
    expect(text).toContain('In the JSON, write every date as YYYY-MM-DD');
    expect(text).toContain('In your sentences to the user, write a date as "23 November"');
    // The line the page adds after the action writes its day the same way.
    expect(todoCreatedLine({ title: 'Send the deck', due_date: '2026-11-27' })).toBe('Created the todo "Send the deck", due 27 November.');
  });
});
