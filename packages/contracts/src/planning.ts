import { z } from 'zod';
import { isIsoDate } from './periods-days';
import { PLANNING_LIMITS as L, PLANNING_MESSAGES as M, normalizeTags } from './planning-rules';
import { PG_INT_MAX } from './requests';
import { pagedAnswer, pageQuery } from './paging';

/**
 * svc-coaching's planning module: todos, milestones, the planning chat's two JSON-string calls,
 * the action plan and its weekly timeline. Request schemas (a failure is 422 `{success:false,
 * errors}` listing every broken rule), the JSON action forms of the planning chat (the one
 * definition; packages/ai states it to the model and detects it in replies) and the answers.
 */

export * from './planning-rules';

const nested = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === undefined || v === null ? {} : v), schema);
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

// ---- fields ----

const titleField = z.preprocess(
  trimmed,
  z.string({ error: M.titleRequired }).min(1, { error: M.titleRequired }).max(L.title, { error: M.titleTooLong }),
);

const descriptionField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : trimmed(v)),
  z.string({ error: M.descriptionTooLong }).max(L.description, { error: M.descriptionTooLong }),
);

/** A real calendar day, YYYY-MM-DD; blank or null is "no date". */
const optionalDateField = (error: string) => z.preprocess(blankToNull, z.string({ error }).refine(isIsoDate, { error }).nullable());

const requiredDateField = z.preprocess(
  blankToNull,
  z
    .string({ error: (issue) => (issue.input === null ? M.targetDateRequired : M.targetDateInvalid) })
    .refine(isIsoDate, { error: M.targetDateInvalid }),
);

/** Comma-separated text (the form) or a list (the AI payload); answered as a list. */
const tagsField = z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  z
    .union([z.string().max(L.tagsText, { error: M.tagsInvalid }), z.array(z.string()).max(L.tags * 10, { error: M.tooManyTags })], {
      error: M.tagsInvalid,
    })
    .transform((raw) => normalizeTags(raw))
    .pipe(z.array(z.string().max(L.tag, { error: M.tagTooLong })).max(L.tags, { error: M.tooManyTags })),
);

const milestoneTypeField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : trimmed(v)),
  z.string({ error: M.milestoneTypeTooLong }).max(L.milestoneType, { error: M.milestoneTypeTooLong }),
);

/** A milestone to link a todo to; blank or null unlinks. */
const milestoneIdField = z.preprocess(
  (v) => {
    const blank = blankToNull(v);
    return typeof blank === 'string' && /^\s*\d+\s*$/.test(blank) ? Number(blank) : blank;
  },
  z
    .number({ error: M.milestoneIdInvalid })
    .int({ error: M.milestoneIdInvalid })
    .positive({ error: M.milestoneIdInvalid })
    .max(PG_INT_MAX, { error: M.milestoneIdInvalid })
    .nullable(),
);

const todoShape = {
  title: titleField,
  due_date: optionalDateField(M.dueDateInvalid),
  description: descriptionField,
  tags: tagsField,
  milestone_id: milestoneIdField,
};

const milestoneShape = {
  title: titleField,
  target_date: requiredDateField,
  description: descriptionField,
  milestone_type: milestoneTypeField,
};

/** The todo fields: `todo{...}` of the form and the planning chat's `todo_data`. */
export const todoFieldsSchema = z.object(todoShape, { error: M.todoShape });
/** Only the fields sent are changed (the edit modal sends them all). */
export const todoPatchSchema = z.object(todoShape, { error: M.todoShape }).partial();
export const milestoneFieldsSchema = z.object(milestoneShape, { error: M.milestoneShape });
export const milestonePatchSchema = z.object(milestoneShape, { error: M.milestoneShape }).partial();

export type TodoFields = z.output<typeof todoFieldsSchema>;
export type TodoPatch = z.output<typeof todoPatchSchema>;
export type MilestoneFields = z.output<typeof milestoneFieldsSchema>;
export type MilestonePatch = z.output<typeof milestonePatchSchema>;

