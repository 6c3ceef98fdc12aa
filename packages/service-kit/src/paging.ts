/**
 * Keyset paging, the one way every service pages a list (docs/api.md#paged-lists). A cursor is
 * the base64url of the sort key of a page's last row (its sort columns, the id last so the key
 * is unique); the next page is the rows after that key in the list's order. No OFFSET: a page
 * costs the same at the end of a long list as at its start, when the query has an index on
 * (user_id, the sort columns).
 *
 *   const page = pageFrom(query, z.tuple([intKey, intKey]));         // undefined: the whole list
 *   const k = keyset(page, ['position', 'id']);
 *   const rows = await db.raw(`… where user_id = ? and ${k.where} order by ${k.orderBy} limit ?`, [userId, ...k.bindings, k.limit]);
 *   const { items, next_cursor } = pageOf(rows, page, (r) => [r.position, r.id]);
 */
import { PAGE_LIMIT_DEFAULT, PAGING_MESSAGES, PG_INT_MAX, type PageQuery } from '@cc/contracts';
import { z } from 'zod';
import { HttpError } from './errors';

export type SortValue = string | number | boolean;
export type SortKey = readonly SortValue[];

/** One page asked for: its size and the sort key it starts after (none: the first page). */
export interface Page<K extends SortKey = SortKey> {
  limit: number;
  after: K | undefined;
}

/** A sort-key value that Postgres compares with an int4 column (a position, an id). */
export const intKey = z
  .number()
  .int()
  .min(-PG_INT_MAX - 1)
  .max(PG_INT_MAX);
/** A bigint id (bigIncrements) as JSON carries it exactly. */
export const bigIdKey = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The sort key of a cursor, checked against the list's key schema: a cursor that was not
 * written by this list (edited, truncated, another list's) is a 422, never a query error.
 */
export function decodeCursor<S extends z.ZodType<SortKey>>(cursor: string, key: S): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = key.safeParse(value);
  if (!parsed.success) throw new HttpError(422, [PAGING_MESSAGES.cursorInvalid]);
  return parsed.data;
}

/** The page a request asks for, or undefined when it gave neither `limit` nor `cursor` (the whole list). */
export function pageFrom<S extends z.ZodType<SortKey>>(query: PageQuery, key: S): Page<z.output<S>> | undefined {
  if (query.limit === undefined && query.cursor === undefined) return undefined;
  return {
    limit: query.limit ?? PAGE_LIMIT_DEFAULT,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor, key),
  };
}

/** The SQL parts of a keyset read: `where` (with its `bindings`), `orderBy`, and `limit` (null: no limit). */
export interface Keyset {
  where: string;
  bindings: SortValue[];
  orderBy: string;
  limit: number | null;
}

/**
 * `columns` are SQL expressions written in code (never user input), in sort order, all in one
 * `direction`, the last one unique (the id). One row more than the page is read: it says
 * whether there is a next page.
 */
export function keyset(page: Page | undefined, columns: readonly string[], direction: 'asc' | 'desc' = 'asc'): Keyset {
  const orderBy = columns.map((c) => `${c} ${direction}`).join(', ');
  if (!page) return { where: 'true', bindings: [], orderBy, limit: null };
  const after = page.after;
  if (after && after.length !== columns.length) throw new Error(`keyset: a key of ${after.length} values for ${columns.length} columns`);
  return {
    where: after ? `(${columns.join(', ')}) ${direction === 'asc' ? '>' : '<'} (${columns.map(() => '?').join(', ')})` : 'true',
    bindings: after ? [...after] : [],
    orderBy,
    limit: page.limit + 1,
  };
}

/**
 * The rows of the page (the extra row dropped) and the cursor of the next page: null on the
 * last page, undefined when no page was asked for (so an answer that spreads it is exactly the
 * documented one: JSON leaves the key out).
 */
export function pageOf<T>(rows: T[], page: Page, keyOf: (row: T) => SortKey): { items: T[]; next_cursor: string | null };
export function pageOf<T>(
  rows: T[],
  page: Page | undefined,
  keyOf: (row: T) => SortKey,
): { items: T[]; next_cursor: string | null | undefined };
export function pageOf<T>(
  rows: T[],
  page: Page | undefined,
  keyOf: (row: T) => SortKey,
): { items: T[]; next_cursor: string | null | undefined } {
  if (!page) return { items: rows, next_cursor: undefined };
  if (rows.length <= page.limit) return { items: rows, next_cursor: null };
  const items = rows.slice(0, page.limit);
  return { items, next_cursor: encodeCursor(keyOf(items[items.length - 1]!)) };
}
