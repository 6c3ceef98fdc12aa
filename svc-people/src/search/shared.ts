import type { Knex } from 'knex';
import { SEARCH_DOMAINS, type SearchGroup, type SearchKind, type SearchResult } from '@cc/contracts/search';
import { snippetOf, trigramSql, typoMatches, withinOneEdit, SEARCH_CONFIG } from '@cc/service-kit';
import type { Db, ParsedSearch } from '@cc/service-kit';

// What every kind's search shares: the ask, the snippet choice and the typo rows.

export type Conn = Db | Knex.Transaction;
export type PeopleKind = (typeof SEARCH_DOMAINS.people)[number];

export interface Ask {
  userId: number;
  parsed: ParsedSearch;
  limit: number;
  /** Only the user's own words (`own=1`): no research, no statement the user has not verified. */
  own: boolean;
  /** Whether names and titles are also matched with one typo (not for `any`: a chat's topic words). */
  typos: boolean;
}

/** Typo candidates checked per kind: any page's worth, and bounded work. */
const TYPO_CANDIDATES = 100;
/** Product-written text (research, statements not verified) ranks at half its match. */
export const GENERATED_WEIGHT = 0.5;

export const QUERY = `to_tsquery('${SEARCH_CONFIG}', ?)`;
/** Joins text columns in SQL, one per line. */
export const NL = ` || E'\\n' || `;

export const empty = (kind: SearchKind): SearchGroup => ({ kind, total: 0, results: [] });

/** A text short enough to be the snippet whole (the SQL sends a body only under this many characters). */
const WHOLE = 1000;
export const wholeSql = (text: string) => `case when char_length(${text}) <= ${WHOLE} then ${text} end`;

const START = '\u0001';
const STOP = '\u0002';
const unmarked = (text: string) => text.replaceAll(START, '').replaceAll(STOP, '');

/**
 * A headline's snippet, taken from the whole text when the SQL sent it: ts_headline trims short
 * words and punctuation at a fragment's edges ("led the billing migration" for "I led the billing
 * migration."), which a text of a line or two does not need. The fragment's marks are put back
 * in the whole text, and the kit cuts it as any marked text (the first match near its start).
 */
export function shown(marked: string | null, text: string | null): Pick<SearchResult, 'snippet' | 'highlights'> {
  if (marked === null || text === null || !marked.includes(START)) return snippetOf(marked ?? '');
  const whole = unmarked(text);
  const fragment = unmarked(marked);
  const at = whole.indexOf(fragment);
  if (at < 0) return snippetOf(marked);
  return snippetOf(`${whole.slice(0, at)}${marked}${whole.slice(at + fragment.length)}`);
}

/** The body's headline when it marks a match, else the title's (only the name or title matched). */
export function snippet(
  markedBody: string | null,
  body: string | null,
  markedTitle: string,
  title: string,
): Pick<SearchResult, 'snippet' | 'highlights'> {
  const fromBody = shown(markedBody, body);
  if (fromBody.highlights.length) return fromBody;
  const fromTitle = shown(markedTitle, title);
  return fromTitle.highlights.length || !fromBody.snippet ? fromTitle : fromBody;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** A typo match's snippet: the title, its words the query reached (one edit away, or the start of one) marked. */
export function typoSnippet(title: string, words: readonly string[]): Pick<SearchResult, 'snippet' | 'highlights'> {
  const long = words.filter((w) => w.length >= 3);
  const highlights: Array<[number, number]> = [];
  for (const m of title.matchAll(WORD)) {
    const own = m[0].toLowerCase();
    const reached = long.some((w) => withinOneEdit(w, own) || (own.length > w.length && withinOneEdit(w, own.slice(0, w.length))));
    if (reached) highlights.push([m.index, m.index + m[0].length]);
  }
  return { snippet: title, highlights };
}

export interface TypoRow {
  id: number;
  title: string;
  updated_at: Date;
}

/**
 * Names or titles within one typo of the query that full text did not find: trigram
 * candidates (the GIN index on lower(column)), confirmed word by word with typoMatches. Asked
 * only when full text finds less than a page: a word that matches is not a typo.
 */
export async function typoRows(db: Conn, ask: Ask, table: string, column: string, notAlso = ''): Promise<TypoRow[]> {
  if (!ask.typos) return [];
  const text = ask.parsed.words.join(' ');
  const { rows } = await db.raw(
    `select t.id, t.${column} as title, t.updated_at
       from ${table} t, ${QUERY} as q(query)
      where t.user_id = ? and ${trigramSql(`lower(t.${column})`, '?')} and not (t.search @@ q.query) ${notAlso}
      order by public.word_similarity(?, lower(t.${column})) desc, t.updated_at desc, t.id
      limit ${TYPO_CANDIDATES}`,
    [ask.parsed.tsquery, ask.userId, text, text],
  );
  return (rows as TypoRow[]).filter((r) => typoMatches(ask.parsed.words, r.title));
}

/** Full-text results first (ranked), then the typo-only ones, at most `limit`. */
export function group(
  kind: SearchKind,
  found: { total: number; results: SearchResult[] },
  typos: SearchResult[],
  limit: number,
): SearchGroup {
  const results = [...found.results, ...typos].slice(0, limit);
  return { kind, total: found.total + typos.length, results };
}
