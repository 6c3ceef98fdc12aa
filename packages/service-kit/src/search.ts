import type { Knex } from 'knex';
import type { SearchResult } from '@cc/contracts/search';
import { SEARCH_LIMITS } from '@cc/contracts/search';

/**
 * What every domain search shares (docs/search.md): the query a person types turned into a
 * Postgres tsquery (prefixes while typing, word forms through the English stemmer, quoted
 * phrases), a `ts_headline` whose marks become plain-text offsets, and the one-typo check for
 * names and titles. Each service writes its own SQL over its own tables with these.
 */

/** The text search configuration every index and query uses (an index built with another would not be used). */
export const SEARCH_CONFIG = 'english';

export interface ParsedSearch {
  /** For `to_tsquery('english', ?)`: `migr:* & (next <-> quarter)`. Only letters and digits reach it. */
  tsquery: string;
  /** With `any`: every word or'ed, what rankSql ranks by (how many of the words a row holds). */
  rankQuery?: string;
  /** The query's words, lower case, in order (phrases included): for the typo check. */
  words: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string): string[] => (text.toLowerCase().match(WORD) ?? []).slice(0, 32);

/**
 * Every word a prefix (`migr` finds "migration": the person is still typing), a quoted phrase its
 * words in order; all of them must match, or any two of them with `any` (`any=1` of a domain
 * search: a chat's retrieval). Null when nothing searchable is left ("?!").
 */
export function parseSearch(q: string, options: { any?: boolean } = {}): ParsedSearch | null {
  const parts: string[] = [];
  const words: string[] = [];
  const rest = q.replace(/"([^"]*)"/g, (_, phrase: string) => {
    const inPhrase = wordsOf(phrase);
    if (inPhrase.length === 1) parts.push(`${inPhrase[0]}`);
    else if (inPhrase.length > 1) parts.push(`(${inPhrase.join(' <-> ')})`);
    words.push(...inPhrase);
    return ' ';
  });
  for (const word of wordsOf(rest)) {
    parts.push(`${word}:*`);
    words.push(word);
  }
  if (!parts.length) return null;
  return options.any ? { tsquery: anyTwo(parts), rankQuery: parts.join(' | '), words } : { tsquery: parts.join(' & '), words };
}

/**
 * SQL of a row's score for `parsed` (its tsquery bound as `querySql`): cover density (with
 * `normalization`, ts_rank_cd's flags) for a query typed to find something; for `any`, ts_rank
 * by the words or'ed, since cover density over every pair of words costs some 40 µs a row and
 * a chat's topic words can match thousands.
 */
export function rankSql(vectorSql: string, parsed: ParsedSearch, querySql = 'q.query', normalization?: number): string {
  if (parsed.rankQuery) return `ts_rank(${vectorSql}, to_tsquery('${SEARCH_CONFIG}', '${parsed.rankQuery.replace(/'/g, "''")}'))`;
  return `ts_rank_cd(${vectorSql}, ${querySql}${normalization === undefined ? '' : `, ${normalization}`})`;
}

/**
 * `any`: a chat's topic words, where a note sharing one common word ("team") with the message
 * is not about it. Any two of them must match (every pair, or'ed: the GIN index still answers
 * it), so the rows ranked are the few that share two, not every note holding one.
 */
function anyTwo(parts: string[]): string {
  if (parts.length < 2) return parts.join('');
  const pairs: string[] = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) pairs.push(`(${parts[i]} & ${parts[j]})`);
  return pairs.join(' | ');
}

/** Marks ts_headline puts around a match: control characters a note never holds (they are stripped from it first). */
const START = '\u0001';
const STOP = '\u0002';

/**
 * SQL for a headline of `documentSql` (an expression of the row) around the best match of the
 * tsquery bound as `querySql`: one fragment of about 35 words, the matches marked.
 */
export function headlineSql(documentSql: string, querySql: string): string {
  const clean = `translate(${documentSql}, E'\\u0001\\u0002', '')`;
  return `ts_headline('${SEARCH_CONFIG}', ${clean}, ${querySql}, 'MaxFragments=1, MaxWords=35, MinWords=15, ShortWord=0, StartSel=${START}, StopSel=${STOP}, FragmentDelimiter=" … "')`;
}

/** Markdown a snippet does not show: heading and quote marks, emphasis, task boxes, a link's target. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(^|\s)\[[ xX]\](?=\s)/g, '$1')
    .replace(/(^|\s)(#{1,6}|>|[-*+]|\d+\.)(?=\s)/g, '$1')
    .replace(/[*_`~]+/g, '');
}

/** A line's end after a word (not after punctuation, nor inside a mark's start). */
const LINE_END = new RegExp(`([^\\s.!?:;,…${START}])[ \\t]*\\r?\\n+`, 'gu');

/**
 * A marked headline (or a whole text marked) as the answer's `snippet` and `highlights`: plain
 * text on one line, at most 240 characters, starting at most LEAD characters before the first
 * match (cut on a sentence's start or a word boundary), with the matches' offsets.
 */
