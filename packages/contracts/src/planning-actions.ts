/**
 * The JSON actions a planning-chat reply may embed (create_todo, create_workback_plan: docs/planning.md#planning-chat).
 * Their fields are defined once, in @cc/contracts/planning (todo_data is what
 * POST /planning/chat_create_todo checks, goal_data what POST /planning/generate_workback_plan
 * checks); this module states the form to the model and finds actions in replies. Detection
 * only needs the shape: the fields are checked by the call that executes the action, so a
 * slightly wrong action reaches the user as that call's error message instead of as raw JSON.
 */
import type { GoalDataInput, TodoDataInput } from './planning';

export type { GoalDataInput, TodoDataInput } from './planning';

export type PlanningAction =
  { action: 'create_todo'; todo_data: TodoDataInput } | { action: 'create_workback_plan'; goal_data: GoalDataInput };

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shape of an embedded action (its fields are the contracts' todo_data / goal_data). Checked
 * by hand, without zod: the planning page loads this module with its chat, and zod would add
 * about 24 KB gzipped to it for a check this small.
 */
function asPlanningAction(value: unknown): DetectedPlanningAction | undefined {
  if (!isFields(value)) return undefined;
  if (value.action === 'create_todo' && isFields(value.todo_data)) return { action: 'create_todo', todo_data: value.todo_data };
  if (value.action === 'create_workback_plan' && isFields(value.goal_data)) {
    return { action: 'create_workback_plan', goal_data: value.goal_data };
  }
  return undefined;
}

/** The exact forms, as the model's prompt shows them (typed, so they follow the contracts). */
export const PLANNING_ACTION_EXAMPLES: { createTodo: PlanningAction; createWorkbackPlan: PlanningAction } = {
  createTodo: {
    action: 'create_todo',
    todo_data: { title: 'Send the deck to Maria', due_date: 'YYYY-MM-DD', description: 'Optional details', tags: ['work'] },
  },
  createWorkbackPlan: {
    action: 'create_workback_plan',
    goal_data: {
      title: 'Get promoted to senior engineer',
      target_date: 'YYYY-MM-DD',
      description: 'Optional details',
      milestone_type: '90-day',
      context: 'Optional: what the user told you that matters for the steps',
    },
  },
};

/** The JSON line a reply embeds for an action. */
export const planningActionJson = (action: PlanningAction): string => JSON.stringify(action);

/** An action found in a reply: its fields are not checked yet (the executing call does that). */
export type DetectedPlanningAction = { action: 'create_todo'; todo_data: Fields } | { action: 'create_workback_plan'; goal_data: Fields };

/** The first action embedded in a reply (bare or in a ``` fence), if any. */
export function findPlanningAction(reply: string): DetectedPlanningAction | undefined {
  for (const candidate of jsonObjectsIn(reply)) {
    try {
      const action = asPlanningAction(JSON.parse(candidate));
      if (action) return action;
    } catch {
      // not JSON: keep looking
    }
  }
  return undefined;
}

/** Balanced {...} spans, outermost first; strings are respected so braces inside them do not count. */
function* jsonObjectsIn(text: string): Generator<string> {
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (ch === '\\') i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        yield text.slice(start, i + 1);
        break;
      }
    }
  }
}

/** The reply without its action JSON, for showing to the user. */
export function withoutPlanningAction(reply: string): string {
  return reply
    .replace(/```(?:json)?\s*\{[\s\S]*?"action"[\s\S]*?\}\s*```/g, '')
    .replace(/^\s*\{.*"action"\s*:\s*"create_(todo|workback_plan)".*\}\s*$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
