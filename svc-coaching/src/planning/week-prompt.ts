import { weekContextPrompt } from '@cc/ai';
import { addDays, actionLines, parsePeriod, stepPeriod, weekLabel } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { openMilestonesBetween } from './milestones';
import { findItem, itemsBetween } from './timeline';
import { openTodosDue } from './todos';

/** "Around" a week: milestones due from a week before it to four weeks after it. */
export const MILESTONE_DAYS_BEFORE = 7;
export const MILESTONE_DAYS_AFTER = 28;
/** Earlier weeks whose unfinished actions the prompt lists, and at most how many actions. */
export const EARLIER_WEEKS = 8;
export const MAX_UNFINISHED = 30;
export const MAX_TODOS = 50;

/**
 * GET /coaching/week_prompt: the week-AI modal's editable prompt, filled with what is open for
 * the user that week (milestones due around it, todos due in it, unfinished actions of the
 * earlier weeks of the current plan, what the week already lists).
 */
/** Date arithmetic at the ends of the calendar (0001-W01, 9999-W52) stops at the week itself. */
function within<T>(compute: () => T, fallback: T): T {
  try {
    return compute();
  } catch (err) {
    if (err instanceof RangeError) return fallback;
    throw err;
  }
}

export async function weekPrompt(db: Db, userId: number, key: string, label?: string): Promise<string> {
  const week = parsePeriod(key, 'week')!;
  const [milestones, todos, earlier, item] = await Promise.all([
    openMilestonesBetween(
      db,
      userId,
      within(() => addDays(week.first, -MILESTONE_DAYS_BEFORE), week.first),
      within(() => addDays(week.last, MILESTONE_DAYS_AFTER), week.last),
    ),
    openTodosDue(db, userId, week.first, week.last, MAX_TODOS),
    itemsBetween(
      db,
      userId,
      within(() => stepPeriod(key, -EARLIER_WEEKS), key),
      key,
    ),
    findItem(db, userId, key),
  ]);
  const unfinished = earlier
    .flatMap((i) => actionLines(i.content).map((line) => ({ ...line, week: weekLabel(i.period_key) })))
    .filter((line) => !line.done)
    .slice(-MAX_UNFINISHED)
    .map(({ text, week: w }) => ({ text, week: w }));
  return weekContextPrompt({
    weekLabel: label?.trim() || weekLabel(key),
    milestones: milestones.map((m) => ({
      title: m.title,
      target_date: m.target_date,
      milestone_type: m.milestone_type,
      progress: m.progress,
    })),
    todos: todos.map((t) => ({ title: t.title, due_date: t.due_date, description: t.description })),
    unfinished,
    planned: actionLines(item?.content ?? '').map((l) => (l.done ? `${l.text} (done)` : l.text)),
  });
}
