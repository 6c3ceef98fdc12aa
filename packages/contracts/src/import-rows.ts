import { z } from 'zod';
import { isIsoDate } from './periods-days';
import type { ExportDomain } from './export';
import { CONTENT_MAX, FILES_MESSAGES, NOTE_MAX } from './files';
import { DESCRIPTION_MAX, FILE_NAME_MAX, FOLDER_NAME_MAX } from './names';
import { PLANNING_LIMITS } from './planning-rules';
import { COACHING_LIMITS } from './coaching-rules';
import { MEETING_SECTIONS, PEOPLE_LIMITS } from './people-rules';
import { PROFILE_LIMITS } from './profile-rules';
import { PG_INT_MAX } from './requests';
import type { IdMaps, ImportRecord } from './import';

/**
 * What each table's row of workspace.json may hold (docs/import.md#the-domains-part), at the
 * limits the API puts on the same fields. The domains check a batch with these before they
 * write any of it; `POST /import` may check a whole workspace.json with them before it starts.
 * Columns a row carries beyond these (a generated one, a newer export's) are left out.
 */

const id = z.number().int().min(1).max(PG_INT_MAX);
const text = (max: number) => z.string().max(max);
const name = (max: number) => z.string().trim().min(1).max(max);
// eslint-disable-next-line no-control-regex -- a line break or a control character in a name is what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A folder's or a file's name, as the API takes it (it is part of the file's address): no slash, no line break. */
const pathName = (max: number, slash: string) =>
  name(max)
    .refine((s) => !/[/\\]/.test(s), { error: slash })
    .refine((s) => !CONTROL.test(s), { error: 'must be one line without control characters' });
const day = z.string().refine(isIsoDate, { error: 'must be a day as YYYY-MM-DD' });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A timestamp is kept when it is a valid ISO one; anything else is dropped and the row gets the time of the import. */
const isIso = (v: unknown): v is string => typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
const stamp = z
  .unknown()
  .transform((v) => (isIso(v) ? v : undefined))
  .optional();
/** A stamp whose absence means something (archived_at: null is a current plan). */
const stampOrNull = z
  .unknown()
  .optional()
  .transform((v) => (isIso(v) ? v : null));
/** JSON kept as it is (a profile's sections, citations), up to `max` characters written out. */
const jsonWithin = <S extends z.ZodType>(schema: S, max: number) =>
  schema.refine((v) => JSON.stringify(v ?? null).length <= max, { error: `must be at most ${max} characters as JSON` });

