import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { weekContextPrompt } from '../prompts';
import { offlineWeekPlan } from './week-plan';

// Dates are written as the page writes them, the year only when it is not this year's: this is 2026.
beforeAll(() => {
  jest.useFakeTimers({
    now: new Date(2026, 2, 16, 12),
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

describe('offline week plan from the week prompt', () => {
  const prompt = weekContextPrompt({
    weekLabel: 'Week 12, 2026 (16 Mar – 22 Mar)',
    milestones: [
      { title: 'Launch beta', target_date: '2026-03-20', milestone_type: '90-day', progress: { done: 1, total: 3 } },
      { title: 'Promotion case', target_date: '2026-04-10' },
    ],
    todos: [
      { title: 'Send the deck', due_date: '2026-03-18', description: 'To Maria' },
      { title: 'Weekend reading', due_date: '2026-03-22' },
    ],
    unfinished: [{ text: 'Call Sam', week: 'Week 11, 2026 (9 Mar – 15 Mar)' }],
    planned: ['Prepare demo'],
  });

  test('every open item lands on a real day: carried-over first, todos on their due day, a milestone on its date', () => {
    const plan = offlineWeekPlan({ prompt, periodKey: '2026-W12' });
    const lines = plan.actions.split('\n');
    expect(lines[0]).toBe(
      '- **Mon 16 Mar:** Block focus time for "Launch beta", "Promotion case", "Send the deck" and write down what "done" means for each',
    );
    expect(lines).toContain('- **Mon 16 Mar:** Finish from last week: Call Sam');
    expect(lines).toContain('- **Wed 18 Mar:** Send the deck (due Wed 18 Mar)');
    expect(lines).toContain('- **Fri 20 Mar:** Weekend reading (due Sun 22 Mar)');
    expect(lines).toContain('- **Thu 19 Mar:** Check that everything for "Launch beta" is ready');
    expect(lines).toContain('- **Fri 20 Mar:** Deliver "Launch beta" (its target date)');
    expect(lines.some((l) => l.includes('Do the next concrete step towards "Promotion case" (target Fri 10 Apr)'))).toBe(true);
    // Already in the week: not proposed again.
    expect(plan.actions).not.toContain('Prepare demo');
    expect(lines.at(-1)).toMatch(/^- \*\*Fri 20 Mar:\*\* Review the week/);
    const days = lines.map((l) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].indexOf(l.slice(4, 7)));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(plan.outcomes.split('\n')).toEqual([
      '- "Launch beta" is a clear step closer (target Fri 20 Mar)',
      '- "Promotion case" is a clear step closer (target Fri 10 Apr)',
      '- All 2 todos due this week are done ("Send the deck", "Weekend reading")',
      "- Last week's open action is finished or dropped on purpose",
    ]);
    expect(plan.actions + plan.outcomes).not.toMatch(/\[|\.\.\.|…|TODO|placeholder|fill in/);
  });

  test('the prompt writes dates as the page does, and they are read back (a year away too, and ISO typed by hand)', () => {
    expect(prompt).toContain('- Send the deck (due Wed 18 Mar): To Maria');
    expect(prompt).toContain('- Launch beta (target Fri 20 Mar, 90-day, 1 of 3 actions done)');
    expect(prompt).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const edited = prompt.replace('(due Wed 18 Mar)', '(due 2026-03-19)').replace('(target Fri 10 Apr)', '(target Sat 9 Jan 2027)');
    const lines = offlineWeekPlan({ prompt: edited, periodKey: '2026-W12' }).actions.split('\n');
    expect(lines).toContain('- **Thu 19 Mar:** Send the deck (due Thu 19 Mar)');
    expect(lines.some((l) => l.includes('"Promotion case" (target Sat 9 Jan 2027)'))).toBe(true);
  });

  test("the user's own words count too, and an untouched empty week still gets a real plan", () => {
    const empty = weekContextPrompt({ weekLabel: 'Week 30, 2026', milestones: [], todos: [], unfinished: [], planned: [] });
    const own = offlineWeekPlan({ prompt: `${empty} I want to finish the Q3 roadmap.`, periodKey: '2026-W30' });
    expect(own.outcomes).toBe('- Finish the Q3 roadmap: done, or clearly moved forward, by Fri 24 Jul');
    expect(own.actions).toContain('First focused session on "finish the Q3 roadmap"');
    const bare = offlineWeekPlan({ prompt: empty, periodKey: '2026-W30' });
    expect(bare.actions.split('\n')).toHaveLength(3);
    expect(bare.actions).toContain('- **Mon 20 Jul:** Choose the one result that would make this week a success');
    expect(bare.outcomes).toBe('- One chosen result for the week is visibly further by Fri 24 Jul');
  });
});
