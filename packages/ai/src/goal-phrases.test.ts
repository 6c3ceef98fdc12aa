import { describe, expect, test } from '@jest/globals';
import { readGoal, readGoals } from './goal-phrases';
import { weekSteps } from './goal-steps';
import { workbackTitles } from './workback-titles';

describe('a goal read as a verb and an object', () => {
  test.each([
    ['I want to finish the Q3 roadmap deck.', { kind: 'make', verb: 'finish', object: 'the Q3 roadmap deck', tail: '' }],
    ['Send the deck to Maria by Wednesday', { kind: 'deliver', verb: 'send', object: 'the deck', tail: 'to Maria', weekday: 2 }],
    ['Launching the beta', { kind: 'deliver', verb: 'launch', object: 'the beta', tail: '' }],
    ['get promoted to Staff Engineer', { kind: 'promotion', verb: 'get', object: 'the promotion', tail: '', role: 'Staff Engineer' }],
    [
      'one conversation with my manager',
      { kind: 'talk', verb: 'have', object: 'the conversation', tail: '', who: 'my manager', event: true },
    ],
    [
      'Onsite interview at Northwind',
      { kind: 'prepare', verb: 'prepare for', object: 'the onsite interview', tail: 'at Northwind', event: true },
    ],
    [
      'Finish my first ninety days as product manager',
      { kind: 'newjob', verb: 'finish', object: 'my first ninety days as product manager', tail: '' },
    ],
    [
      'make my weekly updates concrete with dates and owners',
      { kind: 'make', verb: 'make', object: 'my weekly updates', tail: 'with dates and owners', quality: 'concrete' },
    ],
    ['talk to Dana about the reorg', { kind: 'talk', verb: 'talk', object: '', tail: '', who: 'Dana', topic: 'the reorg' }],
    ['Prepare for the interview at Acme', { kind: 'prepare', verb: 'prepare for', object: 'the interview', tail: 'at Acme' }],
    ['My main goal is to land a new job', { kind: 'job', verb: 'land', object: 'a new job', tail: '' }],
    ['decide which team to join', { kind: 'decide', verb: 'decide', object: 'which team to join', tail: '' }],
    ['Run a half marathon', { kind: 'other', verb: 'run', object: 'a half marathon', tail: '' }],
    ['the Q3 roadmap', { kind: 'topic', verb: '', object: 'the Q3 roadmap', tail: '' }],
  ])('%s', (text, goal) => {
    expect(readGoal(text)).toEqual(goal);
  });

  test('sentences and clauses joined by "and" are goals each; context and questions are none', () => {
    expect(readGoals('Focus: Prepare the board update and one conversation with my manager.').map((g) => g.kind)).toEqual(['make', 'talk']);
    expect(readGoals('Finish the deck and the notes.').map((g) => g.object)).toEqual(['the deck and the notes']);
    expect(readGoals('It is a busy week because of the offsite. What should I do first?')).toEqual([]);
  });
});

describe('the steps a plan writes for a goal', () => {
  test('a week: a preparing action, the one that gets there, and a result (none the goal as typed)', () => {
    expect(weekSteps(readGoal('Send the deck to Maria')!)).toEqual({
      first: 'Get the deck ready to send',
      second: 'Get the deck to Maria',
      outcome: 'Deck sent to Maria',
    });
    expect(weekSteps(readGoal('get feedback from my manager')!)).toEqual({
      first: 'List what to raise with my manager',
      second: 'Request feedback from my manager',
      outcome: 'Feedback from my manager',
    });
    // No person named: the conversation is not given one.
    expect(weekSteps(readGoal('have a difficult conversation')!).second).toBe('Have the conversation');
  });

  test.each([
    [
      'Get promoted',
      [
        'Define what the next level looks like',
        'Ask my manager what the promotion needs',
        'Draft the promotion case',
        'Get feedback on the promotion case',
        'Check the promotion case is ready',
      ],
    ],
    [
      'Ship the new pricing page',
      [
        'Define what done looks like for the new pricing page',
        'List what the new pricing page still needs',
        'Finish the main work on the new pricing page',
        'Get feedback on the new pricing page',
        'Check the new pricing page is ready to ship',
      ],
    ],
    [
      'Run a half marathon',
      [
        'Define what running a half marathon takes',
        'List the help and time I need',
        'Take the biggest step towards running a half marathon',
        'Check my progress towards running a half marathon',
        'Do a final check before the target date',
      ],
    ],
    [
      'Q3 planning',
      [
        'Define what done looks like for Q3 planning',
        'List what it needs and who can help',
        'Do the main part of the work',
        'Get feedback on the work so far',
        'Check everything is ready',
      ],
    ],
    [
      'Onsite interview at Northwind',
      [
        'Find out what the onsite interview at Northwind will cover',
        'Gather the material for the interview',
        'Prepare my main points for the interview',
        'Rehearse for the interview with someone',
        'Do a final run-through for the interview',
      ],
    ],
    [
      'Difficult 1:1 about my project updates',
      [
        'Define what I want from the 1:1 about my project updates',
        'Gather the examples I want to bring',
        'Book a time for the 1:1',
        'Rehearse the opening with someone I trust',
        'Read my notes for the 1:1 once more',
      ],
    ],
    [
      'Finish my first ninety days as product manager',
      [
        'Ask my manager what success looks like in this role',
        'Meet the people my work depends on',
        'Pick one early win and start it',
        'Share what I have learned so far with my manager',
        'Write down my plan for the next quarter',
      ],
    ],
  ])('a workback plan towards "%s": five short imperatives', (goal, titles) => {
    expect(workbackTitles(readGoal(goal)!)).toEqual(titles);
  });

  test('a manager named in the context is the one asked', () => {
    expect(workbackTitles({ ...readGoal('Get promoted')!, who: 'Dana' })[1]).toBe('Ask Dana what the promotion needs');
  });
});