export const IMPORT_ROWS = {
  files: {
    folders: z.object({
      id,
      name: pathName(FOLDER_NAME_MAX, FILES_MESSAGES.folderNameSlash),
      description: text(DESCRIPTION_MAX).default(''),
      position: z.number().int().min(0).max(PG_INT_MAX).default(0),
      created_at: stamp,
      updated_at: stamp,
    }),
    files: z.object({
      id,
      folder_id: id,
      name: pathName(FILE_NAME_MAX, FILES_MESSAGES.fileNameSlash),
      description: text(DESCRIPTION_MAX).default(''),
      content: text(CONTENT_MAX).default(''),
      summary: text(NOTE_MAX).default(''),
      goals: text(NOTE_MAX).default(''),
      position: z.number().int().min(0).max(PG_INT_MAX).default(0),
      created_at: stamp,
      updated_at: stamp,
    }),
    journal_entries: z.object({ date: day, content: text(CONTENT_MAX).default(''), created_at: stamp, updated_at: stamp }),
    rejections: z.object({
      kind: z.enum(['folder', 'file']),
      folder: text(FOLDER_NAME_MAX * 4).default(''),
      name: name(FILE_NAME_MAX * 4),
      key: name(FILE_NAME_MAX * 4),
      created_at: stamp,
    }),
  },
  coaching: {
    milestones: z.object({
      id,
      title: name(PLANNING_LIMITS.title),
      target_date: day,
      description: text(PLANNING_LIMITS.description).default(''),
      milestone_type: text(PLANNING_LIMITS.milestoneType).default(''),
      completed: z.boolean().default(false),
      created_at: stamp,
      updated_at: stamp,
    }),
    todos: z.object({
      id,
      title: name(PLANNING_LIMITS.title),
      due_date: day.nullable().default(null),
      description: text(PLANNING_LIMITS.description).default(''),
      tags: z.array(text(PLANNING_LIMITS.tag)).max(PLANNING_LIMITS.tags).default([]),
      completed: z.boolean().default(false),
      milestone_id: id.nullable().default(null),
      source_key: text(PLANNING_LIMITS.sourceKey).nullable().default(null),
      source_label: text(PLANNING_LIMITS.sourceLabel).nullable().default(null),
      source_url: text(PLANNING_LIMITS.sourceUrl).nullable().default(null),
      created_at: stamp,
      updated_at: stamp,
    }),
    action_plans: z.object({
      id,
      created_at: stamp,
      archived_at: stampOrNull,
      archived_actions: jsonWithin(z.unknown(), PLANNING_LIMITS.weekContent * 50)
        .nullable()
        .default(null),
    }),
    timeline_items: z.object({
      id,
      plan_id: id,
      period_type: z.literal('week'),
      period_key: name(PLANNING_LIMITS.weekLabel),
      content: text(PLANNING_LIMITS.weekContent).default(''),
      outcomes: text(PLANNING_LIMITS.outcomes).default(''),
      created_at: stamp,
      updated_at: stamp,
    }),
    coaching_plans: z.object({
      id,
      prompt: text(COACHING_LIMITS.prompt),
      response: text(COACHING_LIMITS.content),
      created_at: stamp,
      archived_at: stampOrNull,
    }),
    question_conversations: z.object({
      id,
      questionnaire_type: name(COACHING_LIMITS.title),
      section_title: name(COACHING_LIMITS.title),
      question_title: name(COACHING_LIMITS.title),
      period_key: name(100),
      messages: z
        .array(z.object({ role: z.enum(['user', 'assistant']), content: text(COACHING_LIMITS.messageContent) }).loose())
        .max(COACHING_LIMITS.messages * 10)
        .default([]),
      score: z.number().int().min(0).max(100).nullable().default(null),
      score_feedback: text(COACHING_LIMITS.summary).default(''),
      content: text(COACHING_LIMITS.content).default(''),
      content_summary: text(COACHING_LIMITS.summary).default(''),
      created_at: stamp,
      updated_at: stamp,
    }),
  },
  people: {
    people: z.object({
      id,
      full_name: name(PEOPLE_LIMITS.fullName),
      position: z.number().int().min(0).max(PG_INT_MAX).default(0),
      profile: jsonWithin(z.record(z.string(), z.unknown()), PEOPLE_LIMITS.text * 40).default({}),
      created_at: stamp,
      updated_at: stamp,
    }),
    person_research: z.object({
      person_id: id,
      subject: text(PEOPLE_LIMITS.line),
      answer: text(PEOPLE_LIMITS.meetingSection * 5),
      citations: jsonWithin(z.array(z.unknown()), PEOPLE_LIMITS.text * 10).default([]),
      source: text(50).default('web'),
      created_at: stamp,
    }),
    meetings: z.object({
      id,
      title: name(PEOPLE_LIMITS.meetingTitle),
      meeting_date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
        .nullable()
        .default(null),
      location: text(PEOPLE_LIMITS.location).default(''),
      ...Object.fromEntries(MEETING_SECTIONS.map((s) => [s, text(PEOPLE_LIMITS.meetingSection).default('')])),
      created_at: stamp,
      updated_at: stamp,
    }) as z.ZodType<Record<string, unknown>>,
    meeting_attendees: z.object({ meeting_id: id, person_id: id }),
    profiles: z.object({
      details: jsonWithin(z.record(z.string(), z.string()), PROFILE_LIMITS.extra * 3).default({}),
      ai_profile_markdown: text(COACHING_LIMITS.content).default(''),
      ai_profile_narrative: text(COACHING_LIMITS.content).default(''),
      statements: jsonWithin(z.array(z.unknown()), PROFILE_LIMITS.statements * 5000).default([]),
      company_statements: jsonWithin(z.record(z.string(), z.unknown()), PROFILE_LIMITS.statements * 5000).default({}),
      updated_at: stamp,
    }),
  },
  chat: {
    settings: z.object({ use_other_notes: z.boolean().default(true), notes_disclosed_at: stampOrNull }),
    conversations: z.object({ id, key: name(2000), created_at: stamp, updated_at: stamp }),
    messages: z.object({
      id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      conversation_id: id,
      role: z.enum(['user', 'assistant']),
      // An assistant's reply has no limit of its own: a file's content bounds it.
      content: text(CONTENT_MAX),
      references: jsonWithin(z.unknown(), 1_000_000).nullable().default(null),
      created_at: stamp,
    }),
  },
} as const satisfies Record<ExportDomain, Record<string, z.ZodType>>;

