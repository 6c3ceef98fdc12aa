import type { Knex } from 'knex';
import { SEARCH_LIMITS, type SearchGroup, type SearchKind, type SearchResult } from '@cc/contracts/search';
import {
  fuseGroup,
  headlineSql,
  nearest,
  rankSql,
  snippetOf,
  trigramSql,
  typoMatches,
  withinOneEdit,
  SEARCH_CONFIG,
  TOTAL_SQL,
} from '@cc/service-kit';
import type { Db, ParsedSearch } from '@cc/service-kit';

/**
 * The one shape of svc-coaching's searches (docs/search.md#coaching). Each module writes its
 * kinds' SQL over its own tables (planning/search.ts, coaching/search.ts) as a KindSql; this
 * runs it: full-text matches ranked by ts_rank_cd, generated-only matches at half their rank,
 * then, for titles, the one-typo matches full text missed. Nothing here logs the query.
 */

type Conn = Db | Knex.Transaction;

/**
 * What is embedded of a note after its title: its start. A model reads a few hundred words at
 * most, and a note is mostly about what it opens with (as svc-files embeds).
 */
export const EMBEDDED_CHARS = 4_000;

/** The schema whose `search_vectors` holds both modules' kinds (coaching/migrations/006_search_vectors). */
export const VECTOR_SCHEMA = 'coaching';

/** What every kind is asked (from `GET /coaching/search`). */
export interface KindAsk {
  userId: number;
  parsed: ParsedSearch;
  limit: number;
  /** Only the user's own words (`own=1`): a match only in generated text is left out. */
  own: boolean;
  /** Titles are also matched with one typo (not for `any=1`: a chat's topic words). */
  typos: boolean;
}

export interface KindSql {
  /** The `from` items: the searched table as `t`, and what it joins. */
  from: string;
  /** More conditions on the rows, and their bindings. */
  where?: { sql: string; bindings: Knex.RawBinding[] };
  /** The columns a result is built from (`t.title`, …); `row_id` and `updated_at` are added. */
  columns: string;
  /** When the row changed (default `t.updated_at`). */
  updatedAt?: string;
  /**
   * Whether `t.search` also holds generated text, at weight D: a match only there is the
   * product's (generated, half the rank, and left out by `own=1`). Weights A and B are the user's.
   */
  hasGenerated?: boolean;
  /**
   * The texts a snippet can be cut from, as SQL over the selected columns (`hit.<column>`), in
   * order of preference: the first that marks a match is shown.
   */
  texts: Array<{ sql: string; generated?: boolean }>;
  /** A title also matched with one typo (`t.title`: a GIN trigram index on its lower case). */
  title?: string;
  /** The row's result id as text (`t.id::text`), which is also its vector's object_id. */
  objectId: string;
}

/** A kind's search: its SQL and how a hit becomes a result. */
export interface KindSearch<Row> {
  kind: SearchKind;
  sql: KindSql;
  result(hit: Hit<Row>): SearchResult;
}

/**
 * What a kind's vector is made of (search-vectors.ts), written by the module that owns its
 * table: only the user's own words (a title, a description, their notes, their prompt), never
 * what the product generated. A vector cannot tell which of its words a query was near, so a
 * match by meaning is always the user's own (`generated: false`, kept by `own=1`).
 */
export interface EmbeddedKind {
  kind: SearchKind;
  /** The table as `t`, and what it joins (no bindings: it runs across users). */
  from: string;
  /** The object's id as text: its search result's id. */
  objectId: string;
  /** The text embedded, as SQL over `t`: '' when there is nothing to embed. */
  text: string;
  /** Which rows can have a vector, across users (default: all). */
  where?: string;
}

export interface Hit<Row> {
  row: Row & { row_id: number; updated_at: Date };
  generated: boolean;
  snippet: string;
  highlights: Array<[number, number]>;
}

/** The product's text ranks at half its match. */
const GENERATED_RANK = 0.5;
/** Typo candidates checked per kind: any page's worth, and bounded work. */
const TYPO_CANDIDATES = 100;
/** A text up to this long is marked whole (then clipped around its first match): ts_headline trims a fragment's edges. */
const WHOLE = 1000;

const QUERY = `to_tsquery('${SEARCH_CONFIG}', ?)`;
const OWN_MATCH = `ts_filter(t.search, '{a,b}') @@ q.query`;

/** A text marked whole when short, else the kit's headline around its best match. */
function markedSql(text: string, query: string): string {
  const whole = `ts_headline('${SEARCH_CONFIG}', translate(${text}, E'\\u0001\\u0002', ''), ${query}, 'HighlightAll=true, StartSel=\u0001, StopSel=\u0002')`;
  return `case when char_length(${text}) <= ${WHOLE} then ${whole} else ${headlineSql(text, query)} end`;
}

