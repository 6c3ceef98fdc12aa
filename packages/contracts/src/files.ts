import { z } from 'zod';
import { staleAnswer } from './failures';
import { DESCRIPTION_MAX, FILE_NAME_MAX, FOLDER_NAME_MAX, normalizeFileName, normalizeFolderName } from './names';
import { PG_INT_MAX } from './requests';
import { isIsoDate } from './periods-days';
import { nextCursorField, pageQuery, wantsPage } from './paging';

/**
 * svc-files: folders, files, AI suggestions and drafts, summaries, the journal. Request
 * schemas (the service validates with them; a failure is 422 `{success:false, errors}`),
 * answer schemas (the UI's types) and the name rules both sides apply.
 */

export const FILES_MESSAGES = {
  folderNameRequired: 'Please enter a folder name.',
  folderNameTooLong: 'Folder names can be at most 100 characters.',
  folderNameSlash: 'Folder names cannot contain "/" or "\\".',
  folderExists: 'Folder already exists.',
  folderNotFound: 'Folder not found.',
  folderRequired: 'Please choose a folder.',
  fileNameRequired: 'Please enter a file name.',
  fileNameTooLong: 'File names can be at most 200 characters.',
  fileNameSlash: 'File names cannot contain "/" or "\\".',
  fileExists: 'A file with this name already exists in this folder.',
  fileNotFound: 'File not found.',
  fileShape: 'file must be an object, e.g. file{name, folder}.',
  descriptionTooLong: 'Descriptions can be at most 2000 characters.',
  contentRequired: 'File content is required (text, may be empty).',
  revisionInvalid: 'revision must be a whole number.',
  staleRevision:
    'This file was changed elsewhere (another tab or device). Your text was not saved: reload the file, or save again without a revision to overwrite it.',
  staleSummary:
    'The summary of this file was changed elsewhere (another tab or device). Your text was not saved: reload the file, or save again without a revision to overwrite it.',
  staleGoals:
    'The goals of this file were changed elsewhere (another tab or device). Your text was not saved: reload the file, or save again without a revision to overwrite it.',
  staleJournal:
    'This journal entry was changed elsewhere (another tab or device). Your text was not saved: reload the entry, or save again without a revision to overwrite it.',
  saveIdInvalid: 'save_id must be 1-64 letters, digits, "-" or "_".',
  aiUpdateInvalid: 'ai_update must be true or false.',
  nothingToUpdate: 'Nothing to update: send file{name} or file{description}.',
  orderInvalid: 'order must be a list of folder names.',
  idsInvalid: 'ids must be a list of file ids (integers).',
  summaryRequired: 'summary must be text.',
  goalsRequired: 'goals must be text.',
  fileIdInvalid: 'file_id must be a file id (integer).',
  promptTooLong: 'Prompts can be at most 20000 characters.',
  contentTooLong: 'File content can be at most 2,000,000 characters.',
  summaryTooLong: 'A summary can be at most 100,000 characters.',
  goalsTooLong: 'Goals can be at most 100,000 characters.',
  journalTooLong: 'A journal entry can be at most 2,000,000 characters.',
  orderTooLong: 'order can list at most 10,000 folders.',
  idsTooLong: 'ids can list at most 10,000 files.',
  suggestionNameRequired: 'Please give the name of the suggestion.',
  dateInvalid: 'Date must be a real date in the form YYYY-MM-DD.',
  journalNotFound: 'That day has no journal entry.',
  journalContentRequired: 'content must be text.',
  aiTimeout: 'The AI model took too long to answer. Please try again.',
  aiUnavailable: 'The AI model is not available right now. Please try again later.',
  aiMalformed: 'The AI model gave an answer that could not be used. Please try again.',
  aiRateLimited: 'Too many AI requests. Please wait a minute and try again.',
} as const;

const M = FILES_MESSAGES;

export const PROMPT_MAX = 20_000;
/** Texts are bounded by their schema, below the 2 MB body limit (and so never an index's row limit). */
export const CONTENT_MAX = 2_000_000;
export const NOTE_MAX = 100_000;
/** Entries of a reorder list. */
export const REORDER_MAX = 10_000;

// ---- name rules (docs/dashboard.md#files): in names.ts (zod-free, for the browser) ----

export { DESCRIPTION_MAX, FILE_NAME_MAX, FOLDER_NAME_MAX, nameKey, normalizeFileName, normalizeFolderName } from './names';

const hasSlash = (s: string) => /[/\\]/.test(s);

/** Rails-style `file{...}`: a missing `file` checks as {}, so each missing field gets its message. */
const nested = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === undefined || v === null ? {} : v), schema);

// ---- fields ----

