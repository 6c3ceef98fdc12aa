import { domainKinds, longDate, SEARCH_LIMITS, type SearchGroup, type SearchKind, type SearchResult } from '@cc/contracts';
import { fileAddress, journalAddress } from '@cc/contracts/addresses';
import {
  fuseGroup,
  headlineSql,
  nearest,
  rankSql,
  iso,
  parseSearch,
  parseTopicSearch,
  snippetOf,
  toInt,
  trigramSql,
  typoMatches,
  withinOneEdit,
  type Db,
  queryVector,
  type MeaningMatch,
  type MeaningSearch,
  type ParsedSearch,
} from '@cc/service-kit';
import { fileNotesSql, nameWordsSql, SEARCHED_CHARS } from './migrations/006_search';
import { SCHEMA } from './search-vectors';
import { T } from './tables';

/**
 * `GET /files/search` (docs/search.md#files-and-journal): the user's files and journal entries
 * matching a query, by full text over the stored `search` columns (migration 006) and, for
 * file names, with one typo (pg_trgm candidates, confirmed by the kit's typoMatches). Every
 * query is scoped by user_id.
 */

export interface FilesSearchInput {
  q: string;
  kinds?: readonly SearchKind[] | undefined;
  limit: number;
  /** Leave out what the product generated (a chat's retrieval cites only the user's own words). */
  own?: boolean | undefined;
  /** Any word may match rather than all. */
  any?: boolean | undefined;
}

/** Typo candidates read per search: names the trigrams find but typoMatches may still refuse. */
const TYPO_CANDIDATES = 100;
/** What the product generated ranks at half its score, below the user's own words. */
const GENERATED_WEIGHT = 0.5;

/** Whether a file is a document the product generated: the stored column of migration 007 (`isGeneratedDocument`). */
const generatedSql = (f: string) => `${f}.is_generated`;

/** What a file's snippet is cut from: its content, then its notes (the slices the index reads). */
const fileBodySql = (f: string) => `left(${f}.content, ${SEARCHED_CHARS.content}) || E'\\n\\n' || ${fileNotesSql(`${f}.`)}`;

/** Marks around the words of a name the query matches, the whole name kept (same length: offsets carry over). */
const START = '\u0001';
const STOP = '\u0002';
const nameMarksSql = (name: string, query: string) =>
  `ts_headline('english', ${nameWordsSql(`translate(${name}, E'\\u0001\\u0002', '  ')`)}, ${query}, 'HighlightAll=true, StartSel=${START}, StopSel=${STOP}')`;

/** A score of full-text matches: cover density, plus one when the name alone matches (name matches first). */
const scoreSql = (f: string, parsed: ParsedSearch, query: string) =>
  `(${rankSql(`${f}.search`, parsed, query, 32)} + (ts_filter(${f}.search, '{a}') @@ ${query})::int)`;

type Highlights = SearchResult['highlights'];

