import { describe, expect, test } from '@jest/globals';
import type { ChatPassage, ChatReplyInput } from '../types';
import { createOfflineCoach } from './offline-provider';
import { citationFor, quoteAbout } from './page-replies/citation';

/** The offline coach citing the user's other notes (docs/search.md#answers-that-cite-your-notes). */

const TODAY = '2026-11-26';
const passage = (n: number, kind: ChatPassage['kind'], id: string, title: string, snippet: string): ChatPassage => ({
  n,
  kind,
  id,
  title,
  url: `/x/${kind}/${id}`,
  snippet,
  updated_at: '2026-11-03T18:00:00.000Z',
});
const JOURNAL = passage(
  1,
  'journal',
  '2026-11-03',
  'Tue 3 Nov 2026',
  'Long day. The platform team is short two engineers, and the migration slipped again. Ada wants a plan by Friday.',
);
const never = { today: TODAY, said: () => false };
const MESSAGE = 'The platform team lost another engineer and the migration is at risk.';

describe('citationFor', () => {
  test('a journal passage: where it is from, a whole clause of it as written, its number, and a question tied to the message', () => {
    const c = citationFor(MESSAGE, [JOURNAL], never)!;
    expect(c.sentence).toBe(
      'In your journal on 3 November you wrote: "The platform team is short two engineers, and the migration slipped again" [1].',
    );
    expect(c.question).toBe('Is that the same platform team, and does what you wrote then still hold?');
    expect(JOURNAL.snippet).toContain(c.quote);
  });

  test('a note that says what the message just said is not quoted back to the user', () => {
    const same = passage(1, 'journal', '2026-11-26', 'Thu 26 Nov 2026', 'The billing migration slipped again. Finance wants the new date.');
    expect(citationFor('The billing migration slipped again, how do I tell Ada?', [same], never)).toBeUndefined();
    // A note that adds to what was said is cited instead.
    expect(citationFor('The billing migration slipped again, how do I tell Ada?', [{ ...same, n: 2 }, JOURNAL], never)?.passage.id).toBe(
      '2026-11-03',
    );
  });

  test('the thing asked about is a noun phrase of the message that the passage holds too, never a noun and its verb', () => {
    const question = (message: string, snippet: string) =>
      citationFor(message, [passage(1, 'journal', '2026-11-03', 'Tue 3 Nov 2026', snippet)], never)?.question;
    const generic = 'Does what you wrote then still hold, or has something changed since?';
    // "the database migration" is in both, side by side.
    expect(question('The database migration slipped again.', 'The database migration for billing slipped.')).toBe(
      'Is that the same database migration, and does what you wrote then still hold?',
    );
    // "the migration slipped": a noun and its verb; the passage has no "migration slipped".
    expect(question('The migration slipped again.', 'The migration for billing slipped.')).toBe(generic);
    // "the billing cutover": billing modifies a word the passage does not have.
    expect(
      question('I worry about the billing cutover timeline.', 'Billing moved to the new database; the cutover is planned for March.'),
    ).toBe(generic);
    expect(question('The platform team lost another engineer.', JOURNAL.snippet)).toBe(
      'Is that the same platform team, and does what you wrote then still hold?',
    );
  });

  test('each kind in its own words', () => {
    const cite = (p: ChatPassage, message = MESSAGE) => citationFor(message, [p], never)?.sentence;
    expect(cite(passage(2, 'file', '6', 'team-health.md', 'Hiring for the platform team is frozen until January.'))).toBe(
      'Your notes in “Team Health” say: "Hiring for the platform team is frozen until January" [2].',
    );
    expect(cite(passage(1, 'person', '4', 'Ada Park', 'Ada runs the platform team and owns the migration.'))).toBe(
      'In your notes on Ada Park you wrote: "Ada runs the platform team and owns the migration" [1].',
    );
    expect(
      cite(passage(3, 'meeting', '12', 'Migration review · 10 Nov 2026', 'We agreed the platform team moves the migration to March.')),
    ).toBe('In your meeting “Migration review” you wrote: "We agreed the platform team moves the migration to March" [3].');
    expect(
      cite(
        passage(1, 'todo', '9', 'Draft the migration plan', 'Draft the migration plan'),
        'How do I plan the migration with fewer people?',
      ),
    ).toBe('One of your todos is “Draft the migration plan” [1].');
    expect(
      citationFor(
        'How do I plan the migration with fewer people?',
        [passage(1, 'todo', '9', 'Draft the migration plan', 'Draft the migration plan')],
        never,
      )?.question,
    ).toBe('Does that todo belong to this, or is it something separate?');
    // A year other than this one is said.
    expect(cite({ ...JOURNAL, id: '2025-11-03' })).toMatch(/^In your journal on 3 November 2025 you wrote:/);
  });

  test('a passage that is not about the message, or only the title of a note, is not cited', () => {
    expect(citationFor('I went running this morning and felt great.', [JOURNAL], never)).toBeUndefined();
    // One word in common ("team") is not enough.
    expect(citationFor('My team celebrated the launch on Friday.', [JOURNAL], never)).toBeUndefined();
    expect(
      citationFor(MESSAGE, [passage(1, 'file', '6', 'Platform team migration notes', 'Platform team migration notes')], never),
    ).toBeUndefined();
    expect(citationFor(MESSAGE, [], never)).toBeUndefined();
  });

  test('the page’s subject counts once beside the message: a person chat finds their notes with one word of the message', () => {
    const p = passage(1, 'journal', '2026-11-02', 'Mon 2 Nov 2026', 'Ada Park asked for incident numbers before the review.');
    expect(citationFor('What should I bring to the review?', [p], never)).toBeUndefined();
    expect(citationFor('What should I bring to the review?', [p], { ...never, subject: 'Ada Park' })?.sentence).toBe(
      'In your journal on 2 November you wrote: "Ada Park asked for incident numbers before the review" [1].',
    );
  });

  test('the best of several: the one sharing most of the message', () => {
    const hiring = passage(1, 'file', '6', 'hiring.md', 'Hiring for the platform team is frozen until January.');
    const c = citationFor(MESSAGE, [hiring, { ...JOURNAL, n: 2 }], never)!;
    expect(c.passage.n).toBe(2);
    expect(c.sentence).toContain('[2].');
  });

  test('a passage quoted in an earlier reply is not quoted again', () => {
    const first = citationFor(MESSAGE, [JOURNAL], never)!;
    expect(citationFor(MESSAGE, [JOURNAL], { ...never, said: (t) => t === first.quote })).toBeUndefined();
  });
});

