import { describe, expect, test } from '@jest/globals';
import { chatPageOf, foreignWordsIn, meetingFromText, PAGE_WORDS, pageWordsFor } from './chat-pages';
import type { ChatPage } from './types';

const input = { folder: '', fileName: '', fileContent: '' };

describe('chatPageOf', () => {
  test('the page the service says wins', () => {
    const page: ChatPage = { kind: 'journal', date: '2026-11-23' };
    expect(chatPageOf({ ...input, folder: 'planning', page })).toBe(page);
  });

  test('without one, the folder says which page it is', () => {
    expect(chatPageOf({ ...input, folder: 'planning', fileName: 'all_todos.md' })).toEqual({
      kind: 'planning',
      tab: 'all_todos',
      todos: [],
      milestones: [],
    });
    expect(chatPageOf({ ...input, folder: 'journal', fileName: '2026-11-23.md' })).toEqual({ kind: 'journal', date: '2026-11-23' });
    expect(chatPageOf({ ...input, person: { fullName: 'Ada Lovelace' } })).toEqual({ kind: 'person', meetings: [], openFollowups: [] });
    expect(chatPageOf({ ...input, folder: 'career-goals', fileName: 'goals.md' })).toEqual({ kind: 'file' });
  });

  test("a check-in is read from its file name and svc-coaching's context", () => {
    const page = chatPageOf({
      ...input,
      folder: 'coaching',
      fileName: 'top_priority_2026-W48.md',
      context:
        'Coaching question: What is your top priority?\nHow to coach it: Ask for one outcome.\nAsk one follow-up question at a time.',
    });
    expect(page).toEqual({
      kind: 'checkin',
      questionTitle: 'Top priority',
      question: 'What is your top priority?',
      prompt: 'Ask for one outcome.',
      periodKey: '2026-W48',
    });
  });

  test('a meeting is read from the text the meeting chat sends', () => {
    const text =
      '# Budget review\nDate: 2026-12-02 10:00\nAttendees: Priya Shah, Sam Lee\n\n## goals\nAgree the budget\n\n## followups\n- Send the model';
    expect(meetingFromText(text)).toEqual({
      title: 'Budget review',
      date: '2026-12-02T10:00',
      attendees: ['Priya Shah', 'Sam Lee'],
      sections: { goals: 'Agree the budget', followups: '- Send the model' },
    });
    expect(chatPageOf({ ...input, folder: 'meetings', fileName: 'meeting-prep-3.md', fileContent: text })).toMatchObject({
      kind: 'meeting',
      attendees: [{ fullName: 'Priya Shah' }, { fullName: 'Sam Lee' }],
    });
  });
});

describe('the words of each page', () => {
  test('how each page names what its chat is about', () => {
    expect(PAGE_WORDS.file.subject({ fileName: 'goals.md' })).toBe('goals.md');
    expect(PAGE_WORDS.journal.subject({ date: '2026-11-23', today: '2026-11-26' })).toBe('your entry for 23 November');
    expect(PAGE_WORDS.journal.subject({ date: '2025-11-23', today: '2026-11-26' })).toBe('your entry for 23 November 2025');
    expect(PAGE_WORDS.checkin.subject({})).toBe('your notes on this question');
    expect(PAGE_WORDS.planning.subject({})).toBe('your todos and milestones');
    expect(PAGE_WORDS.person.subject({ name: 'Ada' })).toBe('Ada');
    expect(PAGE_WORDS.meeting.subject({})).toBe("this meeting's preparation");
  });

  test('only the dashboard and the check-in have a button that writes the chat, and both show the change first', () => {
    const buttons = Object.fromEntries(Object.entries(PAGE_WORDS).map(([kind, w]) => [kind, w.updateButton ?? null]));
    expect(buttons).toEqual({
      file: 'Update file',
      journal: null,
      checkin: 'Update notes from chat',
      planning: null,
      person: null,
      meeting: null,
    });
    expect(PAGE_WORDS.file.reviewsChanges && PAGE_WORDS.checkin.reviewsChanges).toBe(true);
    expect(PAGE_WORDS.planning.actions).toBe('ask me to add a todo or plan backwards from a goal');
  });

  test("other pages' words are found, and a profile is no file", () => {
    expect(foreignWordsIn('checkin', 'I updated your journal entry. Press Update file in goals.md.')).toEqual([
      'goals.md',
      'Update file',
      'journal entry',
    ]);
    expect(foreignWordsIn('person', "Ada's profile says she leads the platform team.")).toEqual([]);
    expect(foreignWordsIn('meeting', 'Your plan in meeting-prep.md has the goal.')).toEqual(['meeting-prep.md', 'meeting-prep']);
    expect(foreignWordsIn('file', 'Say "update the file" or press Update file.')).toEqual([]);
  });

  test('a check-in names its notes and its button; a person chat names the person', () => {
    const { words, subject } = pageWordsFor({ ...input, folder: 'coaching' });
    expect(subject).toBe('your notes on this question');
    expect(words.updateButton).toBe('Update notes from chat');
    expect(pageWordsFor({ ...input, person: { fullName: 'Ada Lovelace' } }).subject).toBe('Ada');
  });
});
