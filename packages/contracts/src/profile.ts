import { z } from 'zod';
import {
  GENERATION_PHASES,
  GENERATION_STATES,
  PROFILE_LIMITS as L,
  PROFILE_MESSAGES as M,
  RESEARCH_MODES,
  STATEMENT_STATUSES,
} from './profile-rules';
import { PROFILE_SOURCES_ANSWERS } from './profile-sources';
import { PG_INT_MAX } from './requests';

/**
 * svc-people's About me profile: request schemas (422 `{success:false, errors}` names every
 * broken rule) and answers (PROFILE_ANSWERS, spread into ROUTE_ANSWERS). What the panel needs
 * without zod is in profile-rules.ts (`@cc/contracts/profile-rules`).
 */

export * from './profile-rules';
export * from './profile-sources';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export const PROFILE_DETAIL_FIELDS = {
  full_name: L.fullName,
  company: L.company,
  company_description: L.companyDescription,
  role: L.role,
  extra: L.extra,
} as const;
export type ProfileDetailField = keyof typeof PROFILE_DETAIL_FIELDS;
export type ProfileDetails = Record<ProfileDetailField, string>;

/** details{full_name, company, company_description, role, extra}: only the fields sent; null is ''. */
const detailsField = z.unknown().transform((raw, ctx): Partial<ProfileDetails> => {
  if (!isObject(raw)) {
    ctx.addIssue({ code: 'custom', message: M.detailsShape });
    return z.NEVER;
  }
  const out: Partial<ProfileDetails> = {};
  let bad = false;
  for (const [key, value] of Object.entries(raw)) {
    const max = PROFILE_DETAIL_FIELDS[key as ProfileDetailField];
    const problem = (message: string) => {
      bad = true;
      ctx.addIssue({ code: 'custom', message });
    };
    if (max === undefined) problem(M.unknownDetail(key));
    else if (value !== null && typeof value !== 'string') problem(M.detailText(key));
    else if ((value ?? '').length > max) problem(M.detailTooLong(key, max));
    else out[key as ProfileDetailField] = value ?? '';
  }
  return bad ? z.NEVER : out;
});

/** `PATCH /profile`: details{…}, one field or several (the autosave sends what changed). */
export const updateProfileBody = z.object({ details: detailsField });

const promptField = (which: 'system' | 'user', max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: M.promptText(which) })
      .max(max, { error: M.promptTooLong(which, max) })
      .optional(),
  );

/** `POST /profile/generate`: details (saved first), optional system and user prompts, research_mode quick or deep. */
export const generateProfileBody = z.object({
  details: z.preprocess((v) => (v === null ? undefined : v), detailsField.optional()),
  system: promptField('system', L.system),
  user: promptField('user', L.user),
  research_mode: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'quick' : v),
    z.enum(RESEARCH_MODES, { error: M.researchModeInvalid }),
  ),
});

/** A list index: a whole number from 0 (its digits are accepted too). */
const indexField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.indexInvalid })
    .int({ error: M.indexInvalid })
    .min(0, { error: M.indexInvalid })
    .max(PG_INT_MAX, { error: M.indexInvalid }),
);

export const deleteStatementBody = z.object({ index: indexField });
export const deleteCompanyStatementBody = z.object({
  company: z.preprocess((v) => (v === null ? '' : v), z.string({ error: M.companyRequired }).max(L.company, { error: M.companyTooLong })),
  index: indexField,
});
/** The status is sent as a string; anything but the three is 422 (docs/about-me.md#statements). */
export const verifyStatementBody = z.object({ index: indexField, status: z.enum(STATEMENT_STATUSES, { error: M.statusInvalid }) });

// ---- answers ----

export const profileDetailsSchema = z.object({
  full_name: z.string(),
  company: z.string(),
  company_description: z.string(),
  role: z.string(),
  extra: z.string(),
});

/**
 * A statement: its text, the source label it was written under ('' when none), and where that
 * source can be opened in the app (a file, a dated journal entry, a check-in, a milestone) or
 * on the web (a citation).
 */
export const statementSchema = z.object({
  text: z.string(),
  source: z.string(),
  source_url: z.string().optional(),
  status: z.enum(STATEMENT_STATUSES).optional(),
});
export type ProfileStatement = z.infer<typeof statementSchema>;
export const companyStatementSchema = statementSchema.omit({ status: true });
export type CompanyStatement = z.infer<typeof companyStatementSchema>;
/** Grouped by company, in the order the groups were written; an empty source is 'Company'. */
export const companyStatementsSchema = z.record(z.string(), z.array(companyStatementSchema));
export type CompanyStatements = z.infer<typeof companyStatementsSchema>;

export const profileSchema = z.object({
  details: profileDetailsSchema,
  ai_profile_narrative: z.string(),
  ai_profile_markdown: z.string(),
  statements: z.array(statementSchema),
  company_statements: companyStatementsSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** A deep research, as the status call reports it (the panel resumes from it after a reload). */
export const generationSchema = z.object({
  id: z.number().int(),
  research_mode: z.enum(RESEARCH_MODES),
  state: z.enum(GENERATION_STATES),
  phase: z.enum(GENERATION_PHASES),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

export const profileAnswer = z.object({ success: z.literal(true), ...profileSchema.shape });
export const profileWriteAnswer = z.object({ success: z.literal(true), errors: z.array(z.string()), details: profileDetailsSchema });
export const generationPromptAnswer = z.object({ success: z.literal(true), system: z.string(), user: z.string() });
export const generateProfileAnswer = z.object({
  success: z.literal(true),
  markdown: z.string(),
  statements: z.array(statementSchema),
  research_mode: z.enum(RESEARCH_MODES),
  /** Deep mode: the job that wrote it. */
  generation: generationSchema.optional(),
});
export const statementsAnswer = z.object({ success: z.literal(true), statements: z.array(statementSchema) });
export const companyStatementsAnswer = z.object({ success: z.literal(true), company_statements: companyStatementsSchema });
export const narrativeAnswer = z.object({ success: z.literal(true), narrative: z.string() });
export const generationStatusAnswer = z.object({ success: z.literal(true), generation: generationSchema.nullable() });
export const cancelGenerationAnswer = z.object({
  success: z.literal(true),
  cancelled: z.boolean(),
  generation: generationSchema.nullable(),
});

export type ProfileAnswer = z.infer<typeof profileAnswer>;
export type GenerateProfileAnswer = z.infer<typeof generateProfileAnswer>;
export type GenerationStatusAnswer = z.infer<typeof generationStatusAnswer>;

export const PROFILE_ANSWERS = {
  'GET /profile': profileAnswer,
  'PATCH /profile': profileWriteAnswer,
  'GET /profile/generation_prompt': generationPromptAnswer,
  /** A model failure or a deep research that failed or was cancelled: `{success:false, error, errors}`. */
  'POST /profile/generate': generateProfileAnswer,
  'GET /profile/generation_status': generationStatusAnswer,
  'POST /profile/cancel_generation': cancelGenerationAnswer,
  'POST /profile/generate_company_statements': companyStatementsAnswer,
  'POST /profile/generate_narrative': narrativeAnswer,
  'POST /profile/delete_statement': statementsAnswer,
  'POST /profile/delete_company_statement': companyStatementsAnswer,
  'POST /profile/verify_statement': statementsAnswer,
  ...PROFILE_SOURCES_ANSWERS,
} as const;