/** The kind's matches: how many in all, and the page (full text first, then typo-only titles). */
export async function searchKind<Row>(db: Db, ask: KindAsk, kind: KindSql): Promise<{ total: number; hits: Hit<Row>[] }> {
  const found = await fullText<Row>(db, ask, kind);
  // Typos are looked for only when full text finds less than a page: a word that matches is not
  // a typo, and reading every title for one costs more than the search. The candidates come from
  // the trigram index (`<%`, whose threshold createDb sets on every connection).
  const typos = kind.title && ask.typos && found.hits.length < ask.limit ? await typoOnly<Row>(db, ask, kind) : [];
  return { total: found.total + typos.length, hits: [...found.hits, ...typos].slice(0, ask.limit) };
}

async function fullText<Row>(db: Conn, ask: KindAsk, kind: KindSql): Promise<{ total: number; hits: Hit<Row>[] }> {
  const own = kind.hasGenerated ? OWN_MATCH : 'true';
  const marks = kind.texts.map((text, i) => `${markedSql(text.sql, 'hit.query')} as marked_${i}`).join(', ');
  // The page is chosen first; only its rows are headlined.
  const { rows } = await db.raw(
    `select hit.*, ${marks}
       from (select ${kind.columns}, t.id as row_id, ${kind.updatedAt ?? 't.updated_at'} as updated_at, q.query, ${own} as own_match,
                    ${rankSql('t.search', ask.parsed)} * (case when ${own} then 1 else ${GENERATED_RANK} end) as rank, ${TOTAL_SQL}
               from ${kind.from}, ${QUERY} as q(query)
              where t.user_id = ? and t.search @@ q.query ${ask.own ? `and ${own}` : ''} ${kind.where ? `and ${kind.where.sql}` : ''}
              order by rank desc, updated_at desc, t.id
              limit ?) hit
      order by hit.rank desc, hit.updated_at desc, hit.row_id`,
    [ask.parsed.tsquery, ask.userId, ...(kind.where?.bindings ?? []), ask.limit],
  );
  type FoundRow = Row & { row_id: number; updated_at: Date; own_match: boolean; total: string | number } & Record<string, unknown>;
  const hits = (rows as FoundRow[]).map((row) => {
    const generated = !row.own_match;
    const texts = kind.texts.map((text, i) => ({ ...text, shown: snippetOf(String(row[`marked_${i}`] ?? '')) }));
    // The user's words first when the match is theirs; never generated text for `own=1`.
    const allowed = texts.filter((t) => !(ask.own && t.generated));
    const ordered = generated ? [...allowed.filter((t) => t.generated), ...allowed.filter((t) => !t.generated)] : allowed;
    const best = ordered.find((t) => t.shown.highlights.length) ?? ordered.find((t) => t.shown.snippet) ?? ordered[0];
    return { row, generated, ...(best?.shown ?? { snippet: '', highlights: [] }) };
  });
  return { total: rows.length ? Number((rows as FoundRow[])[0]!.total) : 0, hits };
}

/**
 * Titles within one typo of the query that full text did not find: trigram candidates (the GIN
 * index on lower(title)), confirmed word by word with typoMatches. The user's own words.
 */
async function typoOnly<Row>(db: Conn, ask: KindAsk, kind: KindSql): Promise<Hit<Row>[]> {
  const text = ask.parsed.words.join(' ');
  const title = kind.title!;
  const { rows } = await db.raw(
    `select ${kind.columns}, t.id as row_id, ${kind.updatedAt ?? 't.updated_at'} as updated_at, ${title} as typo_title
       from ${kind.from}, ${QUERY} as q(query)
      where t.user_id = ? ${kind.where ? `and ${kind.where.sql}` : ''}
        and ${trigramSql(`lower(${title})`, '?')} and not (t.search @@ q.query)
      order by public.word_similarity(?, lower(${title})) desc, updated_at desc, t.id
      limit ${TYPO_CANDIDATES}`,
    [ask.parsed.tsquery, ask.userId, ...(kind.where?.bindings ?? []), text, text],
  );
  type TypoRow = Row & { row_id: number; updated_at: Date; typo_title: string };
  return (rows as TypoRow[])
    .filter((row) => typoMatches(ask.parsed.words, row.typo_title))
    .map((row) => ({ row, generated: false, ...typoSnippet(row.typo_title, ask.parsed.words) }));
}

const WORD = /[\p{L}\p{N}]+/gu;