export type ImportRows<D extends ExportDomain> = {
  [T in keyof (typeof IMPORT_ROWS)[D]]: (typeof IMPORT_ROWS)[D][T] extends z.ZodType ? z.output<(typeof IMPORT_ROWS)[D][T]> : never;
};

export const DOMAIN_IMPORT_MESSAGES = {
  unknownTable: (table: string, index: number) => `Record ${index + 1}: this part of the workspace has no table "${table}"`,
  badRow: (table: string, index: number, field: string, message: string) =>
    `Record ${index + 1} (${table}): ${field ? `${field}: ` : ''}${message}`,
  questionMissing: 'Its check-in question is not in this workspace',
  alreadyAnswered: 'This check-in question already has an answer for that period',
  aboutMeKept: 'About me was already written here: it was kept',
  chatSettingsKept: 'Chat settings were already set here: they were kept',
  missingParent: (parent: string) => `What it belongs to (${parent}) is not in the import`,
  researchKept: 'That person already has research',
  dayTooLong: (date: string) => `The journal day ${date} already has text here, and both together would be longer than a day can hold`,
} as const;

/**
 * A batch's rows checked with IMPORT_ROWS: each parsed row, or the errors naming the record,
 * its table and the field (nothing of a batch with errors is written).
 */
export function parseImportRecords(
  domain: ExportDomain,
  records: readonly ImportRecord[],
): { ok: true; rows: { table: string; row: Record<string, unknown> }[] } | { ok: false; errors: string[] } {
  const schemas = IMPORT_ROWS[domain] as Record<string, z.ZodType>;
  const errors: string[] = [];
  const rows: { table: string; row: Record<string, unknown> }[] = [];
  records.forEach((record, index) => {
    const schema = Object.hasOwn(schemas, record.table) ? schemas[record.table] : undefined;
    if (!schema) {
      errors.push(DOMAIN_IMPORT_MESSAGES.unknownTable(record.table, index));
      return;
    }
    const parsed = schema.safeParse(record.row);
    if (parsed.success) rows.push({ table: record.table, row: parsed.data as Record<string, unknown> });
    else
      for (const issue of parsed.error.issues.slice(0, 5))
        errors.push(DOMAIN_IMPORT_MESSAGES.badRow(record.table, index, issue.path.join('.'), issue.message));
  });
  return errors.length ? { ok: false, errors: errors.slice(0, 50) } : { ok: true, rows };
}

/** The address params that carry an object's id, and the `id_maps` table that gives its new one. */
const ADDRESS_ID_PARAMS: Record<string, string> = { person: 'people', meeting: 'meetings' };

/**
 * An app address (`/people?person=3&meeting=8`) with the ids of what an import made anew
 * (`id_maps.people`, `id_maps.meetings`); an address by names, or of something not in the maps,
 * stays as it was.
 */
export function importedAddress(address: string, idMaps: IdMaps): string {
  if (!address.startsWith('/')) return address;
  const url = new URL(address, 'http://workspace');
  let changed = false;
  for (const [param, table] of Object.entries(ADDRESS_ID_PARAMS)) {
    const old = url.searchParams.get(param);
    const made = old === null ? undefined : idMaps[table]?.[old];
    if (made !== undefined) {
      url.searchParams.set(param, String(made));
      changed = true;
    }
  }
  return changed ? `${url.pathname}${url.search}${url.hash}` : address;
}
