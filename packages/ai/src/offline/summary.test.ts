import { describe, expect, test } from '@jest/globals';
import { coreOf, notesOf, offlineSummary } from './summary';

// A check-in's summary input as svc-coaching builds it (svc-coaching/src/coaching/summary-input.ts).
const checkIn = (manual: string, said: string[]) =>
  ['# Manual entries', manual, '# What I said in the coaching chat', ...said].filter(Boolean).join('\n\n');

describe('the offline summary', () => {
  test("a check-in's answers: one lead sentence, then the points grouped by what they are; filler and repeats dropped", () => {
    const summary = offlineSummary(
      checkIn('It was fine.', [
        "I'm ready to start reflecting on: What went well this week?",
        'What went well this week: on Tuesday I ran the design review for the billing migration and got sign-off from all three teams.',
        'Hi!',
        'I learned that pre-wiring decisions works because people raise concerns early.',
        'The data migration is blocked on a missing owner.',
        'Next week I will do the same for the data migration.',
        'I ran the design review for the billing migration and got sign-off from all three teams.',
      ]),
    );
    expect(summary).toBe(
      [
        'Real progress, something still in the way, a lesson worth keeping and a clear next step.',
        '',
        '- **Went well:** Ran the design review for the billing migration. Got sign-off from all three teams.',
        '- **In the way:** The data migration is blocked on a missing owner.',
        '- **Learned:** Pre-wiring decisions works because people raise concerns early.',
        '- **Next:** Do the same for the data migration next week.',
      ].join('\n'),
    );
    expect(summary).not.toMatch(/It was fine|ready to start reflecting|Hi!/);
  });

  test('nothing but filler, greetings, questions and the opener gives an empty summary', () => {
    expect(
      offlineSummary(checkIn('It was fine.', ["I'm ready to start reflecting on: How did it go?", 'Thanks!', 'Not much.', 'Why?'])),
    ).toBe('');
  });

  test('a document with sections gives the first real point of each, under its heading', () => {
    expect(
      offlineSummary(
        '# Launch\n\n## Goal\n- Ship the beta by June. It matters for the Series B.\n\n## Status\n- [placeholder]\n- _What is done?_\n- Two of five features done.\n',
      ),
    ).toBe('- **Goal:** Ship the beta by June.\n- **Status:** Two of five features done.');
  });

  test('a point is cut to its core: no "I", no restated question, and a long sentence is split where its clauses join', () => {
    expect(coreOf("I'm worried about the Q3 date.")).toBe('Worried about the Q3 date');
    expect(coreOf('Tomorrow I will send Dana the churn analysis.')).toBe('Send Dana the churn analysis tomorrow');
    expect(
      notesOf('I rewrote the onboarding guide for new engineers, which took most of the week and meant pausing the migration work.'),
    ).toEqual(['Rewrote the onboarding guide for new engineers.', 'Took most of the week.']);
    expect(notesOf('Shipped it.')).toEqual(['Shipped it.']);
  });
});
