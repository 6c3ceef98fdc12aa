import { z } from 'zod';
import type { ExportDomain } from './export';

/**
 * Bringing a workspace in (docs/import.md). `POST /import` (svc-chat) takes one zip: this
 * product's export (workspace.json, restored with nothing lost) or a folder of markdown (an
 * Obsidian vault, a Notion export). It checks the whole zip before anything is written (a bad
 * one is a 4xx and nothing changes), then writes in the background as a job whose progress
 * `GET /import/{id}` reports. Each domain writes its own records behind its own routes:
 *
 *   POST   /<domain>/import                 {import_id, records, id_maps}: one batch, one
 *                                           transaction; answers the new ids of what it made
 *   POST   /<domain>/import/{id}/commit     the import succeeded everywhere: forget its ledger
 *   DELETE /<domain>/import/{id}            the import failed somewhere: remove what it made
 *
 * so an import that fails half-way leaves every domain as it was (all or nothing).
 */

/** The domains in the order an import writes them: what a later one refers to exists first. */
export const IMPORT_ORDER: readonly ExportDomain[] = ['files', 'people', 'coaching', 'chat'];

export const DOMAIN_IMPORT_PATHS: Record<ExportDomain, string> = {
  files: '/files/import',
  coaching: '/coaching/import',
  people: '/people/import',
  chat: '/ai_chat/import',
};

/** At most this many records in one batch (a file's content is at most 2 MB; a batch stays well under the body limit). */
export const IMPORT_BATCH_RECORDS = 500;
/** A batch's JSON body, at most (the domains' import routes accept this much). */
export const IMPORT_BATCH_BYTES = 16 * 1024 * 1024;

/** The zip a user uploads: at most 100 MB. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** What the zip may expand to, in all and per entry, its entries, and how much a large one may shrink (a zip bomb exceeds these). */
export const IMPORT_LIMITS = {
  expandedBytes: 1024 * 1024 * 1024,
  entryBytes: 256 * 1024 * 1024,
  entries: 50_000,
  /** Expanded ÷ compressed, for the zip once it expands past `ratioFrom` bytes. */
  ratio: 200,
  ratioFrom: 16 * 1024 * 1024,
  /** A path inside the zip, in characters. */
  pathLength: 1024,
} as const;

export const importRecord = z.object({ table: z.string().min(1).max(100), row: z.record(z.string(), z.unknown()) }).strict();
export type ImportRecord = z.infer<typeof importRecord>;

/** old id (as text) → new id, per table: what a domain made, for the references of later domains. */
export const idMaps = z.record(z.string(), z.record(z.string(), z.number().int()));
export type IdMaps = z.infer<typeof idMaps>;

/** `POST /<domain>/import`: one batch of the domain's records, in the order they were exported. */
export const domainImportBody = z
  .object({
    import_id: z.uuid(),
    records: z.array(importRecord).min(1).max(IMPORT_BATCH_RECORDS),
    /** The ids other domains gave what they made in this import (files, people, meetings): for references to them. */
    id_maps: idMaps.optional(),
  })
  .strict();
export type DomainImportBody = z.infer<typeof domainImportBody>;

export const domainImportParams = z.object({ id: z.uuid() });

export const domainImportAnswer = z.object({
  success: z.literal(true),
  /** How many of each table it made (or merged into what was there). */
  created: z.record(z.string(), z.number().int()),
  /** The new ids of the batch's records that have one, per table. */
  ids: idMaps,
  /** Records left out, and why (a check-in question this workspace does not have, an About me already written). */
  skipped: z.array(z.object({ table: z.string(), reason: z.string() })),
});
export type DomainImportAnswer = z.infer<typeof domainImportAnswer>;

export const domainImportDoneAnswer = z.object({ success: z.literal(true) });

/** The kinds an import's summary counts. */
export const IMPORT_KINDS = [
  'folder',
  'file',
  'journal',
  'todo',
  'milestone',
  'plan_period',
  'checkin',
  'coaching_plan',
  'person',
  'meeting',
  'about_me',
  'chat',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const importSummary = z.object({
  created: z.partialRecord(z.enum(IMPORT_KINDS), z.number().int()),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const IMPORT_STATES = ['running', 'done', 'failed'] as const;

export const importStatus = z.object({
  id: z.uuid(),
  state: z.enum(IMPORT_STATES),
  /** 'workspace' (this product's export) or 'markdown' (any folder of markdown). */
  source: z.enum(['workspace', 'markdown']),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  summary: importSummary,
  /** When it failed: why, in words a person reads. Nothing was kept. */
  errors: z.array(z.string()),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatus>;

/** `POST /import` (202) and `GET /import/{id}`. */
export const importAnswer = z.object({ success: z.literal(true), import: importStatus });
export const importParams = z.object({ id: z.uuid() });

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** What an import says when it refuses a zip or fails (docs/import.md#refused). */
export const IMPORT_MESSAGES = {
  notAZip: 'This file is not a zip. Choose the zip of an export, or a zip of a folder of markdown files.',
  unsafePath: (path: string) => `The zip holds a path that leads outside it ("${path}"), so nothing was imported.`,
  tooManyEntries: (max: number) => `The zip holds more than ${max.toLocaleString('en-GB')} entries, so nothing was imported.`,
  tooLarge: `The zip expands to more than the ${mb(IMPORT_LIMITS.expandedBytes)} an import takes (or an entry to more than ${mb(IMPORT_LIMITS.entryBytes)}), so nothing was imported.`,
  unsupportedEntry: (path: string) =>
    `"${path}" is stored in a way this import cannot read (encrypted, or an unusual compression), so nothing was imported.`,
  unreadableEntry: (path: string) => `"${path}" in the zip is damaged, so nothing was imported.`,
  notUtf8: (path: string) => `"${path}" is not UTF-8 text, so nothing was imported. Save it as UTF-8 and try again.`,
  nulCharacter: (path: string) => `"${path}" holds a NUL character, which text cannot hold, so nothing was imported.`,
  nameTooLong: (path: string, what: 'folder' | 'file', max: number) =>
    `The ${what} name of "${path}" is longer than ${max} characters, so nothing was imported. Rename it and try again.`,
  newerFormat: (version: number) =>
    `This export was made by a newer version of the workspace (format ${version}), so it cannot be imported here yet.`,
  unknownFormat:
    'workspace.json is not an export of this workspace (its format_version is missing or not a number), so nothing was imported.',
  badRecord: (line: number) => `workspace.json has a record that cannot be read (record ${line}), so nothing was imported.`,
  nothingToImport: 'The zip holds no markdown files and no workspace.json: there is nothing to import.',
  notFound: 'No such import.',
  alreadyRunning: 'An import is already running. Wait for it to finish, then import the next zip.',
  contentTooLong: (path: string, max: number) =>
    `"${path}" is longer than the ${max.toLocaleString('en-GB')} characters a file can hold, so nothing was imported.`,
  partFailed: 'Part of your workspace did not answer while importing, so nothing was kept. Please try again in a minute.',
  interrupted: 'The import was interrupted before it finished, so nothing was kept. Please try again.',
} as const;

export { IMPORT_ROWS, DOMAIN_IMPORT_MESSAGES, importedAddress, parseImportRecords, type ImportRows } from './import-rows';