const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/**
 * Where a todo came from (added: a meeting's follow-up, docs/people.md#meetings). `source_key` names the
 * origin for the user, once: a second todo with the same key is not created. The URL is a
 * path in the app, never another site. Blank is "no source"; absent stays absent, so the form's
 * fields (and the chat's todo_data) read as before.
 */
const sourceShape = {
  source_key: z.preprocess(
    blankIsNull,
    z
      .string({ error: M.sourceKeyInvalid })
      .max(L.sourceKey, { error: M.sourceKeyInvalid })
      .regex(/^[A-Za-z0-9:._-]+$/, { error: M.sourceKeyInvalid })
      .nullish(),
  ),
  source_label: z.preprocess(
    (v) => blankIsNull(trimmed(v)),
    z.string({ error: M.sourceLabelTooLong }).max(L.sourceLabel, { error: M.sourceLabelTooLong }).nullish(),
  ),
  source_url: z.preprocess(
    blankIsNull,
    z
      .string({ error: M.sourceUrlInvalid })
      .max(L.sourceUrl, { error: M.sourceUrlInvalid })
      .regex(/^\/(?![/\\])\S*$/, { error: M.sourceUrlInvalid })
      .nullish(),
  ),
};
export const todoSourceSchema = z.object(sourceShape);
export type TodoSource = z.output<typeof todoSourceSchema>;

/** `POST /planning/todos`: the todo fields and, optionally, its source. */
export const createTodoBody = z.object({ todo: nested(z.object({ ...todoShape, ...sourceShape }, { error: M.todoShape })) });
/** `PATCH /planning/todos/{id}` */
export const updateTodoBody = z.object({ todo: nested(todoPatchSchema) });
/** `POST /planning/milestones` */
export const createMilestoneBody = z.object({ milestone: nested(milestoneFieldsSchema) });
/** `PATCH /planning/milestones/{id}` */
export const updateMilestoneBody = z.object({ milestone: nested(milestonePatchSchema) });

// ---- the planning chat's JSON actions (docs/planning.md#planning-chat: create_todo, create_workback_plan) ----

/**
 * `goal_data`: the goal as `title` (or `goal`), its target date, and optionally a description,
 * the milestone type and context the workback steps mention.
 */
export const goalDataSchema = z
  .object(
    {
      title: z.preprocess(trimmed, z.string({ error: M.goalTitleRequired }).max(L.title, { error: M.titleTooLong }).optional()),
      goal: z.preprocess(trimmed, z.string({ error: M.goalTitleRequired }).max(L.title, { error: M.titleTooLong }).optional()),
      target_date: requiredDateField,
      description: descriptionField,
      milestone_type: milestoneTypeField,
      context: z.preprocess(
        (v) => (v === undefined || v === null ? '' : trimmed(v)),
        z.string({ error: M.contextTooLong }).max(L.context, { error: M.contextTooLong }),
      ),
    },
    { error: M.goalDataShape },
  )
  .refine((g) => Boolean(g.title || g.goal), { error: M.goalTitleRequired, path: ['title'] })
  .transform(({ goal, title, ...rest }) => ({ ...rest, title: (title || goal)! }));
export type GoalData = z.output<typeof goalDataSchema>;
/** What a reply's `goal_data` holds (the model's side of the form). */
export interface GoalDataInput {
  title?: string;
  goal?: string;
  target_date: string;
  description?: string;
  milestone_type?: string;
  context?: string;
}
/** `todo_data`: the todo fields, tags as a list. */
export const todoDataSchema = todoFieldsSchema;
export type TodoData = z.output<typeof todoDataSchema>;
/** What a reply's `todo_data` holds (the model's side of the form). */
export interface TodoDataInput {
  title: string;
  due_date?: string | null;
  description?: string;
  tags?: string[];
  milestone_id?: number | null;
}

