/**
 * The offline coach over realistic conversations (issue 9, "the offline coach reads like a
 * coach"): an interview story, a career goal, a project retrospective and a journal day, each
 * multi-turn and about a file with content. Every reply is checked for the patterns that broke
 * its grammar before, and for talking about what the file holds and lacks.
 */
import { describe, expect, test } from '@jest/globals';
import { starFromMessages } from '@cc/contracts/star';
import { createOfflineCoach } from './offline-provider';
import { SPECIFICS_PRAISE } from './reflect';
import { converse, expectCleanReplies, grammarProblems, replies, storyQuestion, type ConversationBase as Base } from './testing';

const ai = createOfflineCoach();

describe('the grammar check itself', () => {
  test('flags what the coach used to say', () => {
    const user = ['Remember this line: customers stay when support answers within an hour.'];
    expect(grammarProblems('It sounds like Remember this line: customers stay when support answers within an hour.', user)).toEqual(
      expect.arrayContaining(['a capitalised sentence spliced after "It sounds like"', 'an echo frame']),
    );
    expect(grammarProblems('So you led the team.. What next?', [])).toContain('doubled punctuation');
    expect(grammarProblems('Noted. what next?', [])).toContain('a lowercase sentence start');
    expect(grammarProblems('You wrote: "Remember this line.', user)).toContain('unbalanced quotes');
    expect(grammarProblems('Great: Remember this line: customers stay, and then?', user)).toContain(
      'the user\'s words outside quotes: "Remember this line: customers"',
    );
    expect(grammarProblems('- [What you personally had to achieve.]', [])).toContain('a bracketed placeholder');
  });
});

describe('an interview story with no result yet', () => {
  const fileContent = [
    '# Checkout rescue',
    '',
    '## Situation',
    '- Acme, 2023: checkout was failing 10% of payments two weeks before Black Friday.',
    '',
    '## Task',
    '- I was responsible for getting failures under 1% before the code freeze.',
    '',
    '## Action',
    '- I analysed the logs, found a retry storm and rewrote the retry logic with backoff.',
    '',
    '## Result',
    '',
  ].join('\n');
  const base: Base = { mode: 'agent', folder: 'interview-stories', fileName: 'checkout-rescue.md', fileContent };

  test('the coach reads the story, names the missing result and asks for it, then moves on once told', async () => {
    const history = await converse(base, [
      'Can you look at my story?',
      'Update the file',
      'As a result, failed payments dropped to 0.3% and we handled a record 2 million orders that weekend.',
      'I learned that the fastest fix is often to remove load, not to add servers.',
    ]);
    const [look, update, result, lesson] = replies(history);
    expect(look).toContain('Your story in checkout-rescue.md has the scene, your task and what you did; it is still missing how it ended.');
    expect(look).toBe(
      `Your story in checkout-rescue.md has the scene, your task and what you did; it is still missing how it ended. ${storyQuestion('Result')}`,
    );
    // Asked to update with nothing new said, it talks about the file, not "once there is something to add".
    expect(update).toContain('There is nothing new from our conversation to add to checkout-rescue.md yet.');
    expect(update).toContain('still missing how it ended');
    // A result in numbers is praised as such, in the coach's words: the message is never handed back.
    expect(result).toContain(SPECIFICS_PRAISE);
    expect(result).not.toContain('failed payments dropped');
    // Read out once (and on request), not on every turn.
    expect(result).not.toContain('Your story in checkout-rescue.md');
    expect(result!.endsWith(storyQuestion('Reflection'))).toBe(true);
    expect(lesson).not.toContain('still missing');
    const again = await ai.chatReply({ ...base, history, message: 'What is missing now?' });
    expect(again).toContain('Your story in checkout-rescue.md has the scene, your task and what you did.');
    expectCleanReplies(history);
  });

  test("the coach's own lines never count as the user's story", async () => {
    const history = await converse({ ...base, fileContent: '# Checkout rescue\n\nWe were short of time.\n' }, [
      'What is missing?',
      'hello',
    ]);
    const coachOnly = history.filter((m) => m.role === 'assistant');
    expect(starFromMessages(coachOnly)).toMatchObject({ task: false, action: false, result: false });
    expectCleanReplies(history);
  });

  test('a story told as prose is read in order: the result is missing until one is told', async () => {
    const prose =
      '# Checkout rescue\n\nI was working at Acme when checkout failed 10% of payments. I had to fix it before Black Friday. I rewrote the retry logic with backoff.\n';
    const [reply] = replies(await converse({ ...base, fileContent: prose }, ['hi']));
    expect(reply).toContain('it is still missing how it ended');
    expect(reply!.endsWith(storyQuestion('Result'))).toBe(true);
  });
});

describe('a career goal without a date', () => {
  const fileContent = '# One year goals\n\nI want to become an engineering manager.\nIt matters because I enjoy helping people grow.\n';
  const base: Base = { mode: 'agent', folder: 'career-goals', fileName: 'one-year-goals.md', fileContent };

  test('the coach names the missing date, takes the answer and asks for the next gap', async () => {
    const history = await converse(base, [
      'Hi',
      'By the end of 2026.',
      'I will ask my manager Priya for a team lead trial on the payments squad this week.',
      'Update the file',
    ]);
    const [hello, date, step, update] = replies(history);
    expect(hello).toContain('Your plan in one-year-goals.md has the goal and why it matters; it is still missing a date and a first step.');
    expect(hello!.endsWith('By when would you like to get there?')).toBe(true);
    // Where the answer goes is said once, by the offer of the page's button (not "Noted under Timeline." as well).
    expect(date).toContain("I can add what you've shared to one-year-goals.md under Timeline.");
    expect(date).not.toContain('Noted under');
    expect(date).not.toContain('still missing a date');
    expect(date!.endsWith('What is one step you could take this week?')).toBe(true);
    expect(step!.startsWith('That is a clear next step, and it already has a day.')).toBe(true);
    expect(step).not.toContain('still missing a first step');
    expect(update).toContain("I can add what you've shared to one-year-goals.md");
    expectCleanReplies(history);
  });

  test('a goal file in any folder is read as a goal', async () => {
    const [reply] = replies(
      await converse({ ...base, folder: 'my-career', fileName: 'promotion-goal.md' }, ['What do you think of this?']),
    );
    expect(reply).toContain('it is still missing a date');
  });
});

