/** Offline week plans: the user's goals become outcomes, and each gets steps spread over the week. */
import { addDays, parsePeriod, shortDay } from '@cc/contracts/periods';
import { capitalize, collapse, sentences, truncate, words } from '../text';
import type { WeekPlan, WeekPlanInput } from '../types';

const MAX_GOALS = 3;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/** "I want to finish the Q3 deck." → "finish the Q3 deck" */
function goalOf(sentence: string): string {
  return collapse(sentence)
    .replace(/^(this week,?\s*)?(i|we)\s+(really\s+)?(want|need|have|hope|plan|would like|'d like)\s+to\s+/i, '')
    .replace(/^(my|our|the)\s+(main\s+)?(goal|focus|priority)\s+(is|will be)\s+(to\s+)?/i, '')
    .replace(/[.!;:]+$/, '');
}

/** "Mon 17 Mar" in a known week; a bare weekday when the key names no ISO week. */
function dayLabel(monday: string | undefined, index: number): string {
  if (!monday) return WEEKDAYS[index]!;
  return `${SHORT_DAYS[index]} ${shortDay(addDays(monday, index))}`;
}

export function offlineWeekPlan({ prompt, periodKey }: WeekPlanInput): WeekPlan {
  const monday = parsePeriod(periodKey, 'week')?.first;
  const goals = sentences(prompt)
    .filter((s) => !s.trim().endsWith('?') && words(s).length >= 2)
    .map(goalOf)
    .filter(Boolean)
    .slice(0, MAX_GOALS)
    .map((g) => truncate(g, 120));
  if (!goals.length) goals.push('make visible progress on your top priority');

  const friday = dayLabel(monday, 4);
  const outcomes = goals.map((g) => `- ${capitalize(g)}: done, or clearly moved forward, by ${friday}`);
  const actions: string[] = [`- **${dayLabel(monday, 0)}:** Write down what "done" means for each outcome and block focus time for it`];
  goals.forEach((g, i) => {
    const day = 1 + (i % 3);
    actions.push(`- **${dayLabel(monday, day)}:** First focused session on "${g}": finish one concrete piece`);
    actions.push(
      `- **${dayLabel(monday, Math.min(3, day + 1))}:** Share progress on "${g}" with someone who cares about it and ask for input`,
    );
  });
  actions.push(`- **${friday}:** Review the week: what moved, what did not, and the first step for next week`);
  return { outcomes: outcomes.join('\n'), actions: actions.join('\n') };
}
