/** Tests of paged lists (docs/api.md#paged-lists): read a list page by page as a client would. */
import type { TestClient } from './testing';

export interface ReadPages<T> {
  /** Every page's items, joined in the order the pages came. */
  items: T[];
  /** How many items each page held. */
  sizes: number[];
}

/**
 * Follows `next_cursor` from the first page until it is null. Fails when a page is not a 200,
 * has no `next_cursor` key, or the pages do not end (more pages than `maxPages`).
 */
export async function readPages<T>(
  client: TestClient,
  path: string,
  limit: number,
  itemsOf: (body: any) => T[], // eslint-disable-line @typescript-eslint/no-explicit-any -- each list's answer has its own key
  maxPages = 1000,
): Promise<ReadPages<T>> {
  const items: T[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
    const res = await client.get(url);
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    const next = (res.body as { next_cursor?: unknown }).next_cursor;
    if (next !== null && typeof next !== 'string') throw new Error(`GET ${url}: next_cursor is ${JSON.stringify(next)}`);
    const page = itemsOf(res.body);
    items.push(...page);
    sizes.push(page.length);
    if (sizes.length > maxPages) throw new Error(`GET ${path}: more than ${maxPages} pages`);
    cursor = next;
  } while (cursor !== null);
  return { items, sizes };
}