/** A JSON text parsed, then checked by `schema`; broken JSON is one message, never a 500. */
function jsonText<S extends z.ZodType<unknown, object>>(schema: S, messages: { required: string; invalid: string; shape: string }) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? undefined : v),
    z
      .union([z.string({ error: messages.required }).max(L.payload, { error: M.payloadTooLong }), z.record(z.string(), z.unknown())], {
        error: messages.required,
      })
      .transform((raw, ctx) => {
        if (typeof raw !== 'string') return raw;
        try {
          const parsed: unknown = JSON.parse(raw);
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
            ctx.addIssue({ code: 'custom', message: messages.shape });
            return z.NEVER;
          }
          return parsed;
        } catch {
          ctx.addIssue({ code: 'custom', message: messages.invalid });
          return z.NEVER;
        }
      })
      .pipe(schema),
  );
}

/** `POST /planning/chat_create_todo`: `todo_data` is JSON text (an object is accepted too). */
export const chatCreateTodoBody = z.object({
  todo_data: jsonText(todoDataSchema, { required: M.todoDataRequired, invalid: M.todoDataInvalid, shape: M.todoDataShape }),
});
/** `POST /planning/generate_workback_plan`: `goal_data` is JSON text (an object is accepted too). */
export const generateWorkbackBody = z.object({
  goal_data: jsonText(goalDataSchema, { required: M.goalDataRequired, invalid: M.goalDataInvalid, shape: M.goalDataShape }),
});

// ---- answers ----

export const todoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  due_date: z.string().nullable(),
  description: z.string(),
  tags: z.array(z.string()),
  completed: z.boolean(),
  milestone_id: z.number().int().nullable(),
  /** Where it came from (null for a todo written in planning). */
  source_key: z.string().nullable(),
  source_label: z.string().nullable(),
  source_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Todo = z.infer<typeof todoSchema>;

export const milestoneSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  target_date: z.string(),
  description: z.string(),
  milestone_type: z.string(),
  completed: z.boolean(),
  /** Linked todos: how many are done, of how many. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

const confirmed = { success: z.literal(true), errors: z.array(z.string()) };

/** `GET /planning/todos?limit=&cursor=`: paged when asked (docs/api.md#paged-lists). */
export const todosQuery = pageQuery;
/** `GET /planning/todos`: open todos first, by due date (undated last), then by id; `next_cursor` when paged. */
export const todosAnswer = pagedAnswer({ success: z.literal(true), todos: z.array(todoSchema) });
/** `POST` (201), `PATCH`, `PATCH .../toggle_completed` of a todo */
export const todoWriteAnswer = z.object({ ...confirmed, todo: todoSchema });
/** `POST /planning/todos`: 201, or 200 with `duplicate: true` and the todo already made from the same source_key. */
export const createTodoAnswer = z.object({ ...confirmed, todo: todoSchema, duplicate: z.literal(true).optional() });
/** `GET /planning/milestones`: by target date. */
export const milestonesAnswer = z.object({ success: z.literal(true), milestones: z.array(milestoneSchema) });
export const milestoneWriteAnswer = z.object({ ...confirmed, milestone: milestoneSchema });
/** `DELETE /planning/milestones/{id}`: its todos stay, unlinked. */
export const deleteMilestoneAnswer = z.object({ ...confirmed, unlinked_todos: z.number().int() });
export const planningDeleteAnswer = z.object(confirmed);
/** `POST /planning/chat_create_todo` (201) */
export const chatCreateTodoAnswer = z.object({ ...confirmed, message: z.string(), todo: todoSchema });
/** `POST /planning/generate_workback_plan` (201): the milestone and its todos, soonest first. */
export const workbackPlanAnswer = z.object({ ...confirmed, message: z.string(), milestone: milestoneSchema, todos: z.array(todoSchema) });

export type TodosAnswer = z.infer<typeof todosAnswer>;
export type TodoWriteAnswer = z.infer<typeof todoWriteAnswer>;
export type CreateTodoAnswer = z.infer<typeof createTodoAnswer>;
export type MilestonesAnswer = z.infer<typeof milestonesAnswer>;
export type MilestoneWriteAnswer = z.infer<typeof milestoneWriteAnswer>;
export type ChatCreateTodoAnswer = z.infer<typeof chatCreateTodoAnswer>;
export type WorkbackPlanAnswer = z.infer<typeof workbackPlanAnswer>;

export * from './action-plan';