export function snippetOf(marked: string, max: number = SEARCH_LIMITS.snippet): Pick<SearchResult, 'snippet' | 'highlights'> {
  // A line that ends without punctuation (a heading, a list item) ends a sentence: on one line,
  // "# Billing migration" and the paragraph under it read "Billing migration. The database…".
  marked = marked.replace(LINE_END, '$1.\n');
  let text = '';
  const highlights: Array<[number, number]> = [];
  const segments = marked.split(START);
  segments.forEach((segment, i) => {
    const stop = i === 0 ? -1 : segment.indexOf(STOP);
    const matched = stop >= 0 ? segment.slice(0, stop) : '';
    const after = stop >= 0 ? segment.slice(stop + 1) : segment;
    if (matched) {
      const word = plain(matched).replace(/\s+/g, ' ');
      const start = text.length;
      text += word;
      if (word.trim()) highlights.push([start, text.length]);
    }
    text += plain(after).replace(/\s+/g, ' ');
  });
  // Whitespace collapsed across segments, then trimmed: offsets shift with it.
  return clip(text, highlights, max);
}

/**
 * The most text a snippet shows before its first match. The search palette shows two lines of a
 * snippet (about 90 characters on a phone): a short note shown whole from its start, or cut with
 * a third of it before the match, hid a match in its last sentence behind the cut.
 */
const LEAD = 50;
/** A sentence's end, as it reads on one line (a heading or a list item ends with "." by now). */
const SENTENCE_END = /[.!?…]/;

/** Where the snippet starts: the first sentence that starts at most LEAD before the first match, else a word boundary there. */
function leadStart(text: string, first: number): number {
  if (first <= LEAD) return 0;
  const earliest = first - LEAD;
  for (let i = earliest; i <= first; i++) if (text[i - 1] === ' ' && SENTENCE_END.test(text[i - 2] ?? '')) return i;
  const space = text.indexOf(' ', earliest);
  return space >= 0 && space < first ? space + 1 : earliest;
}

function clip(raw: string, marks: Array<[number, number]>, max: number): Pick<SearchResult, 'snippet' | 'highlights'> {
  // Collapse runs of spaces that span segment joins, keeping offsets right.
  let text = '';
  const map: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === ' ' && (text.length === 0 || text.endsWith(' '))) {
      map.push(text.length);
      continue;
    }
    map.push(text.length);
    text += ch;
  }
  map.push(text.length);
  let highlights = marks.map(([s, e]) => [map[s], map[e]] as [number, number]).filter(([s, e]) => e > s);
  const trailing = text.endsWith(' ') ? 1 : 0;
  text = text.slice(0, text.length - trailing);
  const first = highlights[0]?.[0] ?? 0;
  if (text.length <= max && first <= LEAD) return { snippet: text, highlights: highlights.map(([s, e]) => [s, Math.min(e, text.length)]) };

  const ellipsis = '…';
  const start = leadStart(text, first);
  const room = max - (start > 0 ? 1 : 0) - 1;
  let end = Math.min(text.length, start + room);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const prefix = start > 0 ? ellipsis : '';
  const suffix = end < text.length ? ellipsis : '';
  const snippet = `${prefix}${text.slice(start, end).trimEnd()}${suffix}`;
  const shift = prefix.length - start;
  highlights = highlights
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]) => [s + shift, e + shift] as [number, number])
    .filter(([, e]) => e <= snippet.length);
  return { snippet, highlights };
}

/** Whether two words are at most one edit apart (insert, delete, replace or swap of neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/**
 * A name or title a query reaches with at most one typo per word: every query word of three or
 * more letters is one edit from a word of the text (or from the start of one, while typing).
 */
export function typoMatches(words: readonly string[], text: string): boolean {
  const own = wordsOf(text);
  const long = words.filter((w) => w.length >= 3);
  if (!long.length) return false;
  return long.every((w) => own.some((o) => withinOneEdit(w, o) || (o.length > w.length && withinOneEdit(w, o.slice(0, w.length)))));
}

/** The least word similarity (pg_trgm) of a one-typo candidate: "lovelase" and "Ada Lovelace" are 0.5. */
export const TYPO_SIMILARITY = 0.3;

/**
 * SQL that keeps the rows whose `textSql` is close to the query by trigrams: the candidates
 * typoMatches then confirms. It is the `<%` operator, which a GIN `gin_trgm_ops` index on the
 * same expression serves (a word_similarity() call is not). Its threshold, TYPO_SIMILARITY, is
 * set on every connection createDb opens.
 */
export function trigramSql(textSql: string, querySql: string): string {
  return `${querySql}::text operator(public.<%) ${textSql}`;
}

/**
 * Creates an extension the searches need (pg_trgm) in `public`, where every service's queries
 * find it. Services migrating at once may race to create it: the loser's error is harmless. In a
 * migration (a transaction) it runs in a savepoint, so that error does not abort the migration.
 */
export async function ensureExtension(db: Knex, name: 'pg_trgm'): Promise<void> {
  try {
    await db.transaction((trx) => trx.raw(`create extension if not exists ${name} schema public`));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw error;
  }
}

/** `count(*) over ()` normalised: every row of a kind's page carries how many matched in all. */
export const TOTAL_SQL = 'count(*) over () as total';
