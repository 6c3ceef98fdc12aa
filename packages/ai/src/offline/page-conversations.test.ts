/**
 * Each chat page speaks its own language (issue 20, docs/ai.md#chat-pages): a three-message
 * conversation on every page names that page's things and buttons, never another page's
 * (".md", "Update file", "file" where there are no files, "journal entry" in a check-in), uses
 * what the page knows, and reads cleanly.
 */
import { describe, expect, test } from '@jest/globals';
import { findPlanningAction, withoutPlanningAction } from '@cc/contracts/planning-actions';
import { foreignWordsIn } from '../chat-pages';
import type { ChatMessage, ChatPageKind } from '../types';
import { promptQuestions } from './page-replies/coaching-prompt';
import { ACTIONS_OFFER } from './page-replies/planning';
import { converse, expectCleanReplies, replies, type ConversationBase as Base } from './testing';

const TODAY = '2026-11-26'; // a Thursday

/** No reply on the page says another page's words. */
function expectOwnWords(kind: ChatPageKind, history: ChatMessage[]): void {
  for (const reply of replies(history)) expect({ reply, foreign: foreignWordsIn(kind, reply) }).toEqual({ reply, foreign: [] });
}

describe('the person chat', () => {
  const ada: Base = {
    mode: 'ask',
    folder: '',
    fileName: '',
    fileContent: '',
    today: TODAY,
    person: { fullName: 'Ada Lovelace', profile: { role: 'VP Engineering', company: 'Acme' } },
    page: {
      kind: 'person',
      meetings: [{ title: 'Roadmap sync', date: '2026-11-10', sections: { followups: '- send the roadmap' } }],
      openFollowups: ['send the roadmap'],
    },
  };

  test("reads Ada's profile and her open follow-up, and never asks what the profile says", async () => {
    const history = await converse(ada, [
      'Ada and I have a 1:1 on Tuesday.',
      'I want her backing for the platform rewrite before planning starts.',
      'She worries about migration risk, and we have only met twice.',
    ]);
    const [first, second, third] = replies(history);
    expect(first).toContain(
      'Ada is VP Engineering at Acme, and your last meeting, "Roadmap sync" on 10 November, left one follow-up open: "send the roadmap".',
    );
    expect(first!.endsWith('What would you like to get from your next conversation with Ada?')).toBe(true);
    expect(second!.endsWith('What does Ada care about most right now?')).toBe(true);
    // The 1:1 said how they work together: the coach moves on to what is left.
    expect(third!.endsWith('What is the one thing you want Ada to hear from you next time?')).toBe(true);
    // "1:1" is a meeting, not a number worth praising.
    expect(first).not.toContain('Numbers like that');
    for (const reply of replies(history)) expect(reply).not.toMatch(/what is their role|How do you know Ada/i);
    expectOwnWords('person', history);
    expectCleanReplies(history);
  });

  test('a next meeting with a goal is not asked about again: the question builds on that goal', async () => {
    const withGoal: Base = {
      ...ada,
      page: {
        kind: 'person',
        meetings: [{ title: 'Platform 1:1', date: '2026-12-03', sections: { goals: '- Get Ada to back the platform rewrite' } }],
        openFollowups: [],
      },
    };
    const history = await converse(withGoal, [
      'hi',
      'She worries about migration risk, so I will bring the rollback plan.',
      'She decides with data, not opinions.',
    ]);
    const [first, second] = replies(history);
    expect(first).toContain('Your next meeting is "Platform 1:1" on 3 December, with the goal: "Get Ada to back the platform rewrite".');
    expect(first!.endsWith('What could get in the way of that goal, and how would you handle it with Ada?')).toBe(true);
    for (const reply of replies(history)) expect(reply).not.toContain('What would you like to get from your next conversation');
    // Answered, it is not asked again.
    expect(second).not.toContain('What could get in the way of that goal');
    expectOwnWords('person', history);
    expectCleanReplies(history);
  });

  test('asked about the person, the chat reads the page out instead of quoting the request', async () => {
    const [reply] = replies(await converse(ada, ['Tell me about Ada']));
    expect(reply).toMatch(/^Ada is VP Engineering at Acme/);
  });

  test('asked to save something, it says where it goes: the profile on this page, not a file', async () => {
    const history = await converse({ ...ada, page: { kind: 'person', meetings: [], openFollowups: [] } }, [
      'hi',
      'Ada cares most about hiring two staff engineers this quarter.',
      'Please update her profile with that',
    ]);
    const [, , save] = replies(history);
    expect(save).toContain("This chat doesn't change Ada's profile");
    expectOwnWords('person', history);
    expectCleanReplies(history);
  });

  test('with an empty profile it asks who they are, by name', async () => {
    const [reply] = replies(
      await converse({ ...ada, person: { fullName: 'Sam Lee', profile: {} }, page: { kind: 'person', meetings: [], openFollowups: [] } }, [
        'hi',
      ]),
    );
    // Only a name: how they know Sam and what they want from the contact, not what Sam cares about.
    expect(reply).toBe("Let's get started. How do you know Sam, and what would you like to get out of the contact?");
  });
});

