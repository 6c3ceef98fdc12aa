import { z } from 'zod';
import { chatReferenceSchema } from './chat';
import { revisionField, saveIdField, staleRevisionAnswer } from './files';
import {
  COACHING_LIMITS as L,
  COACHING_MESSAGES as M,
  isQuestionnaireType,
  questionnairePeriodKey,
  QUESTIONNAIRE_TYPES,
  type QuestionnaireType,
} from './coaching-rules';
import { PG_INT_MAX } from './requests';

/**
 * svc-coaching's coaching module: information gathering, the questionnaires and their question
 * chats, and the questionnaire admin. Request schemas (a failure is 422 `{success:false,
 * errors}` listing every broken rule) and the answers (COACHING_ANSWERS, spread into ROUTE_ANSWERS).
 */

export * from './coaching-rules';

const nested = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === undefined || v === null ? {} : v), schema);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
/** Query values and form fields arrive as text; ids and positions are whole numbers. */
const wholeNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v);

// ---- fields ----

export const questionnaireTypeField = z.string({ error: M.typeInvalid }).refine(isQuestionnaireType, { error: M.typeInvalid });

const idField = (error: string) =>
  z.preprocess(wholeNumber, z.number({ error }).int({ error }).positive({ error }).max(PG_INT_MAX, { error }));

const promptField = z.preprocess(
  trimmed,
  z.string({ error: M.promptRequired }).min(1, { error: M.promptRequired }).max(L.prompt, { error: M.promptTooLong }),
);

const positionField = z.preprocess(
  (v) => wholeNumber(blankToUndefined(v)),
  z
    .number({ error: M.positionInvalid })
    .int({ error: M.positionInvalid })
    .min(1, { error: M.positionInvalid })
    .max(L.position, { error: M.positionInvalid })
    .optional(),
);

const text = (max: number, tooLong: string, required?: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? (required ? v : '') : trimmed(v)),
    required
      ? z.string({ error: required }).min(1, { error: required }).max(max, { error: tooLong })
      : z.string({ error: tooLong }).max(max, { error: tooLong }),
  );

/** A period key checked against its questionnaire's kind (as stored: onboarding's blank key is `onboarding`). */
function withPeriodKey<T extends { type: string; period_key?: unknown }>(value: T, ctx: z.RefinementCtx) {
  if (!isQuestionnaireType(value.type)) return z.NEVER;
  const key = questionnairePeriodKey(value.type, value.period_key);
  if (key === undefined) {
    ctx.addIssue({ code: 'custom', message: M.periodKeyInvalid(value.type), path: ['period_key'] });
    return z.NEVER;
  }
  return { ...value, type: value.type as QuestionnaireType, period_key: key };
}

/** The raw period key of a question's call; checked against the question's type by the service (it knows the type). */
const rawPeriodKeyField = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string({ error: M.periodKeyText }).max(20, { error: M.periodKeyText }).optional(),
);

// ---- information gathering ----

/** `POST /coaching/submit_coaching_plan` */
export const submitCoachingPlanBody = z.object({ prompt: promptField });

// ---- questionnaires and question chats ----

/** `GET /coaching/questionnaire_sections?type=&period_key=` */
export const questionnaireSectionsQuery = z
  .object({ type: questionnaireTypeField, period_key: rawPeriodKeyField })
  .transform(withPeriodKey);

/** `GET /coaching/admin_sections?type=`: every questionnaire when the type is left out. */
export const adminSectionsQuery = z.object({
  type: z.preprocess(blankToUndefined, questionnaireTypeField.optional()),
});

/** `GET /coaching/onboarding_conversation?question_id=&period_key=` */
export const conversationQuery = z.object({ question_id: idField(M.questionIdInvalid), period_key: rawPeriodKeyField });

/** `POST /coaching/onboarding_send_message` */
export const sendQuestionMessageBody = z.object({
  question_id: idField(M.questionIdInvalid),
  period_key: rawPeriodKeyField,
  message: z.preprocess(
    trimmed,
    z.string({ error: M.messageRequired }).min(1, { error: M.messageRequired }).max(L.message, { error: M.messageTooLong }),
  ),
});

