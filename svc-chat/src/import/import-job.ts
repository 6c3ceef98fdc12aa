import { rm } from 'node:fs/promises';
import { DESCRIPTION_MAX } from '@cc/contracts';
import type { ExportDomain } from '@cc/contracts/export';
import {
  IMPORT_BATCH_BYTES,
  IMPORT_BATCH_RECORDS,
  IMPORT_MESSAGES as M,
  IMPORT_ORDER,
  type DomainImportAnswer,
  type DomainImportBody,
  type IdMaps,
  type ImportKind,
  type ImportRecord,
  type ImportSummary,
} from '@cc/contracts/import';
import type { Db, Logger } from '@cc/service-kit';
import { finishImport, reportProgress } from './import-store';
import { ownFrontMatter, type MarkdownPlan } from './markdown-plan';
import { domainRecords, type CheckedImport } from './read-import';
import { entryText, zipEntries } from './zip-entries';

/**
 * The write of an import, after its check passed (docs/import.md): each domain in IMPORT_ORDER
 * takes its records in batches, each batch one transaction there; the ids a domain gave are
 * passed on to the later ones (a chat about file 12 is about the file's new id). When every
 * domain took everything, each is told to commit; when any refused or did not answer, each
 * domain that took something undoes it, so the account is as it was.
 */

export type BatchResult = { ok: true; answer: DomainImportAnswer } | { ok: false; errors: string[] };

/** How the job reaches one domain's import routes (over HTTP as the user; svc-chat's own in-process). */
export interface DomainImporter {
  batch(body: DomainImportBody): Promise<BatchResult>;
  commit(importId: string): Promise<boolean>;
  undo(importId: string): Promise<boolean>;
}

export interface ImportJob {
  id: string;
  zipPath: string;
  checked: CheckedImport;
  importers: Record<ExportDomain, DomainImporter>;
  /** What the check already knows was left out (a markdown import's other files). */
  skipped: ImportSummary['skipped'];
}

/** What the summary counts a table's records as. */
const KIND_OF: Record<string, ImportKind> = {
  'files.folders': 'folder',
  'files.files': 'file',
  'files.journal_entries': 'journal',
  'coaching.todos': 'todo',
  'coaching.milestones': 'milestone',
  'coaching.timeline_items': 'plan_period',
  'coaching.question_conversations': 'checkin',
  'coaching.coaching_plans': 'coaching_plan',
  'people.people': 'person',
  'people.meetings': 'meeting',
  'people.profiles': 'about_me',
  'chat.conversations': 'chat',
};

/** The ids later domains refer to: a file's, a person's, a meeting's (by their tables' names). */
const PASSED_ON = new Set(['files.files', 'people.people', 'people.meetings']);

class ImportFailed extends Error {
  constructor(readonly errors: string[]) {
    super(errors[0]);
  }
}

/** Records grouped into batches of at most IMPORT_BATCH_RECORDS and about IMPORT_BATCH_BYTES of JSON. */
async function* batches(records: AsyncIterable<ImportRecord>): AsyncGenerator<ImportRecord[]> {
  let batch: ImportRecord[] = [];
  let bytes = 0;
  for await (const record of records) {
    const size = JSON.stringify(record.row).length + 64;
    if (batch.length && (batch.length >= IMPORT_BATCH_RECORDS || bytes + size > IMPORT_BATCH_BYTES - 1024 * 1024)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(record);
    bytes += size;
  }
  if (batch.length) yield batch;
}

/** A markdown zip's folders, files and journal days as the files domain's records. */
export async function* markdownRecords(zipPath: string, plan: MarkdownPlan): AsyncGenerator<ImportRecord> {
  const folderIds = new Map(plan.folders.map((name, i) => [name, i + 1]));
  for (const [name, id] of folderIds) yield { table: 'folders', row: { id, name, description: '', position: id - 1 } };
  const files = new Map(plan.files.map((f) => [f.path, f]));
  const days = new Map(plan.days.map((d) => [d.path, d.date]));
  const positions = new Map<string, number>();
  let fileId = 0;
  for await (const entry of zipEntries(zipPath, (p) => files.has(p) || days.has(p))) {
    const text = entryText(entry);
    const file = files.get(entry.path);
    if (file) {
      const position = positions.get(file.folder) ?? 0;
      positions.set(file.folder, position + 1);
      const { content, description, summary, goals } = ownFrontMatter(text);
      fileId += 1;
      yield {
        table: 'files',
        row: {
          id: fileId,
          folder_id: folderIds.get(file.folder)!,
          name: file.name,
          description: description.slice(0, DESCRIPTION_MAX),
          content,
          summary,
          goals,
          position,
          is_generated: false,
        },
      };
    } else {
      yield { table: 'journal_entries', row: { date: days.get(entry.path)!, content: text } };
    }
  }
}

async function* none(): AsyncGenerator<ImportRecord> {}

export async function runImport(db: Db, log: Logger | undefined, job: ImportJob, total: number): Promise<void> {
  const summary: ImportSummary = { created: {}, skipped: [...job.skipped] };
  const idMaps: IdMaps = {};
  const touched: ExportDomain[] = [];
  let done = 0;
  let reported = 0;
  try {
    for (const domain of IMPORT_ORDER) {
      const { checked } = job;
      const records =
        checked.source === 'workspace'
          ? domainRecords(job.zipPath, checked.workspacePath, domain)
          : domain === 'files'
            ? markdownRecords(job.zipPath, checked.plan)
            : none();
      for await (const batch of batches(records)) {
        if (!touched.includes(domain)) touched.push(domain);
        const passOn = domain === 'coaching' || domain === 'chat';
        const result = await job.importers[domain].batch({ import_id: job.id, records: batch, ...(passOn ? { id_maps: idMaps } : {}) });
        if (!result.ok) throw new ImportFailed(result.errors);
        for (const [table, n] of Object.entries(result.answer.created)) {
          const kind = KIND_OF[`${domain}.${table}`];
          if (kind) summary.created[kind] = (summary.created[kind] ?? 0) + n;
        }
        for (const [table, ids] of Object.entries(result.answer.ids)) {
          if (PASSED_ON.has(`${domain}.${table}`)) Object.assign((idMaps[table] ??= {}), ids);
        }
        for (const s of result.answer.skipped) summary.skipped.push({ path: `${domain}/${s.table}`, reason: s.reason });
        done += batch.length;
        const progress = Math.min(95, Math.floor((done / Math.max(total, 1)) * 95));
        if (progress > reported) {
          reported = progress;
          await reportProgress(db, job.id, progress);
        }
      }
    }
    const committed = await Promise.all(touched.map((d) => job.importers[d].commit(job.id)));
    // A ledger not forgotten costs only its rows; the import itself is whole.
    if (committed.includes(false)) log?.warn({ import: job.id }, 'an import ledger was not committed');
    await finishImport(db, job.id, { state: 'done', summary });
    log?.info({ import: job.id, records: done }, 'import done');
  } catch (err) {
    const errors = err instanceof ImportFailed ? err.errors : [M.partFailed];
    if (!(err instanceof ImportFailed)) log?.error({ err, import: job.id }, 'import failed');
    const undone = await Promise.all(touched.reverse().map((d) => job.importers[d].undo(job.id).catch(() => false)));
    if (undone.includes(false)) log?.error({ import: job.id }, 'an import could not be undone everywhere');
    await finishImport(db, job.id, { state: 'failed', errors });
  } finally {
    await rm(job.zipPath, { force: true });
  }
}