describe('the meeting chat', () => {
  const base: Base = {
    mode: 'ask',
    folder: 'meetings',
    fileName: 'meeting-prep-12.md',
    fileContent: '',
    today: TODAY,
    page: {
      kind: 'meeting',
      meeting: { title: 'Budget review', date: '2026-12-02T10:00', sections: { goals: 'Agree the Q1 budget' }, attendees: ['Priya Shah'] },
      attendees: [{ fullName: 'Priya Shah', profile: { role: 'CFO', company: 'Acme' } }],
      lastMeeting: { title: 'Budget kickoff', date: '2026-11-03', sections: { followups: '- Send the cost model\n- Book the board slot' } },
    },
  };

  test('reads the meeting, who attends and what the last meeting left, then asks for the empty tabs by name', async () => {
    const history = await converse(base, [
      'What is missing from my preparation?',
      'We should cover hiring first, then the cloud bill, then the tooling spend.',
      'Priya might push back on the cloud bill because it grew 40% this year.',
    ]);
    const [missing, agenda, anticipating] = replies(history);
    expect(missing).toBe(
      'This meeting\'s preparation has Goals so far. Priya is CFO at Acme. Your last meeting with Priya, "Budget kickoff" on 3 November, left two follow-ups: "Send the cost model" and "Book the board slot". The Agenda tab is still empty: which topics need to be covered, in what order?',
    );
    expect(
      agenda!.endsWith('The Anticipating tab is still empty: what questions or objections do you expect, and how will you answer them?'),
    ).toBe(true);
    expect(anticipating!.endsWith('How will you close the meeting: who does what, by when?')).toBe(true);
    expectOwnWords('meeting', history);
    expectCleanReplies(history);
  });

  test('after the meeting it asks for the notes, and says where a note goes', async () => {
    const held: Base = { ...base, today: '2026-12-03' };
    const history = await converse(held, ['hi', 'Priya agreed to the hiring plan but not the tooling spend.', 'Save that for me']);
    const [hi, , save] = replies(history);
    expect(hi!.endsWith('The Notes tab is still empty: what was said and decided in the meeting?')).toBe(true);
    expect(save).toContain('"Suggest notes with AI"');
    expectOwnWords('meeting', history);
    expectCleanReplies(history);
  });

  test('without a page from the service, the meeting is read from the text its chat sends', async () => {
    const text = '# Budget review\nDate: 2026-12-02 10:00\nAttendees: Priya Shah\n\n## goals\nAgree the Q1 budget';
    const [reply] = replies(await converse({ ...base, fileContent: text, page: undefined } as Base, ['What is missing?']));
    expect(reply).toBe(
      "This meeting's preparation has Goals so far. The Agenda tab is still empty: which topics need to be covered, in what order?",
    );
  });
});

