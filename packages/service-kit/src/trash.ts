import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { TRASH_DAYS, TRASH_LIST_MAX, TRASH_MS, type TrashItem, type TrashKind } from '@cc/contracts';
import type { BackgroundTask } from './app';
import { bossDb, retriedOnRace, startedBoss } from './boss-db';
import type { Db } from './db';
import type { Logger } from './logger';

/**
 * The trash (docs/trash.md): each service moves what a user deletes into its own `trash` table,
 * as a JSON snapshot of the rows a DELETE removes (the object and what goes with it), in the
 * same transaction as the delete. The live tables keep only live rows, so no query elsewhere
 * has to know about the trash. Restoring inserts the rows back from the snapshot; a scheduled
 * pg-boss job deletes the entries older than 30 days.
 */

type Conn = Db | Knex.Transaction;

export const TRASH_TABLE = 'trash';

/** The migration's part: `<schema>.trash`, read newest first per user. */
export async function createTrashTable(knex: Knex, schema: string): Promise<void> {
  await knex.schema.withSchema(schema).createTable(TRASH_TABLE, (t) => {
    t.increments('id');
    t.integer('user_id').notNullable();
    t.text('kind').notNullable();
    /** The object's own id as text (a row id, a journal day's date). */
    t.text('object_id').notNullable();
    t.text('title').notNullable();
    t.text('detail');
    /** Where it opens once restored, as it was when deleted. */
    t.text('url').notNullable();
    t.timestamp('deleted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** The deleted rows, by table: `{ "files": [{…}], … }`, each row as `to_jsonb` gave it. */
    t.jsonb('payload').notNullable();
  });
  await knex.raw('create index trash_user_deleted on ?? (user_id, deleted_at desc, id desc)', [`${schema}.${TRASH_TABLE}`]);
  // The purge reads by age across users.
  await knex.raw('create index trash_deleted on ?? (deleted_at)', [`${schema}.${TRASH_TABLE}`]);
}

export type Row = Record<string, unknown>;
/** A trash entry's payload: the deleted rows of each table (`schema.table`), plus anything the service notes. */
export type TrashPayload = Record<string, Row[] | unknown>;

export interface TrashEntry {
  id: number;
  user_id: number;
  kind: TrashKind;
  object_id: string;
  title: string;
  detail: string | null;
  url: string;
  deleted_at: Date | string;
  payload: TrashPayload;
}

const columnCache = new Map<string, Set<string>>();

/** The columns of `schema.table` an insert may name (generated ones are computed by Postgres). */
export async function insertableColumns(conn: Conn, table: string): Promise<Set<string>> {
  const cached = columnCache.get(table);
  if (cached) return cached;
  const [schema = '', name = ''] = table.split('.');
  const { rows } = (await conn.raw(
    `select column_name from information_schema.columns
      where table_schema = ? and table_name = ? and is_generated = 'NEVER' and identity_generation is null`,
    [schema, name],
  )) as { rows: { column_name: string }[] };
  const columns = new Set(rows.map((r) => r.column_name));
  // A table migrated later (a new column) is read again by the next process; within one, columns do not change.
  if (columns.size) columnCache.set(table, columns);
  return columns;
}

/** The rows of `table` matching `where`, as JSON objects of their stored columns (what a restore inserts). */
export async function snapshotRows(conn: Conn, table: string, where: string, bindings: unknown[]): Promise<Row[]> {
  const columns = await insertableColumns(conn, table);
  const { rows } = (await conn.raw(`select to_jsonb(t) as row from ${table} t where ${where}`, bindings as Knex.RawBinding[])) as {
    rows: { row: Row }[];
  };
  return rows.map(({ row }) => Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k))));
}

/** Deletes the rows of `table` matching `where` and answers them as `snapshotRows` would: one statement, so no save slips in between. */
export async function deleteRowsReturning(conn: Conn, table: string, where: string, bindings: unknown[]): Promise<Row[]> {
  const columns = await insertableColumns(conn, table);
  const { rows } = (await conn.raw(
    `delete from ${table} t where ${where} returning to_jsonb(t) as row`,
    bindings as Knex.RawBinding[],
  )) as {
    rows: { row: Row }[];
  };
  return rows.map(({ row }) => Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k))));
}

/**
 * Inserts snapshot rows back into `table`, each column read by Postgres from the JSON with its
 * own type (dates, arrays, jsonb). Columns the table gained since the snapshot take their default.
 */
export async function restoreRows(conn: Conn, table: string, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const insertable = await insertableColumns(conn, table);
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => insertable.has(c));
  const list = names.map((c) => conn.client.wrapIdentifier(c)).join(', ');
  await conn.raw(`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ?::jsonb)`, [
    JSON.stringify(rows),
  ]);
}

export interface NewTrashEntry {
  userId: number;
  kind: TrashKind;
  objectId: string | number;
  title: string;
  detail?: string | null;
  url: string;
  payload: TrashPayload;
}