const folderNameField = (required: string = M.folderNameRequired) =>
  z
    .string({ error: required })
    .transform(normalizeFolderName)
    .pipe(
      z
        .string()
        .min(1, { error: required })
        .max(FOLDER_NAME_MAX, { error: M.folderNameTooLong })
        .refine((s) => !hasSlash(s), { error: M.folderNameSlash }),
    );

const fileNameField = z
  .string({ error: M.fileNameRequired })
  .transform(normalizeFileName)
  .pipe(
    z
      .string()
      .min(1, { error: M.fileNameRequired })
      .max(FILE_NAME_MAX, { error: M.fileNameTooLong })
      .refine((s) => !hasSlash(s), { error: M.fileNameSlash }),
  );

/** Optional text; null or missing is ''. */
const descriptionField = z
  .string({ error: 'description must be text.' })
  .nullish()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(DESCRIPTION_MAX, { error: M.descriptionTooLong }));

/** The revision a save is based on (content, summary, goals, a journal entry). */
export const revisionField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: M.revisionInvalid })
    .int({ error: M.revisionInvalid })
    .min(0, { error: M.revisionInvalid })
    .max(PG_INT_MAX, { error: M.revisionInvalid })
    .optional(),
);

/**
 * The client's id of one save, kept with the revision it produces: a 409 names the save that
 * wrote the current text, so a client whose answer was lost recognises its own save.
 */
export const SAVE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const saveIdField = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.string({ error: M.saveIdInvalid }).max(64, { error: M.saveIdInvalid }).regex(SAVE_ID_PATTERN, { error: M.saveIdInvalid }).optional(),
);

/**
 * `ai_update: true`: an AI update writes this text (the chat's update or an AI draft, accepted
 * in the editor), so the text it replaces is always kept in the history (docs/dashboard.md#history).
 */
export const aiUpdateField = z.boolean({ error: M.aiUpdateInvalid }).optional();

const idField = (error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error }).int({ error }).positive({ error }).max(PG_INT_MAX, { error }),
  );

/** A suggestion count: any value; the service normalises it (integer 1-10, non-numeric → 5). */
const countField = z.unknown().optional();

const promptField = z.string({ error: 'system and user must be text.' }).max(PROMPT_MAX, { error: M.promptTooLong }).optional();

/** YYYY-MM-DD that names a real calendar day: the day key of periods.ts. */
export function isJournalDate(value: string): boolean {
  return isIsoDate(value);
}

// ---- folders ----

/** `POST /folders` */
export const createFolderBody = z.object({ name: folderNameField(), description: descriptionField });
/** `PATCH /folders/{folderName}`: `name` is the current name (the path wins); `new_name` renames. */
export const updateFolderBody = z.object({
  name: z
    .string()
    .max(FOLDER_NAME_MAX * 4)
    .nullish(),
  new_name: folderNameField().optional(),
  description: descriptionField.optional(),
});
/** `PATCH /folders/reorder` */
export const reorderFoldersBody = z.object({
  order: z
    .array(z.string({ error: M.orderInvalid }).max(FOLDER_NAME_MAX * 4, { error: M.orderInvalid }), { error: M.orderInvalid })
    .max(REORDER_MAX, { error: M.orderTooLong }),
});

export const folderSchema = z.object({ name: z.string(), description: z.string(), position: z.number().int() });
export type Folder = z.infer<typeof folderSchema>;
export const foldersAnswer = z.object({ success: z.literal(true), folders: z.array(folderSchema) });
export type FoldersAnswer = z.infer<typeof foldersAnswer>;
/** `POST /folders`, `PATCH /folders/{folderName}` */
export const folderWriteAnswer = z.object({ success: z.literal(true), errors: z.array(z.string()), folder: folderSchema });
export type FolderWriteAnswer = z.infer<typeof folderWriteAnswer>;
/** `PATCH /folders/reorder`: names that are not the user's folders are ignored and listed. */
export const reorderFoldersAnswer = z.object({ success: z.literal(true), ignored: z.array(z.string()) });

// ---- files ----

/** `POST /files`: the folder is created when it does not exist yet. */
export const createFileBody = z.object({
  file: nested(
    z.object(
      {
        name: fileNameField,
        folder: folderNameField(M.folderRequired),
        content: z
          .string({ error: M.contentRequired })
          .max(CONTENT_MAX, { error: M.contentTooLong })
          .nullish()
          .transform((v) => v ?? ''),
        description: descriptionField,
      },
      { error: M.fileShape },
    ),
  ),
});
/** `PUT /files/{id}`: `file{name}` renames, `file{description}` describes (both may be sent). */
export const updateFileBody = z
  .object({
    file: nested(z.object({ name: fileNameField.optional(), description: descriptionField.optional() }, { error: M.fileShape })),
  })
  .refine((b) => b.file.name !== undefined || b.file.description !== undefined, { error: M.nothingToUpdate });