describe('quoteAbout', () => {
  test('never the start of a sentence the snippet cut, nor the end of one it cut off', () => {
    const cut = 'engineers, and the migration slipped again. Ada wants the migration plan by…';
    expect(quoteAbout(cut, ['migration'])).toBe('the migration slipped again');
    expect(quoteAbout('…the platform team is short two engineers and the migration slipped.', ['migration', 'platform'])).toBe(
      'the platform team is short two engineers and the migration slipped',
    );
  });

  test("the writer's double quotes become single, inside the coach's", () => {
    expect(quoteAbout('Ada called the migration "our biggest risk" this quarter.', ['migration'])).toBe(
      "Ada called the migration 'our biggest risk' this quarter",
    );
  });
});

describe('the offline reply', () => {
  const base: ChatReplyInput = {
    mode: 'ask',
    folder: 'journal',
    fileName: '2026-11-20.md',
    fileContent: '',
    history: [],
    message: MESSAGE,
    today: TODAY,
    page: { kind: 'journal', date: '2026-11-20' },
  };

  test('takes up the message in its own words (never quoting it back), then quotes the passage with its day, and asks its question instead of the page’s', async () => {
    const reply = await createOfflineCoach().chatReply({ ...base, passages: [JOURNAL] });
    expect(reply).toBe(
      'That sounds like a setback, and it is worth looking at calmly. In your journal on 3 November you wrote: "The platform team is short two engineers, and the migration slipped again" [1]. Is that the same platform team, and does what you wrote then still hold?',
    );
    expect(reply).not.toContain(MESSAGE);
  });

  test('without passages, or with none about the message, it replies as before', async () => {
    const coach = createOfflineCoach();
    const plain = await coach.chatReply(base);
    expect(plain).not.toMatch(/\[\d\]/);
    expect(await coach.chatReply({ ...base, passages: [passage(1, 'todo', '2', 'Book the dentist', 'Book the dentist')] })).toBe(plain);
  });

  test('a person chat cites their notes without naming another page’s things', async () => {
    const reply = await createOfflineCoach().chatReply({
      ...base,
      folder: 'people',
      fileName: '',
      person: { fullName: 'Ada Park' },
      page: { kind: 'person', meetings: [], openFollowups: [] },
      message: 'What should I bring to the review?',
      passages: [passage(1, 'journal', '2026-11-02', 'Mon 2 Nov 2026', 'Ada Park asked for incident numbers before the review.')],
    });
    expect(reply).toContain('In your journal on 2 November you wrote: "Ada Park asked for incident numbers before the review" [1].');
    expect(reply).not.toMatch(/\bfile\b|\.md/);
  });

  test('a check-in question chat cites a journal day as the other chats do, after its own offer, and asks its question', async () => {
    const reply = await createOfflineCoach().chatReply({
      ...base,
      mode: 'agent',
      folder: 'coaching',
      fileName: 'obstacles_2026-W48.md',
      page: { kind: 'checkin', questionTitle: 'Obstacles', question: 'What slowed you down this week?', prompt: '', periodKey: '2026-W48' },
      history: [
        { role: 'user', content: "I'm ready to start reflecting on: What slowed you down this week?" },
        { role: 'assistant', content: 'What slowed you down this week, and what was in your control?' },
      ],
      passages: [JOURNAL],
    });
    expect(reply).toContain(
      'In your journal on 3 November you wrote: "The platform team is short two engineers, and the migration slipped again" [1]. Is that the same platform team, and does what you wrote then still hold?',
    );
    expect(reply).toMatch(/\?$/);
    // The check-in's own things only: its notes and their button, never a file or a journal entry.
    expect(reply).toContain('Update notes from chat');
    expect(reply).not.toMatch(/\bfiles?\b|\.md|journal entry|Update file/i);
  });
});
