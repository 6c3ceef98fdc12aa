import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { weekContextPrompt } from '../prompts';
import { offlineWeekPlan } from './week-plan';

// The prompt writes dates as the page does, the year only when it is not this year's: this is 2026.
beforeAll(() => {
  jest.useFakeTimers({
    now: new Date(2026, 10, 26, 12),
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
});
afterAll(() => {
  jest.useRealTimers();
});

// Week 48 of 2026 runs from Monday 23 to Sunday 29 November; today is Thursday 26.
const THURSDAY = '2026-11-26';
const TASK = /^- \[ \] \*\*(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2}) (Nov|Dec)(?: \d{4})?:\*\* \S/;
const daysOf = (actions: string) => actions.split('\n').map((l) => Number(TASK.exec(l)?.[2]));
const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
/** True when the line holds every word of `prompt`, in order, side by side. */
const repeats = (line: string, prompt: string) => ` ${wordsOf(line).join(' ')} `.includes(` ${wordsOf(prompt).join(' ')} `);

describe('offline week plan: the days it plans', () => {
  const prompt = weekContextPrompt({
    weekLabel: 'Week 48, 2026 (23 Nov – 29 Nov)',
    milestones: [
      { title: 'Launch beta', target_date: '2026-11-27', milestone_type: '90-day', progress: { done: 1, total: 3 } },
      { title: 'Promotion case', target_date: '2027-01-10' },
      { title: 'Hiring plan', target_date: '2026-11-20' },
    ],
    todos: [
      { title: 'Send the deck', due_date: '2026-11-24', description: 'To Maria' },
      { title: 'Book the offsite room', due_date: '2026-11-27' },
      { title: 'Weekend reading', due_date: '2026-11-29' },
    ],
    unfinished: [{ text: '**Mon 16 Nov:** Call Sam', week: 'Week 47, 2026 (16 Nov – 22 Nov)' }],
    planned: ['**Mon 23 Nov:** Prepare demo'],
  });

  test('on a Thursday it starts today: nothing on Monday to Wednesday, every action a task box, in day order', () => {
    const plan = offlineWeekPlan({ prompt, periodKey: '2026-W48', today: THURSDAY });
    const lines = plan.actions.split('\n');
    for (const line of lines) expect(line).toMatch(TASK);
    expect(Math.min(...daysOf(plan.actions))).toBe(26);
    expect(daysOf(plan.actions)).toEqual([...daysOf(plan.actions)].sort((a, b) => a - b));
    expect(lines).toEqual([
      '- [ ] **Thu 26 Nov:** Call Sam (carried over)',
      '- [ ] **Thu 26 Nov:** Send the deck (overdue)',
      '- [ ] **Thu 26 Nov:** Check that everything for the milestone "Launch beta" is ready',
      '- [ ] **Thu 26 Nov:** Finish the milestone "Hiring plan" or give it a new target date',
      '- [ ] **Fri 27 Nov:** Book the offsite room',
      '- [ ] **Fri 27 Nov:** Weekend reading (due Sun 29 Nov)',
      '- [ ] **Fri 27 Nov:** Complete the milestone "Launch beta"',
      '- [ ] **Fri 27 Nov:** List what "Promotion case" still needs and finish the first item (target Sun 10 Jan 2027)',
      '- [ ] **Fri 27 Nov:** Review the week: what moved, what did not, and the first step for next week',
    ]);
    // Already in the week: not proposed again. A past day is never written, even as a reminder.
    expect(plan.actions).not.toContain('Prepare demo');
    expect(plan.actions + plan.outcomes).not.toMatch(/Mon 2[0-5] Nov|Tue 24|Wed 25|Mon 16/);
    expect(plan.outcomes.split('\n')).toEqual([
      '- Milestone "Launch beta" complete',
      '- What "Promotion case" still needs listed, its first item done',
      '- "Hiring plan" finished or given a new target date',
      '- All 3 todos due this week done ("Send the deck", "Book the offsite room", "Weekend reading")',
    ]);
  });

  test('a later week starts on its Monday; the weekend plans only the weekend; a week gone by plans nothing', () => {
    const later = offlineWeekPlan({ prompt: 'Send the deck to Maria by Wednesday', periodKey: '2026-W50', today: THURSDAY });
    expect(later.actions.split('\n')).toEqual([
      '- [ ] **Tue 8 Dec:** Get the deck ready to send',
      '- [ ] **Wed 9 Dec:** Get the deck to Maria',
      '- [ ] **Fri 11 Dec:** Review the week: what moved, what did not, and the first step for next week',
    ]);
    expect(later.outcomes).toBe('- Deck sent to Maria');

    const saturday = offlineWeekPlan({ prompt: 'talk to my manager about the reorg', periodKey: '2026-W48', today: '2026-11-28' });
    expect(daysOf(saturday.actions)).toEqual([28, 29, 29]);

    expect(offlineWeekPlan({ prompt, periodKey: '2026-W47', today: THURSDAY })).toEqual({ outcomes: '', actions: '' });
  });

  test('dates the user types are read back: ISO, and a year away', () => {
    const edited = prompt.replace('(due Fri 27 Nov)', '(due 2026-11-26)').replace('(target Sun 10 Jan 2027)', '(target Sat 9 Jan 2027)');
    const lines = offlineWeekPlan({ prompt: edited, periodKey: '2026-W48', today: THURSDAY }).actions.split('\n');
    expect(lines).toContain('- [ ] **Thu 26 Nov:** Book the offsite room');
    expect(lines.some((l) => l.includes('"Promotion case" still needs and finish the first item (target Sat 9 Jan 2027)'))).toBe(true);
  });
});

describe("offline week plan: the user's own words become actions, not copies", () => {
  test.each([
    [
      'Focus: Prepare the board update and one conversation with my manager.',
      'Board update prepared',
      'Have the conversation with my manager',
    ],
    [
      'I want to finish the Q3 roadmap deck. I need to prepare for my promotion talk.',
      'Q3 roadmap deck finished',
      'Rehearse for my promotion talk out loud once',
    ],
    ['Finish my promotion packet and get feedback from my manager', 'Feedback from my manager', 'Request feedback from my manager'],
    ['Ship the new pricing page', 'New pricing page shipped', 'Go live with the new pricing page'],
    ['Have a difficult 1:1 with Sam about the missed deadline', 'Talked with Sam about the missed deadline', 'List what to raise with Sam'],
  ])('%s', (goals, outcome, action) => {
    const plan = offlineWeekPlan({ prompt: goals, periodKey: '2026-W49', today: THURSDAY });
    expect(plan.outcomes.split('\n')).toContain(`- ${outcome}`);
    expect(plan.actions).toContain(action);
    for (const line of [...plan.actions.split('\n'), ...plan.outcomes.split('\n')]) expect(repeats(line, goals)).toBe(false);
    for (const sentence of goals.split(/(?<=\.)\s+/)) expect(plan.actions + plan.outcomes).not.toContain(sentence.replace(/\.$/, ''));
    for (const line of plan.actions.split('\n')) expect(line).toMatch(TASK);
  });

  test('a todo that is an event is prepared the day before it (when that day is still ahead)', () => {
    const prompt = weekContextPrompt({
      weekLabel: 'Week 49, 2026',
      milestones: [],
      todos: [
        { title: 'Onsite interview at Northwind', due_date: '2026-12-03' },
        { title: '1:1 with Priya about my project updates', due_date: '2026-11-30' },
      ],
      unfinished: [],
      planned: [],
    });
    const lines = offlineWeekPlan({ prompt, periodKey: '2026-W49', today: THURSDAY }).actions.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '- [ ] **Mon 30 Nov:** 1:1 with Priya about my project updates',
      '- [ ] **Wed 2 Dec:** List what the onsite interview at Northwind will ask about',
      '- [ ] **Thu 3 Dec:** Onsite interview at Northwind',
    ]);
  });

  test('the focus line of an empty week, and a week with nothing at all', () => {
    const empty = weekContextPrompt({ weekLabel: 'Week 49, 2026', milestones: [], todos: [], unfinished: [], planned: [] });
    const own = offlineWeekPlan({ prompt: `${empty} land a new job`, periodKey: '2026-W49', today: THURSDAY });
    expect(own.outcomes).toBe('- First application sent');
    expect(own.actions).toContain('- [ ] **Mon 30 Nov:** List the roles I want and the companies that have them');
    const bare = offlineWeekPlan({ prompt: empty, periodKey: '2026-W49', today: THURSDAY });
    expect(bare.actions.split('\n')).toEqual([
      '- [ ] **Mon 30 Nov:** Choose the one result that would make this week a success and block two focus sessions for it',
      '- [ ] **Wed 2 Dec:** Spend the first focus session on that result and finish one visible piece',
      '- [ ] **Fri 4 Dec:** Review the week: what moved, what did not, and the first step for next week',
    ]);
  });

  test('context that is no goal ("It is a busy week") adds no action; on the last day only the step that gets there', () => {
    const plan = offlineWeekPlan({
      prompt: 'It is a busy week because of the offsite. Send the deck to Maria.',
      periodKey: '2026-W48',
      today: '2026-11-27',
    });
    expect(plan.actions.split('\n')).toEqual([
      '- [ ] **Fri 27 Nov:** Get the deck to Maria',
      '- [ ] **Fri 27 Nov:** Review the week: what moved, what did not, and the first step for next week',
    ]);
  });
});