/** The offsets of marked spans in a marked text, and the text without its marks. */
function unmark(marked: string): { text: string; highlights: Highlights } {
  let text = '';
  let start = -1;
  const highlights: Highlights = [];
  for (const ch of marked) {
    if (ch === START) start = text.length;
    else if (ch === STOP) {
      if (start >= 0 && text.length > start) highlights.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, highlights };
}

/** A name as a snippet: itself (cut to the snippet's length), with the given marks. */
function nameSnippet(name: string, highlights: Highlights): Pick<SearchResult, 'snippet' | 'highlights'> {
  const max = SEARCH_LIMITS.snippet;
  if (name.length <= max) return { snippet: name, highlights };
  const snippet = `${name.slice(0, max - 1)}…`;
  return { snippet, highlights: highlights.filter(([, e]) => e <= max - 1) };
}

/** The words of a name one typo from a query word (or from the start of one, while typing). */
function typoHighlights(words: readonly string[], name: string): Highlights {
  const long = words.filter((w) => w.length >= 3);
  const marks: Highlights = [];
  for (const m of name.matchAll(/[\p{L}\p{N}]+/gu)) {
    const own = m[0].toLowerCase();
    const near = long.some((w) => withinOneEdit(w, own) || (own.length > w.length && withinOneEdit(w, own.slice(0, w.length))));
    if (near) marks.push([m.index, m.index + m[0].length]);
  }
  return marks;
}

interface FileRow {
  id: number;
  folder: string;
  name: string;
  updated_at: Date | string;
  generated: boolean;
}

const fileResult = (row: FileRow, text: Pick<SearchResult, 'snippet' | 'highlights'>): SearchResult => ({
  kind: 'file',
  id: String(row.id),
  title: row.name,
  ...text,
  url: fileAddress(row.folder, row.name),
  updated_at: iso(row.updated_at),
  generated: row.generated,
});

/**
 * Files: full-text matches (name, content, notes) by score, then names one typo away. A
 * match's snippet is cut from the body around the best match, or is the name when only the
 * name matched.
 */
async function searchFileKind(
  db: Db,
  userId: number,
  parsed: ParsedSearch,
  limit: number,
  own: boolean,
  withTypos: boolean,
): Promise<SearchGroup> {
  const ownOnly = own ? 'and not g.generated' : '';
  const { rows } = await db.raw(
    `select m.id, fo.name as folder, f.name, f.updated_at, m.generated, m.total,
            ${headlineSql(fileBodySql('f'), 'q.query')} as body_marked,
            ${nameMarksSql('f.name', 'q.query')} as name_marked
       from (
         select f.id, f.updated_at, g.generated,
                ${scoreSql('f', parsed, 'q.query')} * (case when g.generated then ${GENERATED_WEIGHT} else 1 end) as score,
                count(*) over () as total
           from ${T.files} f
          cross join to_tsquery('english', ?) as q(query)
          cross join lateral (select ${generatedSql('f')} as generated) g
          where f.user_id = ? and f.search @@ q.query ${ownOnly}
          order by score desc, f.updated_at desc, f.id
          limit ?
       ) m
       join ${T.files} f on f.id = m.id
       join ${T.folders} fo on fo.id = f.folder_id
      cross join to_tsquery('english', ?) as q(query)
      order by m.score desc, m.updated_at desc, m.id`,
    [parsed.tsquery, userId, limit, parsed.tsquery],
  );
  const exact = rows as (FileRow & { total: unknown; body_marked: string; name_marked: string })[];
  const results = exact.map((row) => {
    if (row.body_marked.includes(START)) return fileResult(row, snippetOf(row.body_marked));
    const { text, highlights } = unmark(row.name_marked);
    return fileResult(row, nameSnippet(row.name, text.length === row.name.length ? highlights : []));
  });

  // Names one typo away only when full text finds less than a page (a word that matches is not a
  // typo), and never for a chat's retrieval (the words it has, not names one edit from them).
  const typos = withTypos && exact.length < limit ? await typoFiles(db, userId, parsed, ownOnly) : [];

  const total = toInt(exact[0]?.total) + typos.length;
  for (const row of typos.slice(0, Math.max(0, limit - results.length))) {
    results.push(fileResult(row, nameSnippet(row.name, typoHighlights(parsed.words, row.name))));
  }
  return { kind: 'file', total, results };
}

/**
 * Files whose name is one typo from the query and that full text did not find: trigram
 * candidates over the name index (the threshold set for this transaction), kept when every
 * query word is one edit from a word of the name.
 */
async function typoFiles(db: Db, userId: number, parsed: ParsedSearch, ownOnly: string): Promise<FileRow[]> {
  if (!parsed.words.some((w) => w.length >= 3)) return [];
  const text = parsed.words.join(' ');
  const { rows } = await db.raw(
    `select f.id, fo.name as folder, f.name, f.updated_at, g.generated
       from ${T.files} f
       join ${T.folders} fo on fo.id = f.folder_id
      cross join to_tsquery('english', ?) as q(query)
      cross join lateral (select ${generatedSql('f')} as generated) g
      where f.user_id = ? and ${trigramSql('lower(f.name)', '?')} and not (f.search @@ q.query) ${ownOnly}
      order by public.word_similarity(?, lower(f.name)) * (case when g.generated then ${GENERATED_WEIGHT} else 1 end) desc,
               f.updated_at desc, f.id
      limit ${TYPO_CANDIDATES}`,
    [parsed.tsquery, userId, text, text],
  );
  return (rows as FileRow[]).filter((row) => typoMatches(parsed.words, row.name));
}

/** A journal day as the journal page writes it (its tab's "Journal – " and its heading's long date). */
export const journalDayTitle = (date: string): string => `Journal – ${longDate(date, 'en-GB')}`;

/** Journal entries: full text over the entry, by score. Only the user writes them: never generated. */
async function searchJournalKind(db: Db, userId: number, parsed: ParsedSearch, limit: number): Promise<SearchGroup> {
  const { rows } = await db.raw(
    `select to_char(j.date, 'YYYY-MM-DD') as date, j.updated_at, m.total,
            ${headlineSql(`left(j.content, ${SEARCHED_CHARS.content})`, 'q.query')} as marked
       from (
         select j.id, j.date, j.updated_at, ${rankSql('j.search', parsed, 'q.query', 32)} as score, count(*) over () as total
           from ${T.journal_entries} j
          cross join to_tsquery('english', ?) as q(query)
          where j.user_id = ? and j.search @@ q.query
          order by score desc, j.updated_at desc, j.date
          limit ?
       ) m
       join ${T.journal_entries} j on j.id = m.id
      cross join to_tsquery('english', ?) as q(query)
      order by m.score desc, m.updated_at desc, m.date`,
    [parsed.tsquery, userId, limit, parsed.tsquery],
  );
  const found = rows as { date: string; updated_at: Date | string; total: unknown; marked: string }[];
  return {
    kind: 'journal',
    total: toInt(found[0]?.total),
    results: found.map((row) => ({
      kind: 'journal',
      id: row.date,
      title: journalDayTitle(row.date),
      ...snippetOf(row.marked),
      url: journalAddress(row.date),
      updated_at: iso(row.updated_at),
      generated: false,
    })),
  };
}

/** The start of a note shown for a match by meaning alone, when none of the query's words is in it. */
const BODY_START_CHARS = 600;

/** Its snippet: around the query's words when any is in it (marked), else the body's start, else the title. */
function meaningSnippet(marked: string | null, bodyStart: string, title: string): Pick<SearchResult, 'snippet' | 'highlights'> {
  if (marked?.includes(START)) return snippetOf(marked);
  if (bodyStart.trim()) return snippetOf(bodyStart);
  return nameSnippet(title, []);
}

/** The found files (of this user: the ids come from their vectors, the rows from their table), by id. */
async function meaningFiles(
  db: Db,
  userId: number,
  ids: string[],
  parsed: ParsedSearch,
  anyWords: string,
): Promise<Map<string, MeaningMatch>> {
  const { rows } = await db.raw(
    `select f.id, fo.name as folder, f.name, f.updated_at, ${generatedSql('f')} as generated,
            f.search @@ q.query as matched,
            case when f.search @@ o.query then ${headlineSql(fileBodySql('f'), 'o.query')} end as marked,
            left(${fileBodySql('f')}, ${BODY_START_CHARS}) as body_start
       from ${T.files} f
       join ${T.folders} fo on fo.id = f.folder_id
      cross join to_tsquery('english', ?) as q(query)
      cross join to_tsquery('english', ?) as o(query)
      where f.user_id = ? and f.id = any(?::int[])`,
    [parsed.tsquery, anyWords, userId, ids.map(Number)],
  );
  const found = rows as (FileRow & { matched: boolean; marked: string | null; body_start: string })[];
  return new Map(
    found.map((row) => [
      String(row.id),
      { result: fileResult(row, meaningSnippet(row.marked, row.body_start, row.name)), matched: row.matched },
    ]),
  );
}

/** The found journal days (of this user, with some text), by day. */
async function meaningJournal(
  db: Db,
  userId: number,
  ids: string[],
  parsed: ParsedSearch,
  anyWords: string,
): Promise<Map<string, MeaningMatch>> {
  const { rows } = await db.raw(
    `select to_char(j.date, 'YYYY-MM-DD') as date, j.updated_at, j.search @@ q.query as matched,
            case when j.search @@ o.query then ${headlineSql(`left(j.content, ${SEARCHED_CHARS.content})`, 'o.query')} end as marked,
            left(j.content, ${BODY_START_CHARS}) as body_start
       from ${T.journal_entries} j
      cross join to_tsquery('english', ?) as q(query)
      cross join to_tsquery('english', ?) as o(query)
      where j.user_id = ? and j.date = any(?::date[]) and btrim(j.content, E' \\t\\r\\n') <> ''`,
    [parsed.tsquery, anyWords, userId, ids],
  );
  const found = rows as { date: string; updated_at: Date | string; matched: boolean; marked: string | null; body_start: string }[];
  return new Map(
    found.map((row) => {
      const title = journalDayTitle(row.date);
      const result: SearchResult = {
        kind: 'journal',
        id: row.date,
        title,
        ...meaningSnippet(row.marked, row.body_start, title),
        url: journalAddress(row.date),
        updated_at: iso(row.updated_at),
        generated: false,
      };
      return [row.date, { result, matched: row.matched }];
    }),
  );
}

/**
 * One kind's full-text group fused with the user's nearest notes of that kind (reciprocal rank
 * fusion; ties go to full text). A note found by meaning alone gets its own result; `total` is
 * the full-text total plus those among the nearest that full text does not match.
 */
async function withMeaning(
  db: Db,
  userId: number,
  group: SearchGroup,
  vector: number[],
  meaning: MeaningSearch,
  { parsed, anyWords, limit, own }: { parsed: ParsedSearch; anyWords: string; limit: number; own: boolean },
): Promise<SearchGroup> {
  const near = (await nearest(db, SCHEMA, { userId, kinds: [group.kind], model: meaning.embedder.model, vector, limit })).filter(
    (r) => r.score >= meaning.minSimilarity,
  );
  if (!near.length) return group;
  const ids = near.map((r) => r.object_id);
  const rows =
    group.kind === 'file' ? await meaningFiles(db, userId, ids, parsed, anyWords) : await meaningJournal(db, userId, ids, parsed, anyWords);
  // Notes that still exist (a vector may outlive its note until the next run), the user's own
  // only with `own`; generated documents at half their similarity, as in full text.
  const ranked = near
    .flatMap((r) => {
      const row = rows.get(r.object_id);
      if (!row || (own && row.result.generated)) return [];
      return [{ key: r.object_id, row, score: r.score * (row.result.generated ? GENERATED_WEIGHT : 1) }];
    })
    .sort((a, b) => b.score - a.score);
  return fuseGroup(
    group,
    ranked.map((r) => r.row),
    limit,
  );
}

/**
 * The groups of the kinds asked (file, journal; both when none are), in SEARCH_KINDS order,
 * each with how many match and at most `limit` results. A query with nothing searchable in it
 * ("?!") answers every group empty. With `meaning` (EMBEDDINGS_MODEL set), the query is embedded
 * once, beside the full-text queries, and each kind's ranking is fused with the nearest vectors;
 * without it, or when the model fails or is slow, the answer is full text's alone.
 */
export async function searchFiles(db: Db, userId: number, input: FilesSearchInput, meaning?: MeaningSearch): Promise<SearchGroup[]> {
  const kinds = domainKinds('files', input.kinds);
  const any = input.any === true;
  // A chat's topic words, without those most notes hold (docs/search.md#common-words).
  const parsed = any ? await parseTopicSearch(db, input.q, [T.files, T.journal_entries]) : parseSearch(input.q);
  if (!parsed) return kinds.map((kind) => ({ kind, total: 0, results: [] }));
  const own = input.own === true;
  const vector = meaning ? queryVector(meaning, input.q, any) : undefined;
  const groups = await Promise.all(
    kinds.map((kind) =>
      kind === 'file' ? searchFileKind(db, userId, parsed, input.limit, own, !any) : searchJournalKind(db, userId, parsed, input.limit),
    ),
  );
  const found = await vector;
  if (!meaning || !found) return groups;
  // Any of the words (a snippet marks those a note holds, even when it holds only one).
  const anyWords = parsed.rankQuery ?? parseSearch(input.q, { any: true })?.rankQuery ?? parsed.tsquery;
  const options = { parsed, anyWords, limit: input.limit, own };
  return Promise.all(groups.map((group) => withMeaning(db, userId, group, found, meaning, options)));
}