/**
 * `PATCH /files/{id}`: `file{content}`; `file{revision}` (or a top-level `revision`) is the
 * revision the edit is based on. A stale one is refused with 409; without one the save wins.
 */
export const saveFileContentBody = z.object({
  file: nested(
    z.object(
      {
        content: z.string({ error: M.contentRequired }).max(CONTENT_MAX, { error: M.contentTooLong }),
        revision: revisionField,
        save_id: saveIdField,
      },
      { error: M.fileShape },
    ),
  ),
  revision: revisionField,
  save_id: saveIdField,
  ai_update: aiUpdateField,
});
/** `PATCH /files/reorder` */
export const reorderFilesBody = z.object({
  folder: folderNameField(M.folderRequired),
  ids: z.array(idField(M.idsInvalid), { error: M.idsInvalid }).max(REORDER_MAX, { error: M.idsTooLong }),
});
/** `PATCH /files/{id}/summary` */
export const fileSummaryBody = z.object({
  summary: z
    .string({ error: M.summaryRequired })
    .max(NOTE_MAX, { error: M.summaryTooLong })
    .nullable()
    .transform((v) => v ?? ''),
  /** As for the content: the summary's revision the edit is based on (stale: 409); `save_id` names the save. */
  revision: revisionField,
  save_id: saveIdField,
});
/** `PATCH /files/{id}/goals` */
export const fileGoalsBody = z.object({
  goals: z
    .string({ error: M.goalsRequired })
    .max(NOTE_MAX, { error: M.goalsTooLong })
    .nullable()
    .transform((v) => v ?? ''),
  revision: revisionField,
  save_id: saveIdField,
});
/**
 * `POST /files/summarize`: the file is `file_id`, else `folder` + `file_name`; `content`
 * defaults to the file's stored content. Empty content clears the summary without a model call.
 */
export const summarizeBody = z.object({
  file_id: z.preprocess((v) => (v === null || v === '' ? undefined : v), idField(M.fileIdInvalid).optional()),
  folder: z
    .string()
    .max(FOLDER_NAME_MAX * 4)
    .nullish(),
  file_name: z
    .string()
    .max(FILE_NAME_MAX * 4)
    .nullish(),
  content: z.string({ error: M.contentRequired }).max(CONTENT_MAX, { error: M.contentTooLong }).nullish(),
});

export const fileSummarySchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type FileSummary = z.infer<typeof fileSummarySchema>;
/** `GET /files`: folder name → its files by position; empty folders appear with []. No other keys. */
export const filesIndexAnswer = z.record(z.string(), z.array(fileSummarySchema));
export type FilesIndexAnswer = z.infer<typeof filesIndexAnswer>;
/**
 * `GET /files?folder=&limit=&cursor=`: one folder's files, a page at a time (docs/api.md#paged-lists).
 * Paging needs the folder; without any of the three the answer is the index above.
 */
export const filesListQuery = pageQuery
  .extend({ folder: folderNameField(M.folderRequired).optional() })
  .refine((q) => q.folder !== undefined || !wantsPage(q), { error: M.folderRequired, path: ['folder'] });
/** One folder's files by position (its name as stored); `next_cursor` null on the last page. */
export const folderFilesPageAnswer = z.object({
  success: z.literal(true),
  folder: z.string(),
  files: z.array(fileSummarySchema),
  next_cursor: nextCursorField,
});
export type FolderFilesPageAnswer = z.infer<typeof folderFilesPageAnswer>;
/** `GET /files`: the index, or with `folder` one folder's page. */
export const filesListAnswer = z.union([filesIndexAnswer, folderFilesPageAnswer]);

