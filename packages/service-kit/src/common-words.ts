import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { parseSearch, SEARCH_CONFIG, type ParsedSearch } from './search';

/**
 * A chat's retrieval (`any=1` of a domain search) drops the message's words that most notes
 * hold: in a workspace where every other note says "review", a passage sharing "review" and
 * "talk" with the message is not about it, and matching every pair of such words makes the
 * index return half the notes (docs/search.md#common-words). How common a word is comes from
 * the statistics ANALYZE keeps on each `search` column (`pg_stats.most_common_elems`, the
 * share of rows holding each frequent lexeme), so no note is read to learn it.
 */

/** A word in more than this share of a table's rows is common there. */
export const COMMON_SHARE = 0.25;
/** Statistics of fewer rows than this say little: below it no word counts as common. */
const MIN_ROWS = 1000;
/** How long a table's statistics are kept: ANALYZE changes them seldom. */
const STATS_TTL_MS = 10 * 60_000;

type Shares = Map<string, number>;

/** Per database handle (a test's database is not another's), per `schema.table`. */
const statsOf = new WeakMap<object, LRUCache<string, Shares>>();

/** The share of rows holding each frequent lexeme of `table`'s `search` column; empty without statistics. */
async function lexemeShares(db: Knex, table: string): Promise<Shares> {
  let cache = statsOf.get(db);
  if (!cache) statsOf.set(db, (cache = new LRUCache<string, Shares>({ max: 64, ttl: STATS_TTL_MS })));
  const known = cache.get(table);
  if (known) return known;
  const [schema = '', name = ''] = table.split('.');
  // most_common_elem_freqs ends with three summary numbers: only the first n pair with the n elements.
  const { rows } = (await db.raw(
    `select e.lexeme, e.share
       from pg_stats s
       join pg_class c on c.relname = s.tablename
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = s.schemaname
      cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) with ordinality as e(lexeme, share, i)
      where s.schemaname = ? and s.tablename = ? and s.attname = 'search'
        and c.reltuples >= ? and e.i <= array_length(s.most_common_elems::text::text[], 1)`,
    [schema, name, MIN_ROWS],
  )) as { rows: Array<{ lexeme: string; share: number }> };
  const shares: Shares = new Map(rows.map((r) => [r.lexeme, Number(r.share)]));
  cache.set(table, shares);
  return shares;
}

/** Each word's stem as the index holds it ("slipped" → "slip"); a stop word has none. */
async function stems(db: Knex, words: readonly string[]): Promise<Array<string | null>> {
  const { rows } = (await db.raw(
    `select (ts_lexize('${SEARCH_CONFIG}_stem', w))[1] as stem from unnest(?::text[]) with ordinality as t(w, i) order by i`,
    [[...words]],
  )) as { rows: Array<{ stem: string | null }> };
  return rows.map((r) => r.stem);
}

/**
 * `words` without those common in any of `tables` (schema-qualified), in their order; the two
 * rarest are kept when fewer would be left, so a message of common words still finds its pair.
 */
export async function distinctiveWords(db: Knex, words: readonly string[], tables: readonly string[]): Promise<string[]> {
  if (words.length <= 2) return [...words];
  const [allShares, wordStems] = await Promise.all([Promise.all(tables.map((t) => lexemeShares(db, t))), stems(db, words)]);
  const share = (i: number) => {
    const stem = wordStems[i];
    return stem ? Math.max(0, ...allShares.map((shares) => shares.get(stem) ?? 0)) : 0;
  };
  const scored = words.map((word, i) => ({ word, i, share: share(i) }));
  const kept = scored.filter((w) => w.share <= COMMON_SHARE);
  if (kept.length >= 2) return kept.map((w) => w.word);
  const rarest = [...scored].sort((a, b) => a.share - b.share || a.i - b.i).slice(0, 2);
  return rarest.sort((a, b) => a.i - b.i).map((w) => w.word);
}

/**
 * parseSearch with `any` for a chat's topic words, after dropping those common in `tables`:
 * what each domain search runs for `any=1`. A quoted phrase is left as typed (it is not a topic
 * word list), and so is a query whose statistics cannot be read.
 */
export async function parseTopicSearch(db: Knex, q: string, tables: readonly string[]): Promise<ParsedSearch | null> {
  const parsed = parseSearch(q, { any: true });
  if (!parsed || q.includes('"') || parsed.words.length <= 2) return parsed;
  try {
    const kept = await distinctiveWords(db, parsed.words, tables);
    return kept.length === parsed.words.length ? parsed : parseSearch(kept.join(' '), { any: true });
  } catch {
    return parsed;
  }
}