/** A typo match's snippet: the title, the words the query reached (one edit away, or the start of one) marked. */
function typoSnippet(title: string, words: readonly string[]): Pick<SearchResult, 'snippet' | 'highlights'> {
  const long = words.filter((w) => w.length >= 3);
  let marked = '';
  let at = 0;
  for (const m of title.matchAll(WORD)) {
    const own = m[0].toLowerCase();
    const reached = long.some((w) => withinOneEdit(w, own) || (own.length > w.length && withinOneEdit(w, own.slice(0, w.length))));
    marked += title.slice(at, m.index) + (reached ? `\u0001${m[0]}\u0002` : m[0]);
    at = m.index + m[0].length;
  }
  return snippetOf(marked + title.slice(at), SEARCH_LIMITS.snippet);
}

/** Search by meaning for one request: the query's vector (or null: full text alone) and what to compare it with. */
export interface QueryMeaning {
  vector: number[] | null;
  model: string;
  /** The cosine a note's vector must reach to count (EMBEDDINGS_MIN_SIMILARITY). */
  minSimilarity: number;
  /** Any of the query's words, for marking a meaning-only match's snippet. */
  anyWords: string;
}

/** A row the nearest vectors found: its hit, and whether the full-text total already counts it. */
interface MeaningHit<Row> {
  hit: Hit<Row>;
  matched: boolean;
}

/**
 * The rows of these ids (of this user, still searchable: the kind's `where`), as hits with a
 * snippet of the user's own words: around the query's words when any is there, else the
 * start of the first non-empty text.
 */
async function hitsByIds<Row>(db: Db, ask: KindAsk, kind: KindSql, ids: string[], anyWords: string): Promise<Map<string, MeaningHit<Row>>> {
  const own = kind.hasGenerated ? OWN_MATCH : 'true';
  const texts = kind.texts.filter((t) => !t.generated);
  const marks = texts.map((text, i) => `${markedSql(text.sql, 'hit.query')} as marked_${i}`).join(', ');
  const { rows } = await db.raw(
    `select hit.*, ${marks}
       from (select ${kind.columns}, t.id as row_id, ${kind.updatedAt ?? 't.updated_at'} as updated_at, o.query,
                    ${kind.objectId} as object_id, t.search @@ q.query ${ask.own ? `and ${own}` : ''} as matched
               from ${kind.from}, ${QUERY} as q(query), ${QUERY} as o(query)
              where t.user_id = ? and ${kind.objectId} = any(?::text[]) ${kind.where ? `and ${kind.where.sql}` : ''}) hit`,
    [ask.parsed.tsquery, anyWords, ask.userId, ids, ...(kind.where?.bindings ?? [])],
  );
  type FoundRow = Row & { row_id: number; updated_at: Date; object_id: string; matched: boolean } & Record<string, unknown>;
  return new Map(
    (rows as FoundRow[]).map((row) => {
      const shown = texts.map((_, i) => snippetOf(String(row[`marked_${i}`] ?? '')));
      const best = shown.find((t) => t.highlights.length) ?? shown.find((t) => t.snippet) ?? { snippet: '', highlights: [] };
      return [row.object_id, { hit: { row, generated: false, ...best }, matched: row.matched }];
    }),
  );
}

/**
 * One kind's group: full text (searchKind, unchanged), then, with `meaning` and a query vector,
 * fused with the user's nearest vectors of that kind (reciprocal rank fusion; ties go to full
 * text) and cut to `limit`. `total` is the full-text total plus the nearest that full text does
 * not match. Without a vector (no model, a failure, too slow) the answer is full text's alone.
 */
export async function searchGroup<Row>(
  db: Db,
  ask: KindAsk,
  search: KindSearch<Row>,
  meaning?: Promise<QueryMeaning | null>,
): Promise<SearchGroup> {
  const { total, hits } = await searchKind<Row>(db, ask, search.sql);
  const group: SearchGroup = { kind: search.kind, total, results: hits.map((hit) => search.result(hit)) };
  const m = await meaning;
  if (!m?.vector) return group;
  const near = (
    await nearest(db, VECTOR_SCHEMA, { userId: ask.userId, kinds: [search.kind], model: m.model, vector: m.vector, limit: ask.limit })
  ).filter((r) => r.score >= m.minSimilarity);
  if (!near.length) return group;
  // Rows that still exist and are searchable (a vector may outlive its row until the next run).
  const found = await hitsByIds<Row>(
    db,
    ask,
    search.sql,
    near.map((r) => r.object_id),
    m.anyWords,
  );
  const ranked = near.flatMap((r) => {
    const one = found.get(r.object_id);
    return one ? [{ result: search.result(one.hit), matched: one.matched }] : [];
  });
  return fuseGroup(group, ranked, ask.limit);
}
