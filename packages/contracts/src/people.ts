import { z } from 'zod';
import { staleAnswer } from './failures';
import { revisionField, saveIdField } from './files';
import { isIsoDate } from './periods-days';
import { MENTIONS_ANSWERS } from './people-mentions';
import {
  MEETING_SECTIONS,
  PEOPLE_LIMITS as L,
  PEOPLE_MESSAGES as M,
  fieldLimit,
  personSection,
  type MeetingSection,
  type PersonSectionKey,
} from './people-rules';
import { PG_INT_MAX } from './requests';
import { nextCursorField, pagedAnswer, pageQuery } from './paging';

/**
 * svc-people's people, web research and meetings: request schemas (a failure is 422
 * `{success:false, errors}` listing every broken rule) and the answers (PEOPLE_ANSWERS, spread
 * into ROUTE_ANSWERS). The About me /profile calls are not here.
 */

export * from './people-rules';
export * from './people-mentions';

const nested = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === undefined || v === null ? {} : v), schema);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A whole-number id, given as a number or as its digits ("attendee ids are parsed as integers"). */
const asId = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= PG_INT_MAX ? n : undefined;
};

function idList(message: string, max: number, tooMany: string) {
  return z.unknown().transform((raw, ctx): number[] => {
    if (!Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (raw.length > max) {
      ctx.addIssue({ code: 'custom', message: tooMany });
      return z.NEVER;
    }
    const ids = raw.map(asId);
    if (ids.some((id) => id === undefined)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  });
}

// ---- people ----

const fullNameField = z.preprocess(
  trimmed,
  z.string({ error: M.fullNameRequired }).min(1, { error: M.fullNameRequired }).max(L.fullName, { error: M.fullNameTooLong }),
);

/** `POST /people`: person{full_name}. */
export const createPersonBody = z.object({ person: nested(z.object({ full_name: fullNameField }, { error: M.personShape })) });

/** Fields to save, by section: only the sections and fields sent. */
export type ProfilePatch = Partial<Record<PersonSectionKey, Record<string, string>>>;
export interface PersonPatch {
  full_name?: string;
  sections: ProfilePatch;
  /** The revision of the one field sent that the edit is based on: stale, 409; none, the save wins. */
  revision?: number;
  /** The client's id of this save, kept with the revision it produces (named in a later 409). */
  save_id?: string;
}

/**
 * `PATCH /people/{id}`: `{section: {field: value}}`, one or several fields of one or several
 * sections (the autosave sends the field typed), and optionally `full_name` (a rename). Every
 * unknown section or field and every value too long is named; nothing is saved then.
 */
export const updatePersonBody = z.unknown().transform((raw, ctx): PersonPatch => {
  let problems = 0;
  const problem = (message: string) => {
    problems++;
    ctx.addIssue({ code: 'custom', message });
  };
  const patch: PersonPatch = { sections: {} };
  if (!isObject(raw) || Object.keys(raw).length === 0) {
    problem(M.patchEmpty);
    return z.NEVER;
  }
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'revision' || key === 'save_id') {
      const parsed = (key === 'revision' ? revisionField : saveIdField).safeParse(value);
      if (!parsed.success) parsed.error.issues.forEach((i) => problem(i.message));
      else if (parsed.data !== undefined) (patch as unknown as Record<string, unknown>)[key] = parsed.data;
      continue;
    }
    if (key === 'full_name') {
      const name = fullNameField.safeParse(value);
      if (name.success) patch.full_name = name.data;
      else name.error.issues.forEach((i) => problem(i.message));
      continue;
    }
    const section = personSection(key);
    if (!section) {
      problem(M.unknownSection(key));
      continue;
    }
    if (!isObject(value)) {
      problem(M.sectionShape(key));
      continue;
    }
    const fields: Record<string, string> = {};
    for (const [field, v] of Object.entries(value)) {
      const def = section.fields.find((f) => f.key === field);
      if (!def) problem(M.unknownField(key, field));
      else if (v !== null && typeof v !== 'string') problem(M.fieldText(key, field));
      else if ((v ?? '').length > fieldLimit(def.kind)) problem(M.fieldTooLong(key, field, fieldLimit(def.kind)));
      else fields[field] = v ?? '';
    }
    patch.sections[key as PersonSectionKey] = { ...patch.sections[key as PersonSectionKey], ...fields };
  }
  const nothing = patch.full_name === undefined && Object.values(patch.sections).every((f) => !f || Object.keys(f).length === 0);
  if (nothing && problems === 0) problem(M.patchEmpty);
  const count =
    (patch.full_name === undefined ? 0 : 1) + Object.values(patch.sections).reduce((n, f) => n + Object.keys(f ?? {}).length, 0);
  if (patch.revision !== undefined && count > 1) problem(M.revisionOneField);
  return problems ? z.NEVER : patch;
});

/** `PATCH /people/reorder`: the ids in the new order (the user's others keep theirs, after). */
export const reorderPeopleBody = z.object({ order: idList(M.orderInvalid, L.reorder, M.orderTooLong) });

