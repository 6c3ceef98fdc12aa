import { z } from 'zod';
import { aiUpdateField, CONTENT_MAX, FILES_MESSAGES as M, isJournalDate, revisionField, saveIdField } from './files';
import { pagedAnswer, pageQuery } from './paging';

/** The journal calls of svc-files: one entry per date, with the same stale-save guard as files. */

export const journalDateParams = z.object({ date: z.string().refine(isJournalDate, { error: M.dateInvalid }) });
/** `POST /journal/{date}/save` */
export const saveJournalBody = z.object({
  content: z
    .string({ error: M.journalContentRequired })
    .max(CONTENT_MAX, { error: M.journalTooLong })
    .nullable()
    .transform((v) => v ?? ''),
  /** As for file content: 0 when the client saw no entry. */
  revision: revisionField,
  save_id: saveIdField,
  /** As for a file's content; no client writes an AI text into a day today. */
  ai_update: aiUpdateField,
});
/** `revision`: goes up with every change of the text; 0 while the date has no entry. */
export const journalEntrySchema = z.object({ date: z.string(), content: z.string(), revision: z.number().int().optional() });
export type JournalEntry = z.infer<typeof journalEntrySchema>;
/** `GET /journal/{date}` and `POST /journal/{date}/save` (content '' when there is no entry) */
export const journalEntryAnswer = z.object({ success: z.literal(true), entry: journalEntrySchema });
export type JournalEntryAnswer = z.infer<typeof journalEntryAnswer>;
/** `GET /journal?limit=&cursor=`: paged when asked (docs/api.md#paged-lists). */
export const journalListQuery = pageQuery;
/** `GET /journal`: the dates with a non-empty entry, oldest first (`next_cursor` when paged). */
export const journalListAnswer = pagedAnswer({ success: z.literal(true), entries: z.array(z.object({ date: z.string() })) });
export type JournalListAnswer = z.infer<typeof journalListAnswer>;

/**
 * `GET /journal/{date}/look_back` ("On this day", docs/journal.md#on-this-day): the entries of one
 * month, three months and one year before `date`, those that exist, in that order, each as one
 * line of its text (at most 160 characters) and its address.
 */
export const LOOK_BACK_AGES = ['one_month', 'three_months', 'one_year'] as const;
export const lookBackAnswer = z.object({
  success: z.literal(true),
  entries: z.array(
    z.object({
      ago: z.enum(LOOK_BACK_AGES),
      date: z.string(),
      line: z.string().max(160),
      url: z.string(),
    }),
  ),
});
export type LookBackAnswer = z.infer<typeof lookBackAnswer>;
