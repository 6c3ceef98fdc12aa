import { EXPORT_DOMAINS, EXPORT_FORMAT_VERSION, type ExportDomain } from '@cc/contracts/export';
import { CONTENT_MAX, FILE_NAME_MAX, FOLDER_NAME_MAX } from '@cc/contracts';
import { IMPORT_BATCH_RECORDS, IMPORT_MESSAGES as M, importRecord, parseImportRecords, type ImportRecord } from '@cc/contracts/import';
import { entryText, ImportRefused, zipEntries } from './zip-entries';
import { markdownPlan, type MarkdownPlan } from './markdown-plan';

/**
 * Reading an uploaded zip for an import (docs/import.md): first the whole check (`checkImport`),
 * before anything is written and while the request waits, so a bad zip is a 4xx; then, in the
 * job, the records domain by domain (`domainRecords`), each time read again from the zip on
 * disk so memory holds one batch, not the workspace.
 */

export interface WorkspaceRecord extends ImportRecord {
  domain: ExportDomain;
}

export type CheckedImport =
  { source: 'workspace'; workspacePath: string; records: Record<ExportDomain, number> } | { source: 'markdown'; plan: MarkdownPlan };

const isWorkspaceJson = (path: string) => path === 'workspace.json' || /^[^/]+\/workspace\.json$/.test(path);
const isText = (path: string) => /\.(md|markdown|json)$/i.test(path);

/**
 * The records of a workspace.json, one at a time. An export writes a record a line (so a large
 * one is read without building the whole document); any other layout of the same JSON is parsed
 * whole. Throws ImportRefused for an unknown or newer format or a record off the contract.
 */
export function* workspaceRecords(text: string): Generator<WorkspaceRecord> {
  const firstBreak = text.indexOf('\n');
  const header = firstBreak > 0 ? text.slice(0, firstBreak) : '';
  if (header.endsWith('"records":[')) {
    const meta = parseOr(`${header}]}`);
    checkVersion(meta);
    let index = 0;
    let start = firstBreak + 1;
    for (;;) {
      const end = text.indexOf('\n', start);
      const line = (end === -1 ? text.slice(start) : text.slice(start, end)).replace(/,$/, '');
      start = end + 1;
      if (line === ']}' || (end === -1 && !line)) return;
      index += 1;
      yield recordOf(parseOr(line), index);
      if (end === -1) return;
    }
  }
  const whole = parseOr(text);
  checkVersion(whole);
  const records = (whole as { records?: unknown }).records;
  if (!Array.isArray(records)) throw new ImportRefused([M.unknownFormat]);
  let index = 0;
  for (const r of records) yield recordOf(r, ++index);
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportRefused([M.unknownFormat]);
  }
}

function checkVersion(meta: unknown): void {
  const version = (meta as { format_version?: unknown } | null)?.format_version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new ImportRefused([M.unknownFormat]);
  if (version > EXPORT_FORMAT_VERSION) throw new ImportRefused([M.newerFormat(version)]);
}

function recordOf(raw: unknown, index: number): WorkspaceRecord {
  const domain = (raw as { domain?: unknown } | null)?.domain;
  const parsed = importRecord.safeParse({ table: (raw as { table?: unknown })?.table, row: (raw as { row?: unknown })?.row });
  if (!parsed.success || !EXPORT_DOMAINS.includes(domain as ExportDomain)) throw new ImportRefused([M.badRecord(index)]);
  const record = { domain: domain as ExportDomain, ...parsed.data };
  checkNames(record);
  return record;
}

/** The names the file domain keeps, at its limits: refused here, before anything is written. */
function checkNames(record: WorkspaceRecord): void {
  if (record.domain !== 'files') return;
  const name = record.row.name;
  if (record.table === 'folders' && typeof name === 'string' && name.length > FOLDER_NAME_MAX)
    throw new ImportRefused([M.nameTooLong(name.slice(0, 60), 'folder', FOLDER_NAME_MAX)]);
  if (record.table === 'files' && typeof name === 'string' && name.length > FILE_NAME_MAX)
    throw new ImportRefused([M.nameTooLong(name.slice(0, 60), 'file', FILE_NAME_MAX)]);
}

/**
 * The whole check of an uploaded zip: every entry expanded within the limits, every markdown
 * and JSON entry UTF-8 without NUL, and either a readable workspace.json or markdown to import.
 */
export async function checkImport(zipPath: string): Promise<CheckedImport> {
  // Every path, folders and skipped entries included: a markdown import lists what it left out.
  const paths: string[] = [];
  let workspacePath: string | undefined;
  const records = Object.fromEntries(EXPORT_DOMAINS.map((d) => [d, 0])) as Record<ExportDomain, number>;
  let tooLong: string | undefined;
  for await (const entry of zipEntries(zipPath, isText, (path) => paths.push(path))) {
    const text = entryText(entry);
    if (!tooLong && text.length > CONTENT_MAX && /\.(md|markdown)$/i.test(entry.path)) tooLong = entry.path;
    if (isWorkspaceJson(entry.path) && !workspacePath) {
      workspacePath = entry.path;
      // Every row checked as its domain will check it, so a bad one is refused here, not half-way.
      const pending = Object.fromEntries(EXPORT_DOMAINS.map((d) => [d, [] as ImportRecord[]])) as Record<ExportDomain, ImportRecord[]>;
      const check = (domain: ExportDomain) => {
        const parsed = parseImportRecords(domain, pending[domain]);
        if (!parsed.ok) throw new ImportRefused(parsed.errors.slice(0, 5).map((e) => `workspace.json: ${e}`));
        pending[domain] = [];
      };
      for (const record of workspaceRecords(text)) {
        records[record.domain] += 1;
        pending[record.domain].push({ table: record.table, row: record.row });
        if (pending[record.domain].length >= IMPORT_BATCH_RECORDS) check(record.domain);
      }
      for (const domain of EXPORT_DOMAINS) if (pending[domain].length) check(domain);
    }
  }
  if (workspacePath) return { source: 'workspace', workspacePath, records };
  if (tooLong) throw new ImportRefused([M.contentTooLong(tooLong, CONTENT_MAX)]);
  const plan = markdownPlan(paths);
  if (!plan.files.length && !plan.days.length) throw new ImportRefused([M.nothingToImport]);
  return { source: 'markdown', plan };
}

/** A workspace.json's records of one domain, in their order, read again from the zip. */
export async function* domainRecords(zipPath: string, workspacePath: string, domain: ExportDomain): AsyncGenerator<ImportRecord> {
  for await (const entry of zipEntries(zipPath, (p) => p === workspacePath)) {
    if (entry.path !== workspacePath) continue;
    for (const record of workspaceRecords(entryText(entry))) if (record.domain === domain) yield { table: record.table, row: record.row };
  }
}
