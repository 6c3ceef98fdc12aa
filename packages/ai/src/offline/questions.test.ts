import { describe, expect, test } from '@jest/globals';
import type { ChatReplyInput } from '../types';
import { createOfflineCoach } from './offline-provider';
import { answerQuestion, directQuestion } from './questions';
import { echoesIn } from './testing';

const ai = createOfflineCoach();
const TODAY = '2026-11-26';
const ada = { fullName: 'Ada Okafor', profile: { role: 'VP Engineering', company: 'Contoso' } };

const personChat: ChatReplyInput = {
  mode: 'ask',
  folder: '',
  fileName: '',
  fileContent: '',
  history: [],
  message: '',
  today: TODAY,
  person: ada,
  page: {
    kind: 'person',
    meetings: [
      {
        title: 'Skip-level with Ada',
        date: '2026-11-19T15:00',
        sections: { followups: '- [ ] Send Ada the incident numbers' },
      },
    ],
    openFollowups: ['Send Ada the incident numbers'],
  },
};

const meetingChat: ChatReplyInput = {
  ...personChat,
  person: undefined,
  folder: 'meetings',
  page: {
    kind: 'meeting',
    meeting: { title: '1:1 with Ada', date: '2026-12-01T10:00', attendees: ['Ada Okafor'], sections: {} },
    attendees: [ada],
  },
};

const goalFile: ChatReplyInput = {
  mode: 'ask',
  folder: 'career-goals',
  fileName: 'promotion.md',
  fileContent: '# Promotion\n\n## Goal\nSomething about getting to staff.\n',
  history: [],
  message: '',
  today: TODAY,
  page: { kind: 'file' },
};

const questionsIn = (reply: string) => reply.split(/(?<=[.?!])\s+/).filter((s) => s.trim().endsWith('?'));

describe('a direct question is answered before the coach asks anything', () => {
  test('the question of the message is its last sentence, when it asks', () => {
    expect(directQuestion('I have a 1:1 tomorrow. What should I prepare?')).toBe('What should I prepare?');
    expect(directQuestion('I have a 1:1 tomorrow.')).toBeUndefined();
  });

  test('on a person page: what to prepare for a 1:1 is answered, then the page is read, then one question', async () => {
    const reply = await ai.chatReply({ ...personChat, message: 'What should I prepare for my 1:1 with Ada?' });
    expect(reply.startsWith('For your 1:1 with Ada, prepare three things:')).toBe(true);
    expect(reply).toContain('"Send Ada the incident numbers"');
    expect(reply).toContain('on 19 November');
    expect(questionsIn(reply)).toHaveLength(1);
    expect(reply).not.toMatch(/good question/i);
  });

  test('in a meeting chat: the same question is answered before the empty tab is asked for', async () => {
    const reply = await ai.chatReply({ ...meetingChat, message: 'What should I prepare for my 1:1 with Ada?' });
    expect(reply.startsWith('For your 1:1 with Ada, prepare three things:')).toBe(true);
    expect(reply.endsWith('The Goals tab is still empty: what do you want to walk out of this meeting with?')).toBe(true);
    expect(questionsIn(reply)).toHaveLength(1);
  });

  test('in a file chat: how to phrase a goal is said first', async () => {
    const reply = await ai.chatReply({ ...goalFile, message: 'How do I phrase this goal?' });
    expect(
      reply.startsWith(
        'Phrase this goal as one sentence that starts with a verb, names a result someone else could check, and ends with a date.',
      ),
    ).toBe(true);
    expect(questionsIn(reply)).toHaveLength(1);
  });

  test('what the coach cannot know offline is said plainly; a question the page answers is answered by reading it', () => {
    expect(answerQuestion('Should I ask Ada to sponsor me?', { subject: 'Ada' })).toContain("I can't know from here");
    expect(answerQuestion('How should I approach Ada about funding?', { subject: 'Ada' })).toMatch(
      /^To approach Ada about funding, start with what it gives Ada.*I can't know from here how Ada will take it/,
    );
    expect(answerQuestion('Why is the sky blue?')).toMatch(/^I can't answer that from this page alone/);
    expect(answerQuestion('What is missing?')).toBeUndefined();
    expect(answerQuestion('Why is the sky blue?', { readingAnswers: true })).toBeUndefined();
  });
});

describe('a question led by a statement, and news to tell someone', () => {
  test('the question is found from its question word, and telling news gets its own advice', async () => {
    expect(directQuestion('The billing migration slipped again, how do I tell Ada?')).toBe('How do I tell Ada?');
    expect(directQuestion('Ada is back on Monday. What should I prepare?')).toBe('What should I prepare?');
    expect(directQuestion('The migration slipped again.')).toBeUndefined();
    expect(answerQuestion('How do I tell Ada?')).toMatch(/^Tell Ada early and plainly: what changed, why, the new date/);
    expect(answerQuestion('How should I break it to my manager?')).toMatch(/^Tell your manager early and plainly/);
    const reply = await ai.chatReply({ ...personChat, message: 'The billing migration slipped again, how do I tell Ada?' });
    expect(reply.startsWith('Tell Ada early and plainly')).toBe(true);
    expect(reply).not.toMatch(/I can't answer that/);
  });
});

describe('a statement is taken up in the coach’s words, never handed back', () => {
  const cases: [ChatReplyInput, string, string][] = [
    [personChat, 'Ada said she wants me to lead the rollout next quarter.', 'That helps me see where Ada comes in.'],
    [goalFile, 'I already lead the platform roadmap for two teams.', 'Thank you, that helps.'],
    [meetingChat, 'My last 1:1 with Ada went badly.', 'That sounds like a hard moment with Ada, and it is worth looking at calmly.'],
    [personChat, "I'll send Ada the incident numbers on Friday.", 'That is a clear next step, and it already has a day.'],
  ];
  test.each(cases)('%#: %s', async (base, message, opening) => {
    const reply = await ai.chatReply({ ...base, message });
    expect(reply.startsWith(opening)).toBe(true);
    expect(echoesIn(reply, message)).toEqual([]);
    expect(reply).not.toMatch(/Noted:|You wrote:|The heart of it:/);
  });
});