/** `POST /people/{id}/perplexity_search`: the documented call sends an empty body; `refresh: true` asks again (docs/people.md#research). */
export const personSearchBody = z.object({
  refresh: z.preprocess((v) => (v === undefined || v === null ? false : v), z.boolean({ error: M.refreshInvalid })),
});

// ---- meetings ----

const MEETING_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A meeting's date and time as the user's wall clock, 'YYYY-MM-DDTHH:MM' (what a
 * datetime-local input holds). A date alone is midnight; seconds are dropped; a zone offset
 * is dropped too (the time is kept as written, never shifted). Undefined when not a real time.
 */
export function meetingDateValue(raw: string): string | undefined {
  const m = MEETING_DATE.exec(raw.trim());
  if (!m) return undefined;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isIsoDate(day)) return undefined;
  const [hour, minute] = [Number(m[4] ?? 0), Number(m[5] ?? 0)];
  if (hour > 23 || minute > 59 || Number(m[6] ?? 0) > 59) return undefined;
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Blank (or null) is "no date given": ignored (docs/people.md#meetings). */
const meetingDateField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string({ error: M.meetingDateInvalid })
    .max(40, { error: M.meetingDateInvalid })
    .transform((v, ctx) => meetingDateValue(v) ?? (ctx.addIssue({ code: 'custom', message: M.meetingDateInvalid }), z.NEVER))
    .optional(),
);

/** A blank title is kept blank here: the service replaces it by 'New meeting - …' from its clock. */
const meetingTitleField = z.preprocess(
  (v) => (v === null ? '' : trimmed(v)),
  z.string({ error: M.meetingTitleTooLong }).max(L.meetingTitle, { error: M.meetingTitleTooLong }).optional(),
);

const sectionText = (section: MeetingSection) =>
  z.preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: M.meetingSectionText(section) })
      .max(L.meetingSection, { error: M.meetingSectionTooLong(section) })
      .optional(),
  );

const sectionShape = Object.fromEntries(MEETING_SECTIONS.map((s) => [s, sectionText(s)])) as Record<
  MeetingSection,
  ReturnType<typeof sectionText>
>;

const meetingShape = {
  title: meetingTitleField,
  meeting_date: meetingDateField,
  location: z.preprocess(
    (v) => (v === null ? '' : trimmed(v)),
    z.string({ error: M.locationTooLong }).max(L.location, { error: M.locationTooLong }).optional(),
  ),
  ...sectionShape,
};

export const meetingFieldsSchema = z.object(meetingShape, { error: M.meetingShape });
export type MeetingFields = z.output<typeof meetingFieldsSchema>;

const attendeeIdsField = idList(M.attendeeIdsInvalid, L.attendees, M.tooManyAttendees).optional();

/** `POST /meetings`: meeting{title, meeting_date, location, notes, …} and attendee_ids. */
export const createMeetingBody = z.object({ meeting: nested(meetingFieldsSchema), attendee_ids: attendeeIdsField });
/**
 * `PATCH /meetings/{id}`: only the fields sent change; attendee_ids, when sent, replaces the list.
 * `revision` (with one field) is the revision of that field the edit is based on: a stale one is
 * refused with 409; without one the save wins. `save_id` names the save.
 */
export const updateMeetingBody = z
  .object({ meeting: nested(meetingFieldsSchema), attendee_ids: attendeeIdsField, revision: revisionField, save_id: saveIdField })
  .superRefine((body, ctx) => {
    const fields = Object.values(body.meeting).filter((v) => v !== undefined).length;
    if (body.revision !== undefined && fields !== 1) ctx.addIssue({ code: 'custom', message: M.revisionOneField });
  });

/** `POST /meetings/generate_section` */
export const generateSectionBody = z.object({
  section: z.enum(MEETING_SECTIONS, { error: M.sectionInvalid }),
  attendee_ids: attendeeIdsField,
  title: meetingTitleField,
  meeting_date: meetingDateField,
  content: nested(z.object(sectionShape, { error: M.contentShape })),
});

// ---- answers ----

export const personListItemSchema = z.object({ id: z.number().int(), full_name: z.string() });
/** `GET /people?limit=&cursor=` and `GET /people/{id}/meetings?limit=&cursor=`: paged when asked (docs/api.md#paged-lists). */
export const peopleListQuery = pageQuery;
export const personMeetingsQuery = pageQuery;
/** `GET /meetings?limit=&cursor=`: every meeting of the caller, newest first (undated last). */
export const meetingsListQuery = pageQuery;
/** `GET /people` with `limit` or `cursor`: a bare array has no room for the cursor, so a page is an object. */
export const peoplePageAnswer = z.object({ success: z.literal(true), people: z.array(personListItemSchema), next_cursor: nextCursorField });
export type PeoplePageAnswer = z.infer<typeof peoplePageAnswer>;
/** A section's fields ('' when not written). */
const sectionFieldsSchema = z.record(z.string(), z.string());
/** Each text's revision by its key (personFieldKey; a meeting's column): a text never changed is absent (revision 0). */
export const revisionsSchema = z.record(z.string(), z.number().int());
const BOOKKEEPING = ['id', 'full_name', 'position', 'created_at', 'updated_at', 'revisions'];
export const personSchema = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    revisions: revisionsSchema,
  })
  .catchall(z.unknown())
  .superRefine((p, ctx) => {
    // The sections sit beside the bookkeeping fields: person.basic_profile.role.
    const extra = Object.keys(p).filter((k) => !BOOKKEEPING.includes(k));
    for (const key of extra) {
      if (!personSection(key) || !sectionFieldsSchema.safeParse(p[key]).success) {
        ctx.addIssue({ code: 'custom', message: `unexpected person field ${key}` });
      }
    }
  });
