import type { Knex } from 'knex';
import {
  DOMAIN_IMPORT_PATHS,
  IMPORT_BATCH_BYTES,
  parseImportRecords,
  type DomainImportAnswer,
  type ExportDomain,
  type IdMaps,
  type ImportRecord,
} from '@cc/contracts';
import type { Db } from './db';
import { HttpError } from './errors';
import type { ServiceRouter } from './router';

/**
 * A domain's part of an import (docs/import.md#the-domains-part). `POST /import` sends each
 * domain its records in batches; a batch is written in one transaction, and every row it makes
 * (or changes) is noted in the service's `import_ledger`: old id → new id, so a file of batch 3
 * finds its folder of batch 1, and the list of what to take back when the import fails
 * somewhere (`DELETE …/import/{id}`: rows made are deleted, rows changed get `previous` back).
 * Once the import succeeded everywhere, `POST …/import/{id}/commit` forgets its ledger rows.
 */

export const IMPORT_LEDGER_TABLE = 'import_ledger';

/** The migration's part: `<schema>.import_ledger`, read by import and table and old id. */
export async function createImportLedger(knex: Knex, schema: string): Promise<void> {
  await knex.schema.withSchema(schema).createTable(IMPORT_LEDGER_TABLE, (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable();
    t.uuid('import_id').notNullable();
    t.text('table_name').notNullable();
    /** The id the row had in the export (text: some tables are keyed by two ids). */
    t.text('old_id').notNullable();
    t.text('new_id').notNullable();
    /** For a row the import changed rather than made: the columns undo puts back. */
    t.jsonb('previous');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index import_ledger_lookup on ?? (user_id, import_id, table_name, old_id)', [`${schema}.${IMPORT_LEDGER_TABLE}`]);
}

type Row = Record<string, unknown>;

/** What a table's writer gets for one row: the batch's transaction, the caller, and the ledger. */
export interface ImportWrite {
  trx: Knex.Transaction;
  userId: number;
  importId: string;
  /** The ids other domains gave what they made in this import (files, people, meetings). */
  idMaps: IdMaps;
  /** The new id of `table`'s `oldId`, made earlier in this import (this batch or an earlier one). */
  newId(table: string, oldId: unknown): Promise<string | undefined>;
  /** A row made: counted, answered in `ids`, deleted by an undo. */
  made(table: string, oldId: unknown, newId: string | number): void;
  /** A row already there that the import changed (or took the records of): undo writes `previous` back. */
  merged(table: string, oldId: unknown, newId: string | number, previous: Row): void;
  skip(table: string, reason: string): void;
}

export interface ImportTable {
  /** `schema.table`, where the rows are. */
  target: string;
  /** The row a ledger's `new_id` names, beside `user_id` (default: `{ id: new_id }`). */
  key?: (newId: string) => Row;
  /** How undo keeps to the caller's rows (default: `user_id`; a table without one goes through its parent). */
  scope?: (query: Knex.QueryBuilder, userId: number) => Knex.QueryBuilder;
  /** The columns undo writes into a changed row (default: `previous` as noted), e.g. with a revision moved on. */
  restore?: (previous: Row, trx: Knex.Transaction) => Row;
  write(w: ImportWrite, row: Row): Promise<void>;
}

export interface DomainImport {
  db: Db;
  /** The service's schema, where its ledger is. */
  schema: string;
  /** The writer of each table of the domain's part, by its name in workspace.json. */
  tables: Record<string, ImportTable>;
  /** After a batch or an undo commits: caches to drop, vectors to make again. */
  changed?: (userId: number) => void;
}

interface LedgerRow {
  id: string | number;
  table_name: string;
  new_id: string;
  previous: Row | null;
}

const defaultKey = (newId: string): Row => ({ id: Number(newId) });
const byUser = (query: Knex.QueryBuilder, userId: number) => query.where({ user_id: userId });

/** Writes one batch in one transaction; a record the domain leaves out is in `skipped`, with why. */
export async function importBatch(
  imp: DomainImport,
  domain: ExportDomain,
  userId: number,
  body: { import_id: string; records: ImportRecord[]; id_maps?: IdMaps },
): Promise<DomainImportAnswer> {
  const parsed = parseImportRecords(domain, body.records);
  if (!parsed.ok) throw new HttpError(422, parsed.errors);
  const missing = parsed.rows.find((r) => !imp.tables[r.table]);
  if (missing) throw new HttpError(422, [`This domain does not import "${missing.table}" yet`]);

  const ledgerTable = `${imp.schema}.${IMPORT_LEDGER_TABLE}`;
  const answer: DomainImportAnswer = { success: true, created: {}, ids: {}, skipped: [] };
  await imp.db.transaction(async (trx) => {
    const known = new Map<string, string>();
    const noted: Row[] = [];
    const note = (table: string, oldId: unknown, newId: string | number, previous: Row | null) => {
      const old = String(oldId);
      known.set(`${table}\u0000${old}`, String(newId));
      noted.push({ user_id: userId, import_id: body.import_id, table_name: table, old_id: old, new_id: String(newId), previous });
      answer.created[table] = (answer.created[table] ?? 0) + 1;
      if (typeof newId === 'number' || /^\d+$/.test(newId)) (answer.ids[table] ??= {})[old] = Number(newId);
    };
    const w: ImportWrite = {
      trx,
      userId,
      importId: body.import_id,
      idMaps: body.id_maps ?? {},
      async newId(table, oldId) {
        if (oldId === null || oldId === undefined) return undefined;
        const key = `${table}\u0000${String(oldId)}`;
        const hit = known.get(key);
        if (hit !== undefined) return hit;
        const row = (await trx(ledgerTable)
          .where({ user_id: userId, import_id: body.import_id, table_name: table, old_id: String(oldId) })
          .orderBy('id', 'desc')
          .first('new_id')) as { new_id: string } | undefined;
        if (row) known.set(key, row.new_id);
        return row?.new_id;
      },
      made: (table, oldId, newId) => note(table, oldId, newId, null),
      merged: (table, oldId, newId, previous) => note(table, oldId, newId, previous),
      skip: (table, reason) => void answer.skipped.push({ table, reason }),
    };
    for (const { table, row } of parsed.rows) await imp.tables[table]!.write(w, row);
    for (let i = 0; i < noted.length; i += 500) await trx(ledgerTable).insert(noted.slice(i, i + 500));
  });
  imp.changed?.(userId);
  return answer;
}

/** The import succeeded everywhere: its ledger rows go, what it made stays. */
export async function commitImport(imp: DomainImport, userId: number, importId: string): Promise<void> {
  await imp.db(`${imp.schema}.${IMPORT_LEDGER_TABLE}`).where({ user_id: userId, import_id: importId }).delete();
}

/**
 * Takes back everything `importId` made in this domain for this user, newest first: made rows
 * are deleted (runs of one table in one statement), changed ones get `previous` back. Nothing
 * in the ledger (never imported, already undone, another user's id): nothing happens.
 */
export async function undoImport(imp: DomainImport, userId: number, importId: string): Promise<void> {
  const ledgerTable = `${imp.schema}.${IMPORT_LEDGER_TABLE}`;
  const undone = await imp.db.transaction(async (trx) => {
    const rows = (await trx(ledgerTable)
      .where({ user_id: userId, import_id: importId })
      .orderBy('id', 'desc')
      .select('id', 'table_name', 'new_id', 'previous')) as LedgerRow[];
    let run: { table: ImportTable; ids: number[] } | undefined;
    const flush = async () => {
      if (run?.ids.length) await (run.table.scope ?? byUser)(trx(run.table.target), userId).whereIn('id', run.ids).delete();
      run = undefined;
    };
    for (const entry of rows) {
      const table = imp.tables[entry.table_name];
      if (!table) continue;
      if (entry.previous === null && !table.key) {
        if (run?.table !== table) await flush();
        (run ??= { table, ids: [] }).ids.push(Number(entry.new_id));
        continue;
      }
      await flush();
      const row = (table.scope ?? byUser)(trx(table.target), userId).where((table.key ?? defaultKey)(entry.new_id));
      if (entry.previous === null) await row.delete();
      else await row.update(table.restore ? table.restore(entry.previous, trx) : entry.previous);
    }
    await flush();
    await trx(ledgerTable).where({ user_id: userId, import_id: importId }).delete();
    return rows.length > 0;
  });
  if (undone) imp.changed?.(userId);
}

/**
 * `name`, or the first of "name (2)", "name (3)"… that `taken` says is free, within `max`
 * characters; `extension` (".md") stays at the end: "notes (2).md".
 */
export async function unusedName(
  name: string,
  max: number,
  taken: (candidate: string) => Promise<boolean>,
  extension = '',
): Promise<string> {
  const hasExtension = extension && name.toLowerCase().endsWith(extension.toLowerCase());
  const stem = hasExtension ? name.slice(0, -extension.length) : name;
  const tail = hasExtension ? name.slice(-extension.length) : '';
  let candidate = name;
  for (let n = 2; await taken(candidate); n += 1) {
    const suffix = ` (${n})`;
    candidate = `${stem.slice(0, max - suffix.length - tail.length)}${suffix}${tail}`;
  }
  return candidate;
}

/** Columns of `row` that are set (an unreadable timestamp is left to the column's default). */
export function definedColumns(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

/** A record's `created_at` and `updated_at` as its row keeps them (those it has). */
export const importedStamps = (row: { created_at?: string; updated_at?: string }): Row =>
  definedColumns({ created_at: row.created_at, updated_at: row.updated_at });

/** A domain's three import routes (`POST …/import`, `POST …/import/{id}/commit`, `DELETE …/import/{id}`), the same in every service. */
export function domainImportRoutes(router: ServiceRouter, domain: ExportDomain, imp: DomainImport): void {
  // One path type for the three: their requests and answers are the same in the route table.
  const path = DOMAIN_IMPORT_PATHS[domain] as '/files/import';
  // A batch carries up to 500 records, file contents included: more than the service's usual body.
  const bodyLimit = `${IMPORT_BATCH_BYTES}b`;

  router.post(path, { bodyLimit }, async (_ctx, { user, body }) => importBatch(imp, domain, user.id, body));

  router.post(`${path}/{id}/commit` as '/files/import/{id}/commit', {}, async (_ctx, { user, params }) => {
    await commitImport(imp, user.id, params.id);
    return { success: true };
  });

  router.delete(`${path}/{id}` as '/files/import/{id}', {}, async (_ctx, { user, params }) => {
    await undoImport(imp, user.id, params.id);
    return { success: true };
  });
}
