/**
 * The JSON actions a planning-chat reply may embed (spec: create_todo, create_workback_plan).
 * The format is stated in the model's prompt and produced by the offline coach; this module
 * finds them again, so the planning page and svc-coaching agree with both. Pure, no Node APIs.
 */
import { z } from 'zod';

export const todoDataSchema = z.object({
  title: z.string().min(1),
  due_date: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
});

export const goalDataSchema = z.object({
  title: z.string().min(1),
  target_date: z.string().optional(),
  description: z.string().optional(),
});

export const planningActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create_todo'), todo_data: todoDataSchema }),
  z.object({ action: z.literal('create_workback_plan'), goal_data: goalDataSchema }),
]);

export type PlanningAction = z.infer<typeof planningActionSchema>;

/** The first valid action embedded in a reply (bare or in a ``` fence), if any. */
export function findPlanningAction(reply: string): PlanningAction | undefined {
  for (const candidate of jsonObjectsIn(reply)) {
    try {
      const parsed = planningActionSchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
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
