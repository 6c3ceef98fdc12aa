/**
 * What a walk through every chat page as a new user found (issue 20: "every page's chat reads
 * as a coach who listens"): three-message conversations as a user has them, and the replies
 * that read as a machine not listening (a question answered and asked again, a page read out
 * again because an answer said "review", a list quoted cut short, a promise the update broke).
 */
import { describe, expect, test } from '@jest/globals';
import { createOfflineCoach } from './offline-provider';
import { promptQuestions } from './page-replies/coaching-prompt';
import { acknowledge, quoteOf, SPECIFICS_PRAISE } from './reflect';
import { takeUpIntent } from './facts';
import { converse, expectCleanReplies, replies, type ConversationBase as Base } from './testing';

const TODAY = '2026-11-26'; // a Thursday
const JOURNAL_CLOSING = 'what is the one thing you most want to remember or act on?';

describe('no question twice', () => {
  test('the journal asks its closing question once, then moves on to a wrap-up, each asked once', async () => {
    const base: Base = {
      mode: 'ask',
      folder: 'journal',
      fileName: '2026-11-26.md',
      fileContent: '## Today\nPresented the plan.\n\n## Reflections\nI felt nervous.\n\n## Tomorrow\nAsk Ada about the rollout.\n',
      today: TODAY,
      page: { kind: 'journal', date: TODAY },
    };
    const history = await converse(base, [
      'Today I presented the migration plan to the platform team and Ada was in the room.',
      'Ada said afterwards that she wants me to lead the rollout, which surprised me.',
      "I want to remember that I was nervous but my preparation paid off; tomorrow I'll ask her what leading the rollout would mean.",
    ]);
    const all = replies(history);
    expect(all.filter((r) => r.includes(JOURNAL_CLOSING))).toHaveLength(1);
    expect(all[1]).toContain('Is there anything else on your mind, or is this a good place to stop for now?');
    expect(all[2]!.endsWith('What else would you like to think through?')).toBe(true);
    expectCleanReplies(history);
  });

  test('"the migration plan to the team" is no plan for tomorrow', async () => {
    const base: Base = {
      mode: 'ask',
      folder: 'journal',
      fileName: '2026-11-26.md',
      fileContent: 'Presented the migration plan to the platform team. I felt nervous but it went well.\n',
      today: TODAY,
      page: { kind: 'journal', date: TODAY },
    };
    const [reply] = replies(await converse(base, ['Ada was in the room and asked about the rollback.']));
    expect(reply).toContain('it is still missing a plan for tomorrow. What is one thing you want to do tomorrow?');
  });
});

describe('an answer is an answer', () => {
  const checkin: Base = {
    mode: 'agent',
    folder: 'coaching',
    fileName: 'results_2026-W48.md',
    fileContent: '',
    today: TODAY,
    page: {
      kind: 'checkin',
      questionTitle: 'Results',
      question: 'Which of your outcomes for the week did you reach, and which not?',
      prompt: 'Go through each outcome with evidence. For any missed one, ask what happened and whether it still matters.',
      periodKey: '2026-W48',
      previous: { periodKey: '2026-W47', answer: 'I shipped the billing migration two days early.' },
    },
  };

  test('a check-in follows its prompt, and "before the review" in an answer does not read the notes out again', async () => {
    const history = await converse(checkin, [
      "I'm ready to start reflecting on: Which of your outcomes for the week did you reach, and which not?",
      "I reached two of my three outcomes. The migration plan was approved, but I didn't get to the promotion case draft.",
      'The approval went well because I walked Ada through the rollback plan before the review, so there were no surprises.',
    ]);
    const [opener, outcomes, approval] = replies(history);
    // The question is on the page: too long to quote back whole, it is named by its title.
    expect(opener).toBe(
      'Let\'s reflect on "Results". Last week you said: "I shipped the billing migration two days early." Can you go through each outcome with evidence?',
    );
    expect(outcomes!.endsWith('For any missed one, what happened, and does it still matter?')).toBe(true);
    // What worked is taken up in the coach's words, not quoted back.
    expect(approval!.startsWith('Good to hear it went well; what made it work is worth keeping.')).toBe(true);
    expect(approval).not.toContain('rollback plan');
    expect(approval).not.toContain('Last week you said');
    expectCleanReplies(history);
  });

  test("Update notes from chat puts an answer to the prompt's question under the heading the chat named", async () => {
    const history = await converse(checkin, [
      "I'm ready to start reflecting on: Which of your outcomes for the week did you reach, and which not?",
      'I reached two of my three outcomes and finished the on-call runbook.',
    ]);
    expect(replies(history)[1]).toContain('under What happened');
    const notes = await createOfflineCoach().suggestEdits({ ...checkin, history });
    expect(notes).toContain('## What happened\n- I reached two of my three outcomes');
    expect(notes).not.toContain('Notes from our conversation');
  });

  test('an answer to the prompt\'s "missed one" question is what was hard, not what went well', async () => {
    const history = await converse(checkin, [
      "I'm ready to start reflecting on: Which of your outcomes for the week did you reach, and which not?",
      "I reached two of my three outcomes. The migration plan was approved, but I didn't get to the promotion case draft.",
      'The draft slipped because the on-call week ate my evenings, and it still matters for the review in March.',
      'Next week I will block two mornings for the draft.',
    ]);
    const [, , missed, next] = replies(history);
    // What went well was never asked: the missed one's answer does not stand in for it.
    expect(missed!.endsWith('What went well, and what made it work?')).toBe(true);
    // Gone past, it is not asked again at once.
    expect(next).not.toContain('What went well, and what made it work?');
    const notes = await createOfflineCoach().suggestEdits({ ...checkin, history });
    expect(notes).toContain('## What was hard\n- The draft slipped because the on-call week ate my evenings');
    expect(notes).not.toContain('## What went well');
    expectCleanReplies(history);
  });

  test('a prompt\'s "for any missed one, ask what happened and whether it still matters" is asked as a question', () => {
    expect(
      promptQuestions('Go through each outcome with evidence. For any missed one, ask what happened and whether it still matters.'),
    ).toEqual(['Can you go through each outcome with evidence?', 'For any missed one, what happened, and does it still matter?']);
  });
});

