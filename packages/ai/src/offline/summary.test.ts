import { describe, expect, test } from '@jest/globals';
import { notesOf, offlineSummary } from './summary';
import { noteOf, sameThing, themeOf } from './summary-notes';

// A check-in's summary input as svc-coaching builds it (svc-coaching/src/coaching/summary-input.ts).
const checkIn = (manual: string, said: string[]) =>
  ['# Manual entries', manual, '# What I said in the coaching chat', ...said].filter(Boolean).join('\n\n');

describe('the offline summary', () => {
  test("a check-in's answers: one lead sentence, then short notes grouped by what they are; filler, questions and repeats dropped", () => {
    const summary = offlineSummary(
      checkIn('- Design review for billing: sign-off from all three teams', [
        "I'm ready to start reflecting on: What went well this week?",
        'It was fine.',
        'What went well this week: on Tuesday I ran the design review for the billing migration and got sign-off from all three teams.',
        'Hi!',
        'Is that normal?',
        'I learned that pre-wiring decisions works because people raise concerns early.',
        'The data migration is blocked on a missing owner.',
        'Next week I will do the same for the data migration.',
      ]),
    );
    expect(summary).toBe(
      [
        'Real progress, something still in the way, a lesson worth keeping and a clear next step.',
        '',
        '- **Went well:** Design review for billing: sign-off from all three teams.',
        '- **In the way:** Data migration is blocked on missing owner.',
        '- **Learned:** Pre-wiring decisions works because people raise concerns early.',
        '- **Next:** Next week: do the same for data migration.',
      ].join('\n'),
    );
    expect(summary).not.toMatch(/It was fine|ready to start reflecting|Hi!|normal\?/);
  });

  test('nothing but filler, greetings, questions and the opener gives an empty summary', () => {
    expect(
      offlineSummary(checkIn('It was fine.', ["I'm ready to start reflecting on: How did it go?", 'Thanks!', 'Not much.', 'Why?'])),
    ).toBe('');
  });

  test("a document with sections gives the first real point of each, under its heading; its loose lines go by what they're about", () => {
    expect(
      offlineSummary(
        '# Launch\n\n## Goal\n- Ship the beta by June. It matters for the Series B.\n\n## Status\n- [placeholder]\n- _What is done?_\n- Two of five features done.\n',
      ),
    ).toBe('- **Goal:** Ship beta by June.\n- **Status:** Two of five features done.');
  });
});

describe('a sentence as notes in the summary’s own words', () => {
  test('without the subject, the filler or the question it restates; a plan says when first', () => {
    expect(noteOf("I'm worried about the Q3 date")).toBe('Worried about Q3 date');
    expect(noteOf('Tomorrow I will send Dana the churn analysis')).toBe('Tomorrow: send Dana churn analysis');
    expect(noteOf('The biggest risk is that the search relaunch gets paused')).toBe('Biggest risk: search relaunch gets paused');
    expect(noteOf('Last week she said it was the clearest update yet')).toBe('The clearest update yet, she said last week');
    expect(noteOf('Nobody has told me what I am measured on yet')).toBe('Unclear: what I am measured on');
    expect(noteOf('I will take a walk after the all-hands')).toBe('Take a walk after all-hands');
  });

  test('a long sentence becomes its clauses, each about what it says', () => {
    expect(notesOf('I will take a walk after the all-hands and keep my afternoon for the pricing work.')).toEqual([
      { theme: 'next', text: 'Take a walk after all-hands' },
      { theme: 'next', text: 'Keep afternoon for pricing work' },
    ]);
    expect(notesOf('I learned that a shared timeline stops the blame game, next time I will open the review channel first.')).toEqual([
      { theme: 'lesson', text: 'Shared timeline stops blame game' },
      { theme: 'next', text: 'Next time: open review channel first' },
    ]);
  });

  test('what a note is about, and when two say the same thing', () => {
    expect(themeOf('We found the retry bug in 40 minutes and my fix plan cut failed orders')).toBe('win');
    expect(themeOf('There are rumours of layoffs')).toBe('challenge');
    expect(themeOf('My manager is Lena')).toBeUndefined();
    expect(sameThing('Billing migration done in October', 'My biggest impact was finishing the billing migration in October')).toBe(true);
    expect(sameThing('Billing migration done in October', 'Invoice errors fell from 3% to 0.5%')).toBe(false);
    expect(sameThing('Support tickets about invoices halved', 'The support team told me tickets about invoices halved')).toBe(true);
  });
});
