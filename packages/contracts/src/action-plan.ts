import { z } from 'zod';
import { staleAnswer } from './failures';
import { isIsoDate } from './periods-days';
import { isPeriodKey } from './periods-keys';
import { PLANNING_LIMITS as L, PLANNING_MESSAGES as M } from './planning-rules';
import { PG_INT_MAX } from './requests';

/**
 * The 53-week action plan and its timeline: what its calls take and answer
 * (docs/planning.md#action-plan). Re-exported by planning.ts, where the todos and milestones are.
 */

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const confirmed = { success: z.literal(true), errors: z.array(z.string()) };

const weekTypeField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 'week' : v),
  z.literal('week', { error: M.periodTypeInvalid }),
);
export const weekKeyField = z.string({ error: M.periodKeyInvalid }).refine((k) => isPeriodKey(k, 'week'), { error: M.periodKeyInvalid });

const revisionField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number().int().min(0).max(PG_INT_MAX).optional(),
);
const saveIdField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
);

/**
 * `POST /coaching/save_timeline_item`: one week's actions (and, optionally, its outcomes),
 * upserted. `revision` is the week's revision the edit is based on (stale: 409, as for files).
 */
export const saveTimelineItemBody = z.object({
  period_type: weekTypeField,
  period_key: weekKeyField,
  content: z
    .string({ error: M.weekContentRequired })
    .max(L.weekContent, { error: M.weekContentTooLong })
    .nullable()
    .transform((v) => v ?? ''),
  outcomes: z.string({ error: M.outcomesTooLong }).max(L.outcomes, { error: M.outcomesTooLong }).nullish(),
  revision: revisionField,
  save_id: saveIdField,
});
/** `GET /coaching/week_prompt?period_key=&week_label=` */
export const weekPromptQuery = z.object({
  period_key: weekKeyField,
  week_label: z.string().max(L.weekLabel, { error: M.weekLabelTooLong }).optional(),
});
/** `POST /coaching/generate_action_plan` */
export const generateActionPlanBody = z.object({
  prompt: z.preprocess(
    trimmed,
    z
      .string({ error: M.weekPromptRequired })
      .min(1, { error: M.weekPromptRequired })
      .max(L.weekPrompt, { error: 'The context can be at most 20,000 characters.' }),
  ),
  period_key: weekKeyField,
  period_type: weekTypeField,
  /** The user's own date: the plan starts there, never on a day gone by (the server's date otherwise). */
  today: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string({ error: M.todayInvalid }).refine(isIsoDate, { error: M.todayInvalid }).optional(),
  ),
});

// ---- answers ----

export const actionPlanSchema = z.object({ id: z.number().int(), created_at: z.string() });
export type ActionPlan = z.infer<typeof actionPlanSchema>;

export const timelineItemSchema = z.object({
  period_type: z.literal('week'),
  period_key: z.string(),
  /** The week's actions (markdown lines). */
  content: z.string(),
  outcomes: z.string(),
  /** Goes up with every change of the content; the base of the next save. */
  revision: z.number().int(),
  updated_at: z.string(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const archivedActionSchema = z.object({ period_key: z.string(), text: z.string() });
export type ArchivedAction = z.infer<typeof archivedActionSchema>;
/**
 * A plan set aside by a new one, with the actions it still had open then: those of its last
 * week and before (immediately), of the next 4 weeks (soon), and after (later).
 */
export const archivedPlanSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  archived_at: z.string(),
  immediately: z.array(archivedActionSchema),
  soon: z.array(archivedActionSchema),
  later: z.array(archivedActionSchema),
});
export type ArchivedPlan = z.infer<typeof archivedPlanSchema>;

/** `GET /coaching/current_action_plan` */
export const currentActionPlanAnswer = z.object({ success: z.literal(true), has_plan: z.boolean(), plan: actionPlanSchema.nullable() });
/** `POST /coaching/create_empty_action_plan`: `archived` is the plan it replaced, if any. */
export const createActionPlanAnswer = z.object({
  success: z.literal(true),
  plan: actionPlanSchema,
  archived: archivedPlanSchema.nullable(),
});
/** `GET /coaching/timeline_items`: the current plan's weeks (none without a plan). */
export const timelineItemsAnswer = z.object({
  success: z.literal(true),
  items: z.array(timelineItemSchema),
  migration_needed: z.boolean(),
});
/** `POST /coaching/save_timeline_item` */
export const saveTimelineItemAnswer = z.object({ ...confirmed, item: timelineItemSchema });
/** `POST /coaching/save_timeline_item` on a stale revision: 409 with what the week holds now. */
export const staleTimelineItemAnswer = staleAnswer(
  z.object({ content: z.string(), revision: z.number().int(), save_id: z.string().optional() }),
);
/** `GET /coaching/week_prompt` */
export const weekPromptAnswer = z.object({ success: z.literal(true), prompt: z.string() });
/** `POST /coaching/generate_action_plan`: the week's plan; its outcomes are stored on the week. */
export const generatedWeekAnswer = z.object({
  success: z.literal(true),
  item: z.object({ period_type: z.literal('week'), period_key: z.string(), outcomes: z.string(), actions: z.string() }),
});
/** `POST /coaching/restore_action_plan {plan_id}` */
export const restoreActionPlanBody = z.object({ plan_id: z.coerce.number().int().positive().max(PG_INT_MAX) });
/**
 * `POST /coaching/restore_action_plan`: the restored plan (current again, with its weeks) and
 * the plan it replaced, archived (null when nothing was written in it: it is dropped).
 */
export const restoreActionPlanAnswer = z.object({
  success: z.literal(true),
  plan: actionPlanSchema,
  archived: archivedPlanSchema.nullable(),
});
/** `GET /coaching/archived_action_plans`: newest archive first. */
export const archivedPlansAnswer = z.object({ success: z.literal(true), plans: z.array(archivedPlanSchema) });

export type CurrentActionPlanAnswer = z.infer<typeof currentActionPlanAnswer>;
export type CreateActionPlanAnswer = z.infer<typeof createActionPlanAnswer>;
export type TimelineItemsAnswer = z.infer<typeof timelineItemsAnswer>;
export type SaveTimelineItemAnswer = z.infer<typeof saveTimelineItemAnswer>;
export type StaleTimelineItemAnswer = z.infer<typeof staleTimelineItemAnswer>;
export type WeekPromptAnswer = z.infer<typeof weekPromptAnswer>;
export type GeneratedWeekAnswer = z.infer<typeof generatedWeekAnswer>;
export type ArchivedPlansAnswer = z.infer<typeof archivedPlansAnswer>;
export type RestoreActionPlanAnswer = z.infer<typeof restoreActionPlanAnswer>;
