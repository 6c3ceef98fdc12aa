import type { Knex } from 'knex';
import { SEARCH_LIMITS, type SearchResult } from '@cc/contracts/search';
import {
  headlineSql,
  rankSql,
  snippetOf,
  trigramSql,
  typoMatches,
  withinOneEdit,
  withTypoThreshold,
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
  const run = async (conn: Conn) => {
    const found = await fullText<Row>(conn, ask, kind);
    const typos = kind.title && ask.typos ? await typoOnly<Row>(conn, ask, kind) : [];
    return { total: found.total + typos.length, hits: [...found.hits, ...typos].slice(0, ask.limit) };
  };
  if (!kind.title || !ask.typos) return run(db);
  return withTypoThreshold(db, run);
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
