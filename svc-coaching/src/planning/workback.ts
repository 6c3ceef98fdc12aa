import { addDays, dateOfDay, localIsoDate, PLANNING_LIMITS, type GoalData, type Milestone, type Todo } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { workbackStepDescription, workbackStepTitles } from '@cc/ai';
import { insertMilestone } from './milestones';
import { insertTodo } from './todos';

/**
 * Where each of a workback plan's five steps falls between today (0) and the day before the
 * target (1). The titles are the goal's own (workbackStepTitles of @cc/ai: "Draft the promotion
 * case"), and so are their descriptions (workbackStepDescription), so a step never carries a
 * description written for another one.
 */
const AT = [0, 0.25, 0.5, 0.75, 1];
/** A target today or tomorrow leaves no time for five steps: defining, the main work, the last check. */
const NEAR = [0, 2, 4];

export interface WorkbackStep {
  title: string;
  due_date: string;
  description: string;
}

const daysBetween = (from: string, to: string) => Math.round((dateOfDay(to)!.getTime() - dateOfDay(from)!.getTime()) / 86_400_000);

/**
 * The dated steps towards a goal, worked back from its target date: the last one the day
 * before it, the first one today, the others spread between (a near date puts several on one
 * day), none before today (docs/planning.md#workback-plans). Pure, so the schedule is tested
 * without a database.
 */
export function workbackSteps(goal: GoalData, today: string): WorkbackStep[] {
  // A target a day back is the user's today a time zone behind: its steps go on it, never earlier.
  const start = goal.target_date < today ? goal.target_date : today;
  const lastDay = goal.target_date > start ? addDays(goal.target_date, -1) : goal.target_date;
  const span = daysBetween(start, lastDay);
  const titles = workbackStepTitles(goal.title, `${goal.description ?? ''} ${goal.context ?? ''}`);
  // Booking a time is too late on the day itself: with a day or less left the step that has it gives way.
  const near = span === 0 ? NEAR.map((i) => (/^Book\b/.test(titles[i]!) ? i - 1 : i)) : [0, 1, 2, 3, 4];
  // The context goes once, on the step it concerns (the one naming its person), else the first: on every step it reads as pasted.
  const names = (goal.context ?? '').match(/(?<=\S\s+)[A-Z][a-z]+/g) ?? [];
  const named = near.find((i) => names.some((name) => new RegExp(`\\b${name}\\b`).test(titles[i]!)));
  const contextAt = named ?? near[0];
  return near.map((i, n) => {
    // With the target tomorrow, the last check is on the day itself, so not every step is today.
    const due =
      span === 0 && n === near.length - 1 && goal.target_date > start
        ? goal.target_date
        : addDays(lastDay, -Math.round(span * (1 - AT[i]!)));
    const context = i === contextAt && goal.context ? ` Keep in mind: ${goal.context}` : '';
    return {
      title: titles[i]!.slice(0, PLANNING_LIMITS.title),
      due_date: due,
      description: `${workbackStepDescription(titles[i]!, i)}${context}`.slice(0, PLANNING_LIMITS.description),
    };
  });
}

/** Today on the server; a target date a day earlier is still accepted (the user may be a time zone behind). */
export const serverToday = () => localIsoDate();
export const isPastTarget = (targetDate: string, today = serverToday()) => targetDate < addDays(today, -1);

/** The milestone and its dated todos, in one transaction: all of the plan, or nothing. */
export async function createWorkbackPlan(
  db: Db,
  userId: number,
  goal: GoalData,
  today = serverToday(),
): Promise<{ milestone: Milestone; todos: Todo[] }> {
  return db.transaction(async (trx) => {
    const created = await insertMilestone(trx, userId, {
      title: goal.title,
      target_date: goal.target_date,
      description: goal.description || (goal.context ? `Context: ${goal.context}`.slice(0, PLANNING_LIMITS.description) : ''),
      milestone_type: goal.milestone_type || 'workback',
    });
    const todos: Todo[] = [];
    for (const step of workbackSteps(goal, today)) {
      const todo = await insertTodo(trx, userId, { ...step, tags: ['workback'], milestone_id: created.id });
      if (todo === 'no_milestone') throw new Error('the milestone of a workback plan vanished inside its own transaction');
      todos.push(todo);
    }
    return { milestone: { ...created, progress: { done: 0, total: todos.length } }, todos };
  });
}