/** `POST /coaching/onboarding_save_content`: the manual entries, the AI summary, or both; or `clear_messages` (the chat's Clear). */
export const saveQuestionContentBody = z
  .object({
    question_id: idField(M.questionIdInvalid),
    period_key: rawPeriodKeyField,
    content: z.string({ error: M.contentTooLong }).max(L.content, { error: M.contentTooLong }).nullish(),
    content_summary: z.string({ error: M.summaryTooLong }).max(L.summary, { error: M.summaryTooLong }).nullish(),
    /** Clearing the chat: its messages and the score they earned go; the notes stay. */
    clear_messages: z.boolean({ error: M.clearMessagesInvalid }).optional(),
    /** The revision of the one text sent that the edit is based on (stale: 409, as for files); without it the save wins. */
    revision: revisionField,
    save_id: saveIdField,
  })
  .refine((b) => typeof b.content === 'string' || typeof b.content_summary === 'string' || b.clear_messages === true, {
    error: M.saveNothing,
  })
  .refine((b) => b.revision === undefined || (typeof b.content === 'string') !== (typeof b.content_summary === 'string'), {
    error: M.revisionOfOneText,
  });

/** A question chat's message: an assistant answer may cite the user's other notes (`references`, as every chat). */
export const coachingChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  references: z.array(chatReferenceSchema).optional(),
});
export type CoachingChatMessage = z.infer<typeof coachingChatMessageSchema>;

/** `POST /coaching/onboarding_generate_summary`: what the page shows (the stored ones when left out). */
export const generateSummaryBody = z.object({
  question_id: idField(M.questionIdInvalid),
  period_key: rawPeriodKeyField,
  content: z.string({ error: M.contentTooLong }).max(L.content, { error: M.contentTooLong }).nullish(),
  messages: z
    .array(
      z.object(
        {
          role: z.enum(['user', 'assistant'], { error: M.messagesInvalid }),
          content: z.string({ error: M.messagesInvalid }).max(L.messageContent, { error: M.messagesInvalid }),
        },
        { error: M.messagesInvalid },
      ),
      { error: M.messagesInvalid },
    )
    .max(L.messages, { error: M.messagesInvalid })
    .nullish(),
});

// ---- admin ----

const sectionShape = {
  title: text(L.title, M.titleTooLong, M.sectionTitleRequired),
  description: text(L.description, M.descriptionTooLong),
  position: positionField,
  questionnaire_type: questionnaireTypeField,
};
export const sectionFieldsSchema = z.object(sectionShape, { error: M.sectionShape });
export const sectionPatchSchema = z.object(sectionShape, { error: M.sectionShape }).partial();
export type SectionFields = z.output<typeof sectionFieldsSchema>;
export type SectionPatch = z.output<typeof sectionPatchSchema>;

const questionShape = {
  title: text(L.title, M.titleTooLong, M.questionTitleRequired),
  question_text: text(L.questionText, M.questionTextTooLong, M.questionTextRequired),
  prompt: text(L.questionPrompt, M.questionPromptTooLong),
  position: positionField,
  onboarding_section_id: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    idField(M.sectionIdInvalid).optional(),
  ),
  /** Checked against the section's type when given (the form sends the tab's type). */
  questionnaire_type: z.preprocess(blankToUndefined, questionnaireTypeField.optional()),
};
export const questionFieldsSchema = z
  .object(questionShape, { error: M.questionShape })
  .refine((q) => q.onboarding_section_id !== undefined, { error: M.sectionIdRequired, path: ['onboarding_section_id'] });
export const questionPatchSchema = z.object(questionShape, { error: M.questionShape }).partial();
export type QuestionFields = z.output<typeof questionFieldsSchema>;
export type QuestionPatch = z.output<typeof questionPatchSchema>;

/** `POST /coaching/sections`, `PATCH /coaching/sections/{id}` */
export const createSectionBody = z.object({ section: nested(sectionFieldsSchema) });
export const updateSectionBody = z.object({ section: nested(sectionPatchSchema) });
/** `POST /coaching/questions`, `PATCH /coaching/questions/{id}` */
export const createQuestionBody = z.object({ question: nested(questionFieldsSchema) });
export const updateQuestionBody = z.object({ question: nested(questionPatchSchema) });

/** `POST /coaching/upload_questions_csv`: the form's questionnaire_type, for rows that name none. */
export const uploadCsvFields = z.object({
  questionnaire_type: z.preprocess(
    blankToUndefined,
    z.string({ error: M.csvTypeInvalid }).refine(isQuestionnaireType, { error: M.csvTypeInvalid }).optional(),
  ),
});