/** Puts a deleted object in `schema`'s trash (call it in the delete's transaction). Answers the entry's id. */
export async function putInTrash(conn: Conn, schema: string, entry: NewTrashEntry): Promise<number> {
  const [row] = (await conn(`${schema}.${TRASH_TABLE}`)
    .insert({
      user_id: entry.userId,
      kind: entry.kind,
      object_id: String(entry.objectId),
      title: entry.title,
      detail: entry.detail ?? null,
      url: entry.url,
      payload: JSON.stringify(entry.payload),
    })
    .returning('id')) as { id: number }[];
  return row!.id;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** An entry as the trash routes answer it. */
export function trashItem(entry: Pick<TrashEntry, 'id' | 'kind' | 'object_id' | 'title' | 'detail' | 'url' | 'deleted_at'>): TrashItem {
  const deleted = toDate(entry.deleted_at);
  return {
    kind: entry.kind,
    id: entry.id,
    object_id: entry.object_id,
    title: entry.title,
    ...(entry.detail ? { detail: entry.detail } : {}),
    deleted_at: deleted.toISOString(),
    purge_at: new Date(deleted.getTime() + TRASH_MS).toISOString(),
    url: entry.url,
  };
}

/** The user's trash in `schema`, newest first (at most TRASH_LIST_MAX entries). */
export async function listTrash(db: Conn, schema: string, userId: number): Promise<TrashItem[]> {
  const rows = (await db(`${schema}.${TRASH_TABLE}`)
    .where({ user_id: userId })
    .orderBy([
      { column: 'deleted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(TRASH_LIST_MAX)
    .select('id', 'kind', 'object_id', 'title', 'detail', 'url', 'deleted_at')) as TrashEntry[];
  return rows.map(trashItem);
}

/** Takes one entry of the user out of the trash (in the restore's transaction: a failed restore puts it back). */
export async function takeFromTrash(trx: Knex.Transaction, schema: string, userId: number, kind: TrashKind, id: number) {
  const [entry] = (await trx(`${schema}.${TRASH_TABLE}`).where({ user_id: userId, kind, id }).delete().returning('*')) as TrashEntry[];
  return entry;
}

/** An entry about to be deleted for good: its payload stays in Postgres (a folder's may be large). */
export type PurgedEntry = Pick<TrashEntry, 'id' | 'user_id' | 'kind' | 'object_id'>;

/**
 * What a service does with entries deleted for good (rows elsewhere that outlive the trash, such
 * as a file's revisions), before they go, in the same transaction: it may still read their
 * payload with SQL.
 */
export type OnPurged = (trx: Knex.Transaction, entries: PurgedEntry[]) => Promise<void>;

async function deleteEntries(db: Db, schema: string, where: (q: Knex.QueryBuilder) => void, onPurged?: OnPurged): Promise<number> {
  return db.transaction(async (trx) => {
    const query = trx(`${schema}.${TRASH_TABLE}`).select('id', 'user_id', 'kind', 'object_id').forUpdate();
    where(query);
    const entries = (await query) as PurgedEntry[];
    if (!entries.length) return 0;
    if (onPurged) await onPurged(trx, entries);
    await trx(`${schema}.${TRASH_TABLE}`)
      .whereIn(
        'id',
        entries.map((e) => e.id),
      )
      .delete();
    return entries.length;
  });
}

/** Empties the user's trash in `schema`: answers how many entries were deleted for good. */
export function emptyTrash(db: Db, schema: string, userId: number, onPurged?: OnPurged): Promise<number> {
  return deleteEntries(db, schema, (q) => void q.where({ user_id: userId }), onPurged);
}

/** Deletes for good every entry deleted more than 30 days before `now` (the scheduled job's work). */
export function purgeTrash(db: Db, schema: string, now: Date, onPurged?: OnPurged): Promise<number> {
  const before = new Date(now.getTime() - TRASH_MS);
  return deleteEntries(db, schema, (q) => void q.where('deleted_at', '<', before), onPurged);
}

/* ---------------------------------------------------------------- the scheduled purge */

/** Every day at 03:17 UTC (a quiet hour, off the hour most schedules pick). */
export const TRASH_PURGE_CRON = '17 3 * * *';

export interface TrashPurgeOptions {
  /** The service's schema, where `trash` lives; its pg-boss tables go in `<schema>_trash_jobs`. */
  schema: string;
  onPurged?: OnPurged;
  /**
   * Other daily housekeeping of the service, run after the purge in the same job (the domain's
   * sweep of abandoned imports, docs/import.md#all-or-nothing); answers how many it handled.
   */
  alsoDaily?: { what: string; run(now: Date): Promise<number> };
}

/**
 * A service's purge of its trash: a pg-boss queue on the service's own database, scheduled
 * daily and run once at start (a service that is never up at 03:17 still purges). The service
 * hands it to `context.background`: it starts after the migrations and stops before the
 * database closes.
 */
export class TrashPurge implements BackgroundTask {
  private boss: PgBoss | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly options: TrashPurgeOptions,
  ) {}

  get name(): string {
    return `${this.options.schema}-trash-purge`;
  }

  /** One purge: entries older than 30 days before `now` deleted for good. Answers how many. */
  run(now: Date = new Date()): Promise<number> {
    return purgeTrash(this.db, this.options.schema, now, this.options.onPurged);
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    const queue = this.name;
    const boss = await startedBoss(() => {
      const made = new PgBoss({
        db: bossDb(this.db) as PgBoss.Db,
        schema: `${this.options.schema}_trash_jobs`,
        supervise: true,
        schedule: true,
      });
      made.on('error', (err) => this.log.error({ err, queue }, 'trash purge queue'));
      return made;
    });
    this.boss = boss;
    await retriedOnRace(() => boss.createQueue(queue, { name: queue, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 }));
    await boss.schedule(queue, TRASH_PURGE_CRON, {}, { tz: 'UTC' });
    await boss.work(queue, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
      const purged = await this.run();
      // Counts only: what was purged is the user's content.
      if (purged) this.log.info({ purged, days: TRASH_DAYS }, 'trash purged');
      const also = this.options.alsoDaily;
      const handled = also ? await also.run(new Date()) : 0;
      if (handled) this.log.info({ handled, what: also!.what }, 'daily housekeeping');
    });
    await boss.send(queue, {});
    if (this.stopped) await this.stop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}
