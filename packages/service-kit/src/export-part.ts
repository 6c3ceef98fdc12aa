import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { NDJSON, type ExportLine } from '@cc/contracts/export';

/**
 * A domain's part of an export (docs/export.md): what it holds for the caller as NDJSON lines,
 * pulled as the reader reads (Readable.from waits for the socket), so the part is never whole in
 * memory. The kit writes the first line (`total`) and the last (`done`, with the records
 * counted): a reader that does not see `done` knows the part was cut short.
 */
export interface ExportPart {
  /** How many records the part holds and about how many characters: the download's estimate. */
  totals(): Promise<{ records: number; bytes: number }>;
  /** The entries and records, in order. */
  lines(): AsyncIterable<Extract<ExportLine, { entry: unknown } | { record: unknown }>>;
}

export function sendExportPart(ctx: Koa.Context, part: ExportPart): void {
  async function* ndjson(): AsyncGenerator<string> {
    const totals = await part.totals();
    yield `${JSON.stringify({ total: totals.records, bytes: totals.bytes })}\n`;
    let records = 0;
    for await (const line of part.lines()) {
      if ('record' in line) records += 1;
      yield `${JSON.stringify(line)}\n`;
    }
    yield `${JSON.stringify({ done: { records } })}\n`;
  }
  ctx.set('Cache-Control', 'no-store');
  ctx.type = NDJSON;
  // An error half-way ends the stream without `done`; the kit's error mapping cannot answer
  // once the status is sent, so the reader's check is what catches it.
  ctx.body = Readable.from(ndjson(), { objectMode: false });
}

/**
 * A query's rows in pages of `size` by an id that only grows (`column`, answered as `id`): one
 * page in memory at a time, on both Postgres and PGlite (which has no cursors to stream with).
 * `query` makes the query afresh for each page, with its user, joins and columns.
 */
export async function* rowsById<T extends { id: unknown }>(
  query: () => Knex.QueryBuilder,
  { column = 'id', size = 500 }: { column?: string; size?: number } = {},
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = (await query().where(column, '>', after).orderBy(column).limit(size)) as T[];
    for (const row of rows) yield row;
    if (rows.length < size) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** A timestamp column as the ISO text workspace.json keeps (PGlite and pg give Date objects). */
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/** A row as workspace.json keeps it: every timestamp as ISO text, a bigint id (pg gives text) as it is written. */
export const recordRow = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