describe('a project retrospective without lessons', () => {
  const fileContent = [
    '# Billing migration retro',
    '',
    '## What happened',
    'We moved billing from Oracle to Postgres over six months.',
    '',
    '## What went well',
    '- The dual-write phase caught 14 data bugs before cutover.',
    '',
    '## What went wrong',
    '- Cutover slipped by three weeks because the data team was not ready.',
    '',
  ].join('\n');
  const base: Base = { mode: 'ask', folder: 'current-projects', fileName: 'billing-migration-retro.md', fileContent };

  test('the coach names the missing lessons and asks for them', async () => {
    const history = await converse(base, [
      'What is missing?',
      'Next time I would bring the data team into planning from the first week.',
      'Remember this line: a migration is only as fast as its slowest consumer.',
    ]);
    const [missing, lessons, remember] = replies(history);
    expect(missing).toContain(
      'Your retrospective in billing-migration-retro.md has what happened, what went well and what went wrong; it is still missing lessons.',
    );
    expect(missing!.endsWith('What did you learn that you would carry into your next project?')).toBe(true);
    expect(lessons).not.toContain('bring the data team into planning');
    expect(lessons).not.toContain('still missing lessons');
    // An instruction is never turned into "It sounds like Remember…", nor handed back: the line is taken as one to keep.
    expect(remember!.startsWith('That is a line worth keeping.')).toBe(true);
    expect(remember).not.toContain('slowest consumer');
    expectCleanReplies(history);
  });
});

describe('a journal day', () => {
  const base: Base = {
    mode: 'ask',
    folder: 'journal',
    fileName: '2026-11-23.md',
    fileContent: 'Had the quarterly review with Dana this morning. It went better than expected.\n',
    today: '2026-11-23',
  };

  test('the coach reads the entry and asks for how it felt, then for tomorrow', async () => {
    const history = await converse(base, [
      'hey',
      'I felt relieved, and I noticed I over-prepared again.',
      'Tomorrow I will send Dana the follow-up notes before lunch.',
    ]);
    const [hey, felt, tomorrow] = replies(history);
    expect(hey).toContain('Your entry for 23 November has what happened; it is still missing how it felt and a plan for tomorrow.');
    expect(hey!.endsWith('How did it feel, and what did you notice about yourself?')).toBe(true);
    expect(felt!.endsWith('What is one thing you want to do tomorrow?')).toBe(true);
    expect(tomorrow).not.toContain('still missing');
    expectCleanReplies(history);
  });
});

describe("a meeting's preparation", () => {
  test('the coach calls it this meeting, never by the file name its chat is kept under', async () => {
    const base: Base = {
      mode: 'ask',
      folder: 'meetings',
      fileName: 'meeting-prep-12.md',
      fileContent: '# Budget review\n\n## Goals\nAgree the Q1 budget with Priya by 15 January.\n',
    };
    const history = await converse(base, ['What is missing from my preparation?']);
    const [reply] = replies(history);
    expect(reply).toBe(
      "This meeting's preparation has Goals so far. The Agenda tab is still empty: which topics need to be covered, in what order?",
    );
    expect(reply).not.toMatch(/meeting-prep|\.md\b/);
    expectCleanReplies(history);
  });
});

describe('a weekly reflection', () => {
  test("the coaching opener reads the reflection's file and asks for its first empty heading", async () => {
    const base: Base = {
      mode: 'agent',
      folder: 'coaching',
      fileName: 'what_went_well_2026-W47.md',
      fileContent: '# What went well\n\n## What happened\n- Shipped the onboarding redesign on Tuesday.\n',
    };
    const history = await converse(base, [
      "I'm ready to start reflecting on: What went well this week?",
      'The redesign went well because we tested it with five customers first.',
    ]);
    const [opener, answer] = replies(history);
    expect(opener).toBe(
      'Let\'s reflect on "What went well this week?" Your notes on this question have "What happened"; they are still missing "What went well", "What was hard" and "What I will do next". What went well, and what made it work?',
    );
    expect(answer!.endsWith('What was hard, and what did it teach you?')).toBe(true);
    expectCleanReplies(history);
  });
});

describe('files with nothing yet, and awkward user text', () => {
  test('an empty file with nothing said yet: no promise about "something to add"', async () => {
    const reply = await ai.chatReply({
      mode: 'agent',
      folder: 'career-goals',
      fileName: 'goals.md',
      fileContent: '',
      history: [],
      message: 'update the file',
    });
    expect(reply).toBe('There is nothing from our conversation to add yet. What goal are you working towards in the next year or two?');
  });

  test('user text with quotes, doubled dots and a lowercase start still gives a clean quote', async () => {
    const history = await converse({ mode: 'ask', folder: 'side-hustle', fileName: 'shop.md', fileContent: '' }, [
      'my mentor said "ship it".. so I opened the shop!!',
    ]);
    // Nothing of it is handed back, so nothing of its punctuation can break the reply.
    expect(replies(history)[0]).toBe('Noted under Key points. What would you like to do next about it?');
    expectCleanReplies(history);
  });
});