describe('the check-in chat', () => {
  const base: Base = {
    mode: 'agent',
    folder: 'coaching',
    fileName: 'top_priority_2026-W48.md',
    fileContent: '',
    today: TODAY,
    page: {
      kind: 'checkin',
      questionTitle: 'Top priority',
      question: 'What is your top priority this week?',
      prompt: 'Ask for one concrete outcome.',
      periodKey: '2026-W48',
      previous: { periodKey: '2026-W47', answer: '## What happened\n- Finished the billing migration plan with Sam.\n- It was fine.' },
    },
  };

  test("reflects on the question with last week's answer, asks what its prompt says to ask, and offers its own button", async () => {
    const history = await converse(base, [
      "I'm ready to start reflecting on: What is your top priority this week?",
      'Shipping the billing cutover by Friday, with Sam on the backfill.',
      'It went well last time because we rehearsed the cutover twice.',
    ]);
    const [opener, answer, third] = replies(history);
    expect(opener).toBe(
      'Let\'s reflect on "What is your top priority this week?" Last week you said: "Finished the billing migration plan with Sam." Can you give one concrete outcome?',
    );
    expect(answer).toContain(
      "I can add what you've shared to your notes on this question under What happened. Press Update notes from chat, and you can review the changes before they are saved.",
    );
    expect(third).toContain('(I can update your notes on this question whenever you like.)');
    expectOwnWords('checkin', history);
    for (const reply of replies(history)) expect(reply).not.toMatch(/\b(journal|files?)\b/i);
    expectCleanReplies(history);
  });

  test('"It was fine." is asked for one concrete moment, not noted', async () => {
    const history = await converse(base, ["I'm ready to start reflecting on: What is your top priority this week?", 'It was fine.']);
    expect(replies(history)[1]).toBe(
      "Let's make that concrete. What is one specific moment from this week that stands out, and what was your part in it?",
    );
  });

  test("without a prompt, last week's answer leads to what has changed", async () => {
    const page = { ...base.page!, prompt: undefined } as Base['page'];
    const [opener] = replies(await converse({ ...base, page }, ["I'm ready to start reflecting on: What is your top priority this week?"]));
    expect(opener!.endsWith('Last week you said: "Finished the billing migration plan with Sam." What has changed since then?')).toBe(true);
  });

  test('the prompt is followed: what it says to ask is asked, in its order, turned to the user', () => {
    expect(promptQuestions('What would make this week a success? Push for a number.')).toEqual([
      'What would make this week a success?',
      'Can you give a number?',
    ]);
    expect(promptQuestions('Push for one specific insight and the evidence behind it. Ask how they will use it tomorrow.')).toEqual([
      'Can you give one specific insight and the evidence behind it?',
      'How will you use it tomorrow?',
    ]);
    expect(promptQuestions('Explore what made it hard; ask what they would say now.')).toEqual([
      'Can you explore what made it hard?',
      'What would you say now?',
    ]);
    expect(
      promptQuestions(
        'Compare who they were six months ago with today: new skills, responsibilities, confidence. Ask for evidence of each.',
      ),
    ).toEqual([
      'Can you compare who you were six months ago with today: new skills, responsibilities, confidence?',
      'Can you give evidence of each: new skills, responsibilities, confidence?',
    ]);
    // What it cannot turn into a question to the user is left out.
    expect(promptQuestions('Ask why they froze. Be kind.')).toEqual([]);
  });

  test('a question in the prompt is the first one asked', async () => {
    const page = { ...base.page!, prompt: 'What would make this week a success? Push for a number.', previous: undefined } as Base['page'];
    const [opener] = replies(await converse({ ...base, page }, ["I'm ready to start reflecting on: What is your top priority this week?"]));
    expect(opener!.endsWith('What would make this week a success?')).toBe(true);
  });
});

