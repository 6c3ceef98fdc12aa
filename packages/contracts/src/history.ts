import { z } from 'zod';
import { fileDetailSchema, saveFileContentAnswer } from './files';
import { journalDateParams, journalEntryAnswer } from './journal';
import { pagedAnswer, pageQuery } from './paging';
import { PG_INT_MAX } from './requests';

/**
 * History of a file's content and a journal day's text (docs/dashboard.md#history): the list
 * of points newest first (the current text is the first), one point's text, and a restore that
 * makes an old text the newest revision.
 */

export const HISTORY_MESSAGES = {
  revisionInvalid: 'revision must be a positive whole number.',
  revisionNotFound: 'This version is not in the history.',
  entryNotFound: 'There is no journal entry on this day.',
} as const;
const M = HISTORY_MESSAGES;

/** A revision of a text: a positive int4 (in a path it arrives as decimal text). */
export const historyRevisionField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.revisionInvalid })
    .int({ error: M.revisionInvalid })
    .positive({ error: M.revisionInvalid })
    .max(PG_INT_MAX, { error: M.revisionInvalid }),
);

/** `GET /files/{id}/revisions/{revision}` */
export const fileRevisionParams = z.object({
  id: z.string().meta({ description: 'Numeric id (a positive 32-bit integer).' }),
  revision: historyRevisionField,
});
/** `GET /journal/{date}/revisions/{revision}` */
export const journalRevisionParams = journalDateParams.extend({ revision: historyRevisionField });
/** `POST /files/{id}/restore`, `POST /journal/{date}/restore` */
export const restoreRevisionBody = z.object({ revision: historyRevisionField });
/** `GET …/revisions?limit=&cursor=`: paged when asked (docs/api.md#paged-lists). */
export const revisionsQuery = pageQuery;

export const revisionPointSchema = z.object({
  revision: z.number().int(),
  /** When this text was saved (ISO 8601, UTC). */
  saved_at: z.string(),
  characters: z.number().int(),
});
export type RevisionPoint = z.infer<typeof revisionPointSchema>;
/** `GET /files/{id}/revisions`, `GET /journal/{date}/revisions`: newest first, the current text first. */
export const revisionsAnswer = pagedAnswer({ success: z.literal(true), revisions: z.array(revisionPointSchema) });
export type RevisionsAnswer = z.infer<typeof revisionsAnswer>;
/** `GET /files/{id}/revisions/{revision}`, `GET /journal/{date}/revisions/{revision}` */
export const revisionAnswer = z.object({
  success: z.literal(true),
  revision: z.number().int(),
  saved_at: z.string(),
  content: fileDetailSchema.shape.content,
});
export type RevisionAnswer = z.infer<typeof revisionAnswer>;
/** `POST /files/{id}/restore`: as `PATCH /files/{id}` (the file's new revision). */
export const restoreFileAnswer = saveFileContentAnswer;
/** `POST /journal/{date}/restore`: as `POST /journal/{date}/save` (the entry as it is now). */
export const restoreEntryAnswer = journalEntryAnswer;