export const fileDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  folder: z.string(),
  description: z.string(),
  content: z.string(),
  summary: z.string(),
  goals: z.string(),
  position: z.number().int(),
  revision: z.number().int(),
  /** The revisions of the summary and the goals (each goes up with every change of its text). */
  summary_revision: z.number().int().optional(),
  goals_revision: z.number().int().optional(),
  updated_at: z.string(),
});
export type FileDetail = z.infer<typeof fileDetailSchema>;
/** `GET /files/{id}` */
export const fileAnswer = z.object({ success: z.literal(true), file: fileDetailSchema });
export type FileAnswer = z.infer<typeof fileAnswer>;
/** `POST /files` (201), `PUT /files/{id}` */
export const fileWriteAnswer = z.object({
  success: z.literal(true),
  errors: z.array(z.string()),
  file: fileDetailSchema.omit({ content: true, summary: true, goals: true, updated_at: true }),
  /** POST /files only: the folder did not exist and was created. */
  folder_created: z.boolean().optional(),
});
export type FileWriteAnswer = z.infer<typeof fileWriteAnswer>;
/** `PATCH /files/{id}` */
export const saveFileContentAnswer = z.object({ success: z.literal(true), errors: z.array(z.string()), revision: z.number().int() });
export type SaveFileContentAnswer = z.infer<typeof saveFileContentAnswer>;
/** `PATCH /files/{id}` with a stale revision: 409 and what the file holds now. */
export const staleRevisionAnswer = staleAnswer(
  /** `save_id`: the id the client sent with the save that wrote this text, when it sent one. */
  z.object({ content: z.string(), revision: z.number().int(), save_id: z.string().optional() }),
);
export type StaleRevisionAnswer = z.infer<typeof staleRevisionAnswer>;
/** `PATCH /files/reorder`: ids that are not files of that folder are ignored and listed. */
export const reorderFilesAnswer = z.object({ success: z.literal(true), ignored: z.array(z.number().int()) });
/** `POST /files/summarize` */
export const summarizeAnswer = z.object({ success: z.literal(true), summary: z.string(), summary_revision: z.number().int().optional() });
/** `PATCH /files/{id}/summary` and `/goals`: the documented `{success}` and the text's new revision. */
export const saveNoteAnswer = z.object({ success: z.literal(true), revision: z.number().int() });
export type SaveNoteAnswer = z.infer<typeof saveNoteAnswer>;
/** `PATCH /files/{id}/summary` or `/goals` with a stale revision: 409 and what the text holds now. */
export const staleNoteAnswer = staleAnswer(
  z.object({
    summary: z.string().optional(),
    goals: z.string().optional(),
    revision: z.number().int(),
    save_id: z.string().optional(),
  }),
);
export type StaleNoteAnswer = z.infer<typeof staleNoteAnswer>;
export type SummarizeAnswer = z.infer<typeof summarizeAnswer>;

// ---- AI suggestions, prompts and drafts (/profile, svc-files part) ----

/** `GET /profile/suggested_folders` (optional `count` for the first generation). */
export const suggestedFoldersQuery = z.object({ count: countField });
/** `GET /profile/suggested_files?folder=` */
export const suggestedFilesQuery = z.object({ folder: folderNameField(M.folderRequired), count: countField });
/** `GET /profile/folder_suggestion_prompt?count=` */
export const folderPromptQuery = z.object({ count: countField });
/** `GET /profile/file_suggestion_prompt?folder=` (optional `count`) */
export const filePromptQuery = z.object({ folder: folderNameField(M.folderRequired), count: countField });
/** `GET /profile/file_draft_prompt?folder=&name=&description=` */
export const draftPromptQuery = z.object({ folder: folderNameField(M.folderRequired), name: fileNameField, description: descriptionField });
/** `POST /profile/regenerate_suggested_folders` */
export const regenerateFoldersBody = z.object({ system: promptField, user: promptField, count: countField });
/** `POST /profile/regenerate_suggested_files` */
export const regenerateFilesBody = z.object({
  system: promptField,
  user: promptField,
  folder: folderNameField(M.folderRequired),
  count: countField,
});
/** `POST /profile/generate_file_draft` (cancelled when the client goes away) */
export const generateDraftBody = z.object({
  system: promptField,
  user: promptField,
  folder: folderNameField(M.folderRequired),
  name: fileNameField,
  description: descriptionField,
});
/** `POST /profile/reject_suggested_folder` */
export const rejectFolderBody = z.object({
  name: z
    .string({ error: M.suggestionNameRequired })
    .trim()
    .min(1, { error: M.suggestionNameRequired })
    .max(FOLDER_NAME_MAX, { error: M.folderNameTooLong }),
});
/** `POST /profile/reject_suggested_file` */
export const rejectFileBody = z.object({
  folder: folderNameField(M.folderRequired),
  name: z
    .string({ error: M.suggestionNameRequired })
    .trim()
    .min(1, { error: M.suggestionNameRequired })
    .max(FILE_NAME_MAX, { error: M.fileNameTooLong }),
});

export const suggestionSchema = z.object({ name: z.string(), description: z.string() });
export type FileSuggestion = z.infer<typeof suggestionSchema>;
/** The suggestion GETs and both regenerate calls. */
export const suggestionsAnswer = z.object({ success: z.literal(true), suggestions: z.array(suggestionSchema) });
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswer>;
/** The three prompt GETs: the defaults, with the user's folders, files and rejections filled in. */
export const promptAnswer = z.object({ success: z.literal(true), system: z.string(), user: z.string() });
export type PromptAnswer = z.infer<typeof promptAnswer>;
/** `POST /profile/generate_file_draft` */
export const draftAnswer = z.object({ success: z.literal(true), draft: z.string() });
export type DraftAnswer = z.infer<typeof draftAnswer>;
/** Answers with only `success` (PATCH summary/goals, DELETE folder, reject_*). */
export const filesOkAnswer = z.object({ success: z.literal(true) });