/** The CSV's columns and how a row is checked live with the preview's (zod-free). */
export * from './questions-csv';

// ---- answers ----

export const coachingPlanSchema = z.object({ response: z.string(), created_at: z.string() });
export const archivedCoachingPlanSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  response: z.string(),
  created_at: z.string(),
  archived_at: z.string(),
});
export type ArchivedCoachingPlan = z.infer<typeof archivedCoachingPlanSchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The question as asked (sent as `question_text` in the admin forms). */
  text: z.string(),
  prompt: z.string(),
  position: z.number().int(),
  onboarding_section_id: z.number().int(),
  questionnaire_type: z.enum(QUESTIONNAIRE_TYPES),
});
export type Question = z.infer<typeof questionSchema>;

export const scoredQuestionSchema = questionSchema.extend({
  /** The user's score for the asked period, 0-100; null before the first scored answer. */
  score: z.number().int().min(0).max(100).nullable(),
  /** Whether the period has manual entries or an AI summary. */
  has_notes: z.boolean(),
  /** The scores of the recent periods of the type, oldest first, ending with the asked one. */
  recent_scores: z.array(z.object({ period_key: z.string(), score: z.number().int().min(0).max(100).nullable() })),
});
export type ScoredQuestion = z.infer<typeof scoredQuestionSchema>;

const sectionBase = {
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  questionnaire_type: z.enum(QUESTIONNAIRE_TYPES),
};
export const sectionSchema = z.object({ ...sectionBase, questions: z.array(questionSchema) });
export type Section = z.infer<typeof sectionSchema>;
export const scoredSectionSchema = z.object({ ...sectionBase, questions: z.array(scoredQuestionSchema) });
export type ScoredSection = z.infer<typeof scoredSectionSchema>;

/** `GET /coaching/information_gathering_prompt`: the prompt is the last one submitted, or a default. */
export const informationGatheringAnswer = z.object({
  success: z.literal(true),
  prompt: z.string(),
  has_existing_plan: z.boolean(),
  existing_plan: coachingPlanSchema.nullable(),
});
/** `POST /coaching/submit_coaching_plan`: the new plan; the one before it is archived. */
export const submitCoachingPlanAnswer = z.object({ success: z.literal(true), ...coachingPlanSchema.shape });
/** `GET /coaching/archived_plans`: newest archive first. */
export const archivedCoachingPlansAnswer = z.object({ success: z.literal(true), plans: z.array(archivedCoachingPlanSchema) });

/** `GET /coaching/questionnaire_sections`: the sections by position, each question with the user's score. */
export const questionnaireSectionsAnswer = z.object({
  success: z.literal(true),
  questionnaire_type: z.enum(QUESTIONNAIRE_TYPES),
  period_key: z.string(),
  sections: z.array(scoredSectionSchema),
  is_admin: z.boolean(),
  /** The period at a glance: questions with a score, of how many, and their average (null: none). */
  summary: z.object({ answered: z.number().int(), total: z.number().int(), average_score: z.number().int().nullable() }),
});

/** `GET /coaching/onboarding_conversation`: empty until the first message or save. */
export const questionConversationAnswer = z.object({
  success: z.literal(true),
  question_id: z.number().int(),
  period_key: z.string(),
  messages: z.array(coachingChatMessageSchema),
  score: z.number().int().min(0).max(100).nullable(),
  /** Why the score is what it is, and what would raise it. */
  score_feedback: z.string(),
  content: z.string(),
  content_summary: z.string(),
  /** Go up with every change of their text; 0 while it has none (the base of the next save). */
  content_revision: z.number().int(),
  summary_revision: z.number().int(),
  updated_at: z.string().nullable(),
  /**
   * The same question in the period before (docs/coaching.md#look-back): its label ("Last week"),
   * score and a line of the answer; null when that period holds none.
   */
  previous: z
    .object({ period_key: z.string(), label: z.string(), score: z.number().int().min(0).max(100).nullable(), line: z.string().max(160) })
    .nullable()
    .optional(),
});
/**
 * `POST /coaching/onboarding_send_message`: the coach's reply and the conversation's score, null
 * while it holds no answer (the automatic first message is not one).
 */
