import { describe, expect, test } from '@jest/globals';
import { offlineScore } from './scoring';

const question = 'What is the one thing that would make today a success?';

describe('the offline score says why, in terms a user recognises', () => {
  test('a very brief answer scores low and asks for more', () => {
    const { score, feedback } = offlineScore({ question, answer: 'Work stuff.', history: [] });
    expect(score).toBeLessThan(20);
    expect(feedback).toBe(
      'This is a start, but it is very brief, so it is not yet specific, concrete or complete. Say more: a few sentences about what happened and why it mattered.',
    );
  });

  test('a specific and concrete but incomplete answer is told what is missing and the one thing to add', () => {
    const { score, feedback } = offlineScore({
      question,
      answer:
        'The one thing that would make today a success is sending the pricing proposal to 4 customers. ' +
        'Last week I made the first draft with finance, and it helped us agree the structure in two long sessions.',
      history: [],
    });
    expect(feedback).toBe(
      'Specific: yes, with specific details. Concrete: yes, a concrete example and your own role. ' +
        'Complete: partly; you cover the outcome but not a reflection on why or a next step. ' +
        'To raise the score: Add what you learned or why it went the way it did.',
    );
    expect(score).toBeGreaterThan(50);
  });

  test('a specific, concrete and complete answer is told so and scores 70 or more', () => {
    const { score, feedback } = offlineScore({
      question,
      answer:
        'The one thing that would make today a success is sending the Q3 pricing proposal to 4 enterprise customers by 3pm. ' +
        'Last week I drafted it with finance; it helped us agree the 12% discount, and I learned that leading with the saving works. ' +
        'Next I will book follow-up calls for Thursday.',
      history: [],
    });
    expect(score).toBeGreaterThanOrEqual(70);
    expect(feedback).toContain('Specific: yes');
    expect(feedback).toContain('Concrete: yes');
    expect(feedback).toContain('Complete: yes, the outcome, why and what comes next.');
    expect(feedback).toContain('This is a thorough, well-grounded answer.');
  });

  test('names, days and numbers in words are specific; hindsight in the first person is the user’s own part', () => {
    const named = offlineScore({
      question: 'What did you learn today?',
      answer: 'Tomorrow I will write down two changes to our planning process and send them to Marcus before Friday.',
      history: [],
    });
    expect(named.feedback).toMatch(/^Specific: (yes|partly)/);
    const hindsight = offlineScore({
      question: 'What was difficult today, and how did you handle it?',
      answer: 'We missed the pricing page deadline because legal review was late, and I should have flagged it earlier.',
      history: [],
    });
    expect(hindsight.feedback).not.toContain('Concrete: not yet');
    expect(hindsight.score).toBeGreaterThanOrEqual(25);
  });

  test('the whole answer is judged: an example in the first message counts after a short last one', () => {
    const q = 'What went well this week?';
    const opener = { role: 'user' as const, content: `I'm ready to start reflecting on: ${q}` };
    const first =
      "The sprint demo went well. In Tuesday's demo the sales team asked how the new reports work, and I showed them the export live.";
    const second = 'Afterwards they asked to try it with two customers next week, because it saves them the manual spreadsheet.';
    const one = [opener, { role: 'assistant' as const, content: q }];
    const two = [...one, { role: 'user' as const, content: first }, { role: 'assistant' as const, content: 'What came of it?' }];
    const three = [...two, { role: 'user' as const, content: second }, { role: 'assistant' as const, content: 'Anything else?' }];

    const afterFirst = offlineScore({ question: q, answer: first, history: one });
    const afterSecond = offlineScore({ question: q, answer: second, history: two });
    const afterThird = offlineScore({ question: q, answer: "Yes, that's it.", history: three });
    expect(afterFirst.feedback).toContain('Concrete: yes, a concrete example and your own role.');
    // The follow-up completes the answer; the short confirmation after it drops nothing.
    expect(afterSecond.score).toBeGreaterThan(afterFirst.score!);
    expect(afterThird.score).toBeGreaterThanOrEqual(afterSecond.score!);
    expect(afterThird.feedback).toContain('Concrete: yes');
    expect(afterThird.feedback).toContain('Complete: yes');
  });

  test('a latest message the caller also put in the history is counted once', () => {
    const answer = 'On Monday I shipped the onboarding flow and signups rose 12%.';
    const once = offlineScore({ question, answer, history: [] });
    expect(offlineScore({ question, answer, history: [{ role: 'user', content: answer }] })).toEqual(once);
  });
});