export type Person = {
  id: number;
  full_name: string;
  position: number;
  created_at: string;
  updated_at: string;
  revisions: Record<string, number>;
} & Record<PersonSectionKey, Record<string, string>>;

const confirmed = { success: z.literal(true), errors: z.array(z.string()) };

export const citationSchema = z.object({ url: z.string(), title: z.string(), site: z.string() });
export type Citation = z.infer<typeof citationSchema>;

/**
 * `POST /people/{id}/perplexity_search`: the answer, its sources (every [n] in the answer is
 * citations[n-1]), and whether it is the saved result. `source` says where it came from: the
 * web search, or the user's own notes when no search endpoint is configured.
 */
export const personSearchAnswer = z.object({
  success: z.literal(true),
  answer: z.string(),
  citations: z.array(citationSchema),
  from_cache: z.boolean(),
  source: z.enum(['web', 'notes']),
  searched_at: z.string(),
});
export type PersonSearchAnswer = z.infer<typeof personSearchAnswer>;

/** `GET /people/{id}/research`: the saved research still valid for the person, without searching. */
export const savedResearchAnswer = z.object({
  success: z.literal(true),
  research: personSearchAnswer.omit({ success: true, from_cache: true }).nullable(),
});
export type SavedResearchAnswer = z.infer<typeof savedResearchAnswer>;

export const attendeeSchema = z.object({ id: z.number().int(), name: z.string() });
export const meetingSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  meeting_date: z.string().nullable(),
  short_date: z.string(),
  location: z.string(),
  attendees: z.array(attendeeSchema),
});
export const meetingSchema = meetingSummarySchema.extend({
  attendee_ids: z.array(z.number().int()),
  goals: z.string(),
  agenda: z.string(),
  anticipating: z.string(),
  notes: z.string(),
  followups: z.string(),
  reflection: z.string(),
  revisions: revisionsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;
/** A meeting in `GET /meetings`: when it last changed too (the calendar feed's DTSTAMP). */
export const meetingListItemSchema = meetingSummarySchema.extend({ updated_at: z.string() });
export type MeetingListItem = z.infer<typeof meetingListItemSchema>;
export type Meeting = z.infer<typeof meetingSchema>;

export const personWriteAnswer = z.object({ ...confirmed, person: personSchema });
export const meetingWriteAnswer = z.object({ ...confirmed, meeting: meetingSchema });
/**
 * `PATCH /people/{id}` or `/meetings/{id}` with a stale revision: 409 and what the field holds
 * now (as a file's 409: `content`, its `revision`, and the `save_id` of the save that wrote it).
 */
export const staleFieldAnswer = staleAnswer(
  z.object({ field: z.string(), content: z.string(), revision: z.number().int(), save_id: z.string().optional() }),
);
export type StaleFieldAnswer = z.infer<typeof staleFieldAnswer>;

export const PEOPLE_ANSWERS = {
  /**
   * The user's people in their order: a bare array, as the documented call has it
   * (docs/people.md#people); with `limit` or `cursor`, one page `{success, people, next_cursor}`.
   */
  'GET /people': z.union([z.array(personListItemSchema), peoplePageAnswer]),
  'POST /people': personWriteAnswer,
  /** `ignored`: listed ids that are not the user's people. */
  'PATCH /people/reorder': z.object({ success: z.literal(true), ignored: z.array(z.number().int()) }),
  'GET /people/{id}': z.object({ success: z.literal(true), person: personSchema }),
  'PATCH /people/{id}': z.union([personWriteAnswer, staleFieldAnswer]),
  /** The person's meetings stay, without them as an attendee. */
  'DELETE /people/{id}': z.object({ ...confirmed }),
  'POST /people/{id}/perplexity_search': personSearchAnswer,
  'GET /people/{id}/research': savedResearchAnswer,
  /** Newest first (undated last), then by id; `next_cursor` when paged. */
  'GET /people/{id}/meetings': pagedAnswer({ success: z.literal(true), meetings: z.array(meetingSummarySchema) }),
  'GET /meetings': pagedAnswer({ success: z.literal(true), meetings: z.array(meetingListItemSchema) }),
  'POST /meetings': meetingWriteAnswer,
  'POST /meetings/generate_section': z.object({ success: z.literal(true), proposal: z.string() }),
  'GET /meetings/{id}': z.object({ success: z.literal(true), meeting: meetingSchema }),
  'PATCH /meetings/{id}': z.union([meetingWriteAnswer, staleFieldAnswer]),
  'DELETE /meetings/{id}': z.object({ ...confirmed }),
  ...MENTIONS_ANSWERS,
} as const;