export const questionReplyAnswer = z.object({
  success: z.literal(true),
  response: z.string(),
  score: z.number().int().min(0).max(100).nullable(),
  score_feedback: z.string(),
  /** The notes `response` cites, and the one-time line about sending them to a model (as send_message's). */
  references: z.array(chatReferenceSchema).optional(),
  notice: z.string().optional(),
});
/** `POST /coaching/onboarding_save_content` */
export const saveQuestionContentAnswer = z.object({
  success: z.literal(true),
  content: z.string(),
  content_summary: z.string(),
  content_revision: z.number().int(),
  summary_revision: z.number().int(),
  updated_at: z.string(),
});
/** `POST /coaching/onboarding_save_content` on a stale revision: 409 with what the text holds now. */
export const staleQuestionContentAnswer = staleRevisionAnswer;
/** `POST /coaching/onboarding_generate_summary`: the summary, also stored as the AI summary (its revision goes up). */
export const questionSummaryAnswer = z.object({ success: z.literal(true), summary: z.string(), summary_revision: z.number().int() });

const confirmed = { success: z.literal(true), errors: z.array(z.string()) };
/** `GET /coaching/admin_sections` */
export const adminSectionsAnswer = z.object({ success: z.literal(true), sections: z.array(sectionSchema) });
export const sectionWriteAnswer = z.object({ ...confirmed, section: sectionSchema });
export const deleteSectionAnswer = z.object({ ...confirmed, deleted_questions: z.number().int() });
export const questionWriteAnswer = z.object({ ...confirmed, question: questionSchema });
export const deleteQuestionAnswer = z.object({ ...confirmed, deleted_conversations: z.number().int() });
/** `POST /coaching/upload_questions_csv` */
export const csvImportAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  types_processed: z.array(z.enum(QUESTIONNAIRE_TYPES)),
  created: z.object({ sections: z.number().int(), questions: z.number().int() }),
  updated: z.object({ sections: z.number().int(), questions: z.number().int() }),
});

/** Spread into ROUTE_ANSWERS (answers.ts). */
export const COACHING_ANSWERS = {
  'GET /coaching/information_gathering_prompt': informationGatheringAnswer,
  'POST /coaching/submit_coaching_plan': submitCoachingPlanAnswer,
  'GET /coaching/archived_plans': archivedCoachingPlansAnswer,
  'GET /coaching/questionnaire_sections': questionnaireSectionsAnswer,
  'GET /coaching/onboarding_conversation': questionConversationAnswer,
  'POST /coaching/onboarding_send_message': questionReplyAnswer,
  'POST /coaching/onboarding_save_content': z.union([saveQuestionContentAnswer, staleQuestionContentAnswer]),
  'POST /coaching/onboarding_generate_summary': questionSummaryAnswer,
  'GET /coaching/admin_sections': adminSectionsAnswer,
  'POST /coaching/sections': sectionWriteAnswer,
  'PATCH /coaching/sections/{id}': sectionWriteAnswer,
  'DELETE /coaching/sections/{id}': deleteSectionAnswer,
  'POST /coaching/questions': questionWriteAnswer,
  'PATCH /coaching/questions/{id}': questionWriteAnswer,
  'DELETE /coaching/questions/{id}': deleteQuestionAnswer,
  'POST /coaching/upload_questions_csv': csvImportAnswer,
} as const;

export type InformationGatheringAnswer = z.infer<typeof informationGatheringAnswer>;
export type SubmitCoachingPlanAnswer = z.infer<typeof submitCoachingPlanAnswer>;
export type ArchivedCoachingPlansAnswer = z.infer<typeof archivedCoachingPlansAnswer>;
export type QuestionnaireSectionsAnswer = z.infer<typeof questionnaireSectionsAnswer>;
export type QuestionConversationAnswer = z.infer<typeof questionConversationAnswer>;
export type QuestionReplyAnswer = z.infer<typeof questionReplyAnswer>;
export type SaveQuestionContentAnswer = z.infer<typeof saveQuestionContentAnswer>;
export type QuestionSummaryAnswer = z.infer<typeof questionSummaryAnswer>;
export type AdminSectionsAnswer = z.infer<typeof adminSectionsAnswer>;
export type SectionWriteAnswer = z.infer<typeof sectionWriteAnswer>;
export type QuestionWriteAnswer = z.infer<typeof questionWriteAnswer>;
export type CsvImportAnswer = z.infer<typeof csvImportAnswer>;