describe('quotes and what the user came for', () => {
  test('a quote is a whole clause: no list cut short, no "send it…" without what "it" is', () => {
    expect(quoteOf("Before the 15th I need the promotion case drafted, Ada's feedback, and two peer reviews from Grace and Alan.")).toBe(
      'Before the 15th I need the promotion case drafted…',
    );
    expect(
      quoteOf("I'll write a one-page promotion case with three projects where I led beyond my team, and send it to Ada by Monday."),
    ).toBe("I'll write a one-page promotion case with three projects.");
    // The user's own next step is what a coach takes up, not the worry before it.
    expect(quoteOf("She might say I need more cross-team influence; I'll point to the migration where I aligned three teams.")).toBe(
      "I'll point to the migration where I aligned three teams.",
    );
  });

  test("what the chat is for is taken up in the coach's words", () => {
    expect(takeUpIntent('I want to prepare for my promotion conversation with Ada next week. What should I focus on?')).toBe(
      "Let's prepare for your promotion conversation with Ada next week.",
    );
    expect(takeUpIntent('Ada was in the room.')).toBeUndefined();
  });

  test('planning names the overdue todo once, and the todo the user is talking about', async () => {
    const base: Base = {
      mode: 'agent',
      folder: 'planning',
      fileName: 'all_todos.md',
      fileContent: '',
      today: TODAY,
      page: {
        kind: 'planning',
        tab: 'all_todos',
        todos: [
          { title: 'Ask Ada for feedback on the migration', due_date: '2026-11-24' },
          { title: 'Book the offsite', due_date: '2026-11-27' },
          { title: 'Draft promotion case document', due_date: '2026-11-30' },
        ],
        milestones: [],
      },
    };
    const [reply] = replies(await converse(base, ['I want to prepare for my promotion conversation next week. What should I focus on?']));
    expect(reply).toBe(
      'Let\'s prepare for your promotion conversation next week. Focus first on what is overdue, then on what is due next. You have three open todos; "Draft promotion case document" is due 30 November. "Ask Ada for feedback on the migration" is overdue: is it still a priority, and when will you do it?',
    );
  });
});

describe('what the answer meets on the page', () => {
  test("a person's chat says when the user's words meet the profile line it read out", async () => {
    const base: Base = {
      mode: 'ask',
      folder: '',
      fileName: '',
      fileContent: '',
      today: TODAY,
      person: { fullName: 'Ada Lovelace', profile: { role: 'VP Engineering', 'current priorities': 'Platform reliability and hiring.' } },
      page: { kind: 'person', meetings: [], openFollowups: [] },
    };
    const history = await converse(base, ['Tell me about Ada.', 'The reliability work I led cut incidents by 40% this quarter.']);
    expect(replies(history)[0]).toContain('Ada\'s profile, under Current priorities: "Platform reliability and hiring".');
    expect(replies(history)[1]).toContain("That speaks to Ada's current priorities.");
  });

  test('a meeting chat writes into no tab, so an answer for an empty tab is told where it goes', async () => {
    const base: Base = {
      mode: 'ask',
      folder: 'meetings',
      fileName: 'meeting-prep-2.md',
      fileContent: '# Promotion conversation\nDate: 2026-12-03 15:00\n\n## Goals\n- Agree on what Staff means\n',
      today: TODAY,
    };
    const history = await converse(base, ['What am I missing?', 'First my promotion case, then what Staff means in her org.']);
    expect(replies(history)[1]).toContain('That belongs in the Agenda tab.');
  });

  test('a date is specific, not a measure: no praise for numbers after "the 15th"', () => {
    expect(acknowledge('Before the 15th I need the promotion case drafted and reviewed by two peers.', 0, [])).not.toContain(
      SPECIFICS_PRAISE,
    );
    expect(acknowledge('The reliability work I led cut incidents by 40% this quarter.', 0, [])).toContain(SPECIFICS_PRAISE);
  });
});