describe('the planning chat', () => {
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
        { title: 'Send the deck to Dana', due_date: '2026-11-24' },
        { title: 'Call Sam', due_date: TODAY },
        { title: 'Book flights', due_date: '2026-12-01' },
      ],
      milestones: [{ title: 'Promotion packet', target_date: '2026-12-11' }],
      week: { period_key: '2026-W48', actions: '- [x] Draft the deck\n- [ ] Review it with Dana\n- [ ] Send the packet', outcomes: '' },
    },
  };

  test('coaches on what is overdue and next, offers its real actions once, and acts when asked', async () => {
    const history = await converse(base, [
      'What should I focus on?',
      'The promotion packet matters most, and the deck is part of it.',
      'remind me to ask Dana for feedback by Friday',
    ]);
    const [focus, priority, action] = replies(history);
    // The question is answered first; the list is what the answer points to.
    expect(focus).toBe(
      'Focus first on what is overdue, then on what is due next. You have three open todos: one due today ("Call Sam"). Your next milestone is "Promotion packet" on 11 December. This week\'s plan has three actions, one of them done. "Send the deck to Dana" is overdue: is it still a priority, and when will you do it?',
    );
    expect(priority).toContain(ACTIONS_OFFER);
    expect(priority!.endsWith('What has to be done before "Promotion packet" on 11 December, and what depends on it?')).toBe(true);
    expect(findPlanningAction(action!)).toMatchObject({
      action: 'create_todo',
      todo_data: { title: 'Ask Dana for feedback', due_date: '2026-11-27' },
    });
    // The user reads the reply without its action, which the page carries out.
    const shown = history.map((m) => (m.role === 'assistant' ? { ...m, content: withoutPlanningAction(m.content) } : m));
    expectOwnWords('planning', shown);
    expectCleanReplies(shown);
  });

  test('asked to "update the file", it says what it can do here instead', async () => {
    const history = await converse(base, ['hi', 'My focus is the promotion packet.', 'update the file']);
    const [, offer, update] = replies(history);
    expect(offer).toContain(ACTIONS_OFFER);
    expect(update).toMatch(/^I can't change your todos and milestones directly, but I can add a todo or plan backwards from a goal/);
    expect(replies(history).join(' ').split(ACTIONS_OFFER)).toHaveLength(2);
    expectOwnWords('planning', history);
    expectCleanReplies(history);
  });
});

describe('the journal chat', () => {
  const base: Base = {
    mode: 'ask',
    folder: 'journal',
    fileName: '2026-11-23.md',
    fileContent: 'Had the quarterly review with Dana this morning.\n',
    today: TODAY,
    page: { kind: 'journal', date: '2026-11-23' },
  };

  test("talks about that day's entry as a past day, and never offers to change it", async () => {
    const history = await converse(base, ['hey', 'I felt relieved and noticed I over-prepared again.', 'Please save this to my entry']);
    const [hey, felt, save] = replies(history);
    expect(hey).toContain('Your entry for 23 November has what happened; it is still missing how it felt and what you carry forward.');
    expect(felt!.endsWith('What is one thing from that day you want to carry forward?')).toBe(true);
    expect(save).toContain('I only read your entry for 23 November and never change what you wrote');
    for (const reply of replies(history)) expect(reply).not.toMatch(/Agent mode|Update|review the changes/);
    expectOwnWords('journal', history);
    expectCleanReplies(history);
  });
});

describe('the file chat on the dashboard', () => {
  test('names the file and its Update file button, whose diff is reviewed before saving', async () => {
    const base: Base = {
      mode: 'agent',
      folder: 'career-goals',
      fileName: 'one-year-goals.md',
      fileContent: '# Goals\n\nI want to become an engineering manager.\nIt matters because I enjoy helping people grow.\n',
      today: TODAY,
      page: { kind: 'file' },
    };
    const history = await converse(base, ['hi', 'By the end of 2026.', 'I will ask Priya for a team lead trial this week.']);
    const all = replies(history).join(' ');
    expect(all).toContain('Your plan in one-year-goals.md');
    expect(all).toContain('Say "update the file" or press Update file, and you can review the changes before they are saved.');
    expectOwnWords('file', history);
    expectCleanReplies(history);
  });
});
