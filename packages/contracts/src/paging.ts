import { z } from 'zod';

/**
 * Lists that grow without bound are paged the same way (docs/api.md#paged-lists): optional
 * `limit` and `cursor` in the query; the answer keeps its documented keys and adds
 * `next_cursor`, the opaque cursor of the next page (null on the last page). Without either
 * parameter the answer is the whole list, exactly as documented. Cursors are keyset positions
 * (the sort key of the page's last row, encoded by the service kit's paging helper), so a page
 * never skips or repeats a row because others were added before it.
 */

export const PAGE_LIMIT_MAX = 200;
/** The page size when a request gives a `cursor` but no `limit`. */
export const PAGE_LIMIT_DEFAULT = 50;
/** Longer than any cursor a service writes (a base64url of a few sort-key values). */
export const CURSOR_MAX = 512;

export const PAGING_MESSAGES = {
  limitInvalid: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`,
  cursorInvalid: 'This cursor is not valid: ask for the first page again (without cursor).',
} as const;
const M = PAGING_MESSAGES;

/** In a query string every value is text: "50" and 50 are the same limit. */
export const limitField = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: M.limitInvalid },
  )
  .pipe(
    z
      .number({ error: M.limitInvalid })
      .int({ error: M.limitInvalid })
      .min(1, { error: M.limitInvalid })
      .max(PAGE_LIMIT_MAX, { error: M.limitInvalid }),
  )
  .meta({ description: `Page size, 1-${PAGE_LIMIT_MAX}. With it (or a cursor) the answer is one page and carries next_cursor.` });

export const cursorField = z
  .string({ error: M.cursorInvalid })
  .min(1, { error: M.cursorInvalid })
  .max(CURSOR_MAX, { error: M.cursorInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: M.cursorInvalid })
  .meta({ description: 'The next_cursor of the previous page, as it came (opaque).' });

/** `?limit=&cursor=`, both optional: the query of every paged list (extend it with the list's own keys). */
export const pageQuery = z.object({ limit: limitField.optional(), cursor: cursorField.optional() });
export type PageQuery = z.output<typeof pageQuery>;
/** What a client sends (the typed client and `useInfiniteQuery` take this). */
export type PageParams = z.input<typeof pageQuery>;

/** Whether a request asked for a page (else the answer is the whole documented list). */
export const wantsPage = (query: { limit?: unknown; cursor?: unknown }): boolean => query.limit !== undefined || query.cursor !== undefined;

export const nextCursorField = z
  .string()
  .nullable()
  .meta({ description: 'The cursor of the next page; null on the last one. Only in paged answers.' });

/** A documented list answer's keys, with `next_cursor` when it was asked for a page. */
export const pagedAnswer = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ ...shape, next_cursor: nextCursorField.optional() });
