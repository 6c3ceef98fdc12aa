import type { Knex } from 'knex';
import { aboutMeAddress, meetingAddress, personAddress, researchAddress } from '@cc/contracts/addresses';
import { PERSON_SECTIONS } from '@cc/contracts/people-rules';
import {
  domainKinds,
  SEARCH_DOMAINS,
  SEARCH_LIMITS,
  type DomainSearchQuery,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '@cc/contracts/search';
import {
  fuseRankings,
  headlineSql,
  nearest,
  rankSql,
  iso,
  parseSearch,
  snippetOf,
  trigramSql,
  typoMatches,
  withinOneEdit,
  SEARCH_CONFIG,
  TOTAL_SQL,
} from '@cc/service-kit';
import { parseTopicSearch, queryVector } from '@cc/service-kit';
import type { Db, MeaningSearch, NearestRow, ParsedSearch } from '@cc/service-kit';
import { shortDate } from './meetings';
import { SCHEMA } from './search-vectors';
import { T } from './tables';

/**
 * `GET /people/search` (docs/search.md#people): the user's people (name, profile sections and
 * their saved research), meetings and About me statements, over the `search` columns and
 * indexes of migration 006, fused with the nearest vectors (migration 007) when EMBEDDINGS_MODEL
 * is set. Every query is scoped by user_id; nothing here logs the query.
 */

type Conn = Db | Knex.Transaction;
type PeopleKind = (typeof SEARCH_DOMAINS.people)[number];

interface Ask {
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
const GENERATED_WEIGHT = 0.5;
/** A statement's title: its opening words. */
const STATEMENT_TITLE = 80;

const QUERY = `to_tsquery('${SEARCH_CONFIG}', ?)`;

const empty = (kind: SearchKind): SearchGroup => ({ kind, total: 0, results: [] });

/**
 * The groups of the kinds asked (person, meeting, statement; all when none are). With `meaning`
 * (EMBEDDINGS_MODEL set), the query is embedded once, beside the full-text queries, and each
 * kind's ranking is fused with the nearest vectors; without it, or when the model fails or is
 * slow, the answer is full text's alone.
 */
export async function searchPeopleDomain(
  db: Db,
  userId: number,
  input: DomainSearchQuery,
  meaning?: MeaningSearch,
): Promise<SearchGroup[]> {
  // domainKinds answers only this domain's kinds.
  const kinds = domainKinds('people', input.kinds) as PeopleKind[];
  const any = input.any === true;
  // A chat's topic words, without those most notes hold (docs/search.md#common-words).
  const parsed = any ? await parseTopicSearch(db, input.q, [T.people, T.meetings]) : parseSearch(input.q);
  if (!parsed) return kinds.map(empty);
  const ask: Ask = { userId, parsed, limit: input.limit, own: input.own === true, typos: !any && parsed.words.some((w) => w.length >= 3) };
  const vector = meaning ? queryVector(meaning, input.q, any) : undefined;
  const groups = await Promise.all(kinds.map((kind) => SEARCHES[kind](db, ask)));
  const found = await vector;
  if (!meaning || !found) return groups;
  // Any of the words (a snippet marks those an object holds, even when it holds only one).
  const anyWords = parsed.rankQuery ?? parseSearch(input.q, { any: true })?.rankQuery ?? parsed.tsquery;
  return Promise.all(groups.map((group) => withMeaning(db, ask, group, found, meaning, anyWords)));
}

// Typo candidates come from the trigram index (`<%`, whose threshold createDb sets on every connection).
const SEARCHES: Record<PeopleKind, (db: Db, ask: Ask) => Promise<SearchGroup>> = {
  person: searchPersons,
  meeting: searchMeetings,
  statement: searchStatements,
};

/* ---------------------------------------------------------------- shared */

/** A text short enough to be the snippet whole (the SQL sends a body only under this many characters). */
const WHOLE = 1000;
const wholeSql = (text: string) => `case when char_length(${text}) <= ${WHOLE} then ${text} end`;

/**
 * A headline's snippet, or the whole text when it fits: ts_headline trims short words and
 * punctuation at a fragment's edges ("led the billing migration" for "I led the billing
 * migration."), which a text of a line or two does not need.
 */
function shown(marked: string | null, text: string | null): Pick<SearchResult, 'snippet' | 'highlights'> {
  const headline = snippetOf(marked ?? '');
  if (text === null || !headline.highlights.length) return headline;
  const full = snippetOf(text.replaceAll('\u0001', '').replaceAll('\u0002', ''), WHOLE).snippet;
  const at = full.indexOf(headline.snippet);
  if (full.length > SEARCH_LIMITS.snippet || at < 0) return headline;
  return { snippet: full, highlights: headline.highlights.map(([s, e]) => [s + at, e + at] as [number, number]) };
}

/** The body's headline when it marks a match, else the title's (only the name or title matched). */
function snippet(
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
function typoSnippet(title: string, words: readonly string[]): Pick<SearchResult, 'snippet' | 'highlights'> {
  const long = words.filter((w) => w.length >= 3);
  const highlights: Array<[number, number]> = [];
  for (const m of title.matchAll(WORD)) {
    const own = m[0].toLowerCase();
    const reached = long.some((w) => withinOneEdit(w, own) || (own.length > w.length && withinOneEdit(w, own.slice(0, w.length))));
    if (reached) highlights.push([m.index, m.index + m[0].length]);
  }
  return { snippet: title, highlights };
}

interface TypoRow {
  id: number;
  title: string;
  updated_at: Date;
}

/**
 * Names or titles within one typo of the query that full text did not find: trigram
 * candidates (the GIN index on lower(column)), confirmed word by word with typoMatches. Asked
 * only when full text finds less than a page: a word that matches is not a typo.
 */
async function typoRows(db: Conn, ask: Ask, table: string, column: string, notAlso = ''): Promise<TypoRow[]> {
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
function group(kind: SearchKind, found: { total: number; results: SearchResult[] }, typos: SearchResult[], limit: number): SearchGroup {
  const results = [...found.results, ...typos].slice(0, limit);
  return { kind, total: found.total + typos.length, results };
}

/* ---------------------------------------------------------------- people */

const NL = ` || E'\\n' || `;
/** One section's fields, in the page's order, as text. */
const sectionText = (alias: string, section: (typeof PERSON_SECTIONS)[number]) =>
  section.fields.map((f) => `coalesce(${alias}.profile #>> '{${section.key},${f.key}}', '')`).join(NL);
const SECTION_VALUES = PERSON_SECTIONS.map((s, i) => `(${i}, '${s.key}', ${sectionText('p', s)})`).join(',\n');
const PROFILE_TEXT = PERSON_SECTIONS.map((s) => sectionText('p', s)).join(NL);

interface PersonRow {
  id: number;
  generated: boolean;
  updated_at: Date;
  total: string | number;
  full_name: string;
  sections: number;
  section: string | null;
  marked_body: string | null;
  body: string | null;
  marked_title: string;
}

/**
 * A person is found by their name and profile (their own words) or by their saved research
 * (the product's: generated, half the rank, opened on the research view). One result per
 * person: when the name or profile matches, the research adds nothing. A match inside one
 * profile section opens that section.
 */
async function searchPersons(db: Conn, ask: Ask): Promise<SearchGroup> {
  // The tsquery written out in each WHERE (not read from q): the planner then estimates how
  // selective it is and reads the GIN index rather than every row of the user.
  const research = ask.own ? 'false' : `r.search @@ ${QUERY}`;
  // A person whose research matched is already a (generated) result: not again as a typo.
  const researched = ask.own
    ? ''
    : `and not exists (select 1 from ${T.person_research} r where r.user_id = t.user_id and r.person_id = t.id and r.search @@ q.query)`;
  const { rows } = await db.raw(
    `with q as (select ${QUERY} as query),
     own as (
       select p.id, ${rankSql('p.search', ask.parsed)} as rank, p.updated_at
         from ${T.people} p, q
        where p.user_id = ? and p.search @@ ${QUERY}
     ),
     research as (
       select r.person_id as id, ${rankSql('r.search', ask.parsed)} * ${GENERATED_WEIGHT} as rank, r.created_at as updated_at
         from ${T.person_research} r, q
        where r.user_id = ? and ${research}
     ),
     hits as (
       select coalesce(o.id, r.id) as id, o.id is null as generated, coalesce(o.rank, r.rank) as rank,
              coalesce(o.updated_at, r.updated_at) as updated_at, ${TOTAL_SQL}
         from own o full join research r on r.id = o.id
        order by rank desc, updated_at desc, id
        limit ?
     )
     select h.id, h.generated, h.updated_at, h.total, p.full_name, s.sections, s.section,
            ${headlineSql('b.body', 'q.query')} as marked_body, ${wholeSql('b.body')} as body,
            ${headlineSql('p.full_name', 'q.query')} as marked_title
       from hits h
       join ${T.people} p on p.user_id = ? and p.id = h.id
       left join ${T.person_research} r on h.generated and r.user_id = p.user_id and r.person_id = p.id
       cross join q
       left join lateral (
         select count(*)::int as sections, (array_agg(v.key order by v.ord))[1] as section, (array_agg(v.body order by v.ord))[1] as body
           from (values ${SECTION_VALUES}) as v(ord, key, body)
          where not h.generated and to_tsvector('${SEARCH_CONFIG}', v.body) @@ q.query
       ) s on true
       -- The research, the first section that matched, or the whole profile (the words in several sections).
       cross join lateral (select case when h.generated then r.answer else coalesce(s.body, ${PROFILE_TEXT}) end as body) b
      order by h.rank desc, h.updated_at desc, h.id`,
    [ask.parsed.tsquery, ask.userId, ask.parsed.tsquery, ask.userId, ...(ask.own ? [] : [ask.parsed.tsquery]), ask.limit, ask.userId],
  );
  const found = (rows as PersonRow[]).map((r): SearchResult => ({
    kind: 'person',
    id: String(r.id),
    title: r.full_name,
    ...snippet(r.marked_body, r.body, r.marked_title, r.full_name),
    url: r.generated ? researchAddress(r.id) : personAddress(r.id, r.sections === 1 && r.section ? { section: r.section } : {}),
    updated_at: iso(r.updated_at),
    generated: r.generated,
  }));
  const total = Number((rows as PersonRow[])[0]?.total ?? 0);
  const typos = (rows.length < ask.limit ? await typoRows(db, ask, T.people, 'full_name', researched) : []).map((r): SearchResult => ({
    kind: 'person',
    id: String(r.id),
    title: r.title,
    ...typoSnippet(r.title, ask.parsed.words),
    url: personAddress(r.id),
    updated_at: iso(r.updated_at),
    generated: false,
  }));
  return group('person', { total, results: found }, typos, ask.limit);
}

/* ---------------------------------------------------------------- meetings */

/** A meeting's text in the order of its tabs, then where it happens (the migration indexes the same). */
const MEETING_TEXT = ['goals', 'agenda', 'anticipating', 'notes', 'followups', 'reflection', 'location'].map((c) => `m.${c}`).join(NL);

interface MeetingRow {
  id: number;
  updated_at: Date;
  total: string | number;
  title: string;
  day: string | null;
  person_id: number | null;
  marked_body: string;
  body: string | null;
  marked_title: string;
}

/** The title, with the meeting's day when the title does not already say it. */
function meetingTitle(title: string, day: string | null): string {
  return day && !title.includes(day) ? `${title} · ${shortDate(day)}` : title;
}

/**
 * A meeting opens on its first attendee in the user's order. One without attendees (its people
 * deleted, or none chosen) opens from the people page's address with the meeting alone: the page
 * shows its first person and opens the meeting over it (readPeopleAddress reads a meeting
 * without a person; meetingAddress always names one).
 */
function meetingUrl(meetingId: number, personId: number | null): string {
  return personId !== null ? meetingAddress(personId, meetingId) : `/people?meeting=${meetingId}`;
}

/**
 * Meetings by title ('A') and their sections and location ('B'). Sections the AI proposed
 * (POST /meetings/generate_section) carry no marker once the user keeps them: they count as the
 * user's own words.
 */
async function searchMeetings(db: Conn, ask: Ask): Promise<SearchGroup> {
  const { rows } = await db.raw(
    `with q as (select ${QUERY} as query),
     hits as (
       select m.id, ${rankSql('m.search', ask.parsed)} as rank, m.updated_at, ${TOTAL_SQL}
         from ${T.meetings} m, q
        where m.user_id = ? and m.search @@ ${QUERY}
        order by rank desc, m.updated_at desc, m.id
        limit ?
     )
     select h.id, h.updated_at, h.total, m.title, to_char(m.meeting_date, 'YYYY-MM-DD') as day,
            ${headlineSql('b.body', 'q.query')} as marked_body, ${wholeSql('b.body')} as body,
            ${headlineSql('m.title', 'q.query')} as marked_title,
            (select a.person_id
               from ${T.meeting_attendees} a join ${T.people} p on p.user_id = a.user_id and p.id = a.person_id
              where a.user_id = m.user_id and a.meeting_id = m.id
              order by p.position, p.id
              limit 1) as person_id
       from hits h
       join ${T.meetings} m on m.user_id = ? and m.id = h.id
       cross join q
       cross join lateral (select ${MEETING_TEXT} as body) b
      order by h.rank desc, h.updated_at desc, h.id`,
    [ask.parsed.tsquery, ask.userId, ask.parsed.tsquery, ask.limit, ask.userId],
  );
  const found = (rows as MeetingRow[]).map((r): SearchResult => ({
    kind: 'meeting',
    id: String(r.id),
    title: meetingTitle(r.title, r.day),
    ...snippet(r.marked_body, r.body, r.marked_title, r.title),
    url: meetingUrl(r.id, r.person_id),
    updated_at: iso(r.updated_at),
    generated: false,
  }));
  const total = Number((rows as MeetingRow[])[0]?.total ?? 0);
  const candidates = rows.length < ask.limit ? await typoRows(db, ask, T.meetings, 'title') : [];
  const typos: SearchResult[] = [];
  if (candidates.length) {
    // Their day and first attendee, for the title and the address.
    const { rows: more } = await db.raw(
      `select m.id, to_char(m.meeting_date, 'YYYY-MM-DD') as day,
              (select a.person_id
                 from ${T.meeting_attendees} a join ${T.people} p on p.user_id = a.user_id and p.id = a.person_id
                where a.user_id = m.user_id and a.meeting_id = m.id
                order by p.position, p.id
                limit 1) as person_id
         from ${T.meetings} m where m.user_id = ? and m.id = any(?::int[])`,
      [ask.userId, candidates.map((c) => c.id)],
    );
    const byId = new Map((more as { id: number; day: string | null; person_id: number | null }[]).map((m) => [m.id, m]));
    for (const r of candidates) {
      const extra = byId.get(r.id);
      typos.push({
        kind: 'meeting',
        id: String(r.id),
        title: meetingTitle(r.title, extra?.day ?? null),
        ...typoSnippet(r.title, ask.parsed.words),
        url: meetingUrl(r.id, extra?.person_id ?? null),
        updated_at: iso(r.updated_at),
        generated: false,
      });
    }
  }
  return group('meeting', { total, results: found }, typos, ask.limit);
}

/* ---------------------------------------------------------------- About me statements */

interface StatementRow {
  idx: number;
  text: string;
  verified: boolean;
  updated_at: Date;
  total: string | number;
  marked_body: string;
}

/** A statement's opening words, cut on a space. */
function statementTitle(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= STATEMENT_TITLE) return line;
  const cut = line.lastIndexOf(' ', STATEMENT_TITLE - 1);
  return `${line.slice(0, cut > 20 ? cut : STATEMENT_TITLE - 1)}…`;
}

/**
 * About me statements live in one jsonb list per user (the profile row), addressed by their
 * index: searched on the fly, one row per user, no index to keep. The product writes them (a
 * quick or deep research); a statement the user verified is theirs, the others are generated.
 * Rejected ones are left out (the review hides them: the user said they are wrong).
 */
async function searchStatements(db: Conn, ask: Ask): Promise<SearchGroup> {
  const verifiedOnly = ask.own ? `and s.value->>'status' = 'verified'` : '';
  const { rows } = await db.raw(
    `with q as (select ${QUERY} as query),
     hits as (
       select (s.ord - 1)::int as idx, s.value->>'text' as text, s.value->>'status' = 'verified' as verified, pr.updated_at,
              ${rankSql('d.doc', ask.parsed)} * (case when s.value->>'status' = 'verified' then 1 else ${GENERATED_WEIGHT} end) as rank,
              ${TOTAL_SQL}
         from ${T.profiles} pr
        cross join q
        cross join lateral jsonb_array_elements(case when jsonb_typeof(pr.statements) = 'array' then pr.statements else '[]'::jsonb end)
              with ordinality as s(value, ord)
        cross join lateral (select to_tsvector('${SEARCH_CONFIG}', coalesce(s.value->>'text', '')) as doc) d
        where pr.user_id = ? and coalesce(s.value->>'status', '') <> 'rejected' and d.doc @@ q.query ${verifiedOnly}
        order by rank desc, idx
        limit ?
     )
     select h.idx, h.text, h.verified, h.updated_at, h.total, ${headlineSql('h.text', 'q.query')} as marked_body
       from hits h cross join q
      order by h.rank desc, h.idx`,
    [ask.parsed.tsquery, ask.userId, ask.limit],
  );
  const results = (rows as StatementRow[]).map((r): SearchResult => ({
    kind: 'statement',
    id: String(r.idx),
    title: statementTitle(r.text),
    ...shown(r.marked_body, r.text),
    url: aboutMeAddress(r.idx),
    updated_at: iso(r.updated_at),
    generated: r.verified !== true,
  }));
  return { kind: 'statement', total: Number((rows as StatementRow[])[0]?.total ?? 0), results };
}

/* ---------------------------------------------------------------- by meaning */

/** The start of a text shown for a match by meaning alone, when none of the query's words is in it. */
const BODY_START_CHARS = 600;

/** An object the nearest vectors found: its result, its weighted similarity, and whether full text matches it too. */
interface MeaningHit {
  result: SearchResult;
  score: number;
  /** Matches the full-text query: counted in the full-text total already. */
  matched: boolean;
}

/** Its snippet: around the query's words when any is in it (marked), else the text's start, else the title. */
function meaningSnippet(marked: string | null, text: string | null, title: string): Pick<SearchResult, 'snippet' | 'highlights'> {
  if (marked?.includes('\u0001')) return shown(marked, text);
  if (text?.trim()) return snippetOf(text.slice(0, BODY_START_CHARS));
  return { snippet: title, highlights: [] };
}

const scoreOf = (near: NearestRow[], kind: string, id: string | number) =>
  near.find((r) => r.kind === kind && r.object_id === String(id))?.score;

interface MeaningPersonRow {
  id: number;
  full_name: string;
  updated_at: Date;
  research_at: Date | null;
  matched: boolean;
  marked: string | null;
  body: string | null;
  research_marked: string | null;
  research: string | null;
}

/**
 * People by meaning: their own vector (name and profile) makes them a result of their own
 * words; failing that (and not with `own`), their research's makes them a generated one at half
 * its similarity, opened on the research view, as in full text.
 */
async function meaningPersons(db: Db, ask: Ask, near: NearestRow[], anyWords: string): Promise<MeaningHit[]> {
  const ids = [...new Set(near.map((r) => Number(r.object_id)))];
  const { rows } = await db.raw(
    `select p.id, p.full_name, p.updated_at, r.created_at as research_at,
            (p.search @@ q.query or (? and coalesce(r.search @@ q.query, false))) as matched,
            case when p.search @@ o.query then ${headlineSql(PROFILE_TEXT, 'o.query')} end as marked,
            ${PROFILE_TEXT} as body,
            case when r.search @@ o.query then ${headlineSql('r.answer', 'o.query')} end as research_marked,
            r.answer as research
       from ${T.people} p
       left join ${T.person_research} r on r.user_id = p.user_id and r.person_id = p.id
      cross join ${QUERY} as q(query)
      cross join ${QUERY} as o(query)
      where p.user_id = ? and p.id = any(?::int[])`,
    [!ask.own, ask.parsed.tsquery, anyWords, ask.userId, ids],
  );
  return (rows as MeaningPersonRow[]).flatMap((r): MeaningHit[] => {
    const own = scoreOf(near, 'person', r.id);
    const research = ask.own || r.research === null ? undefined : scoreOf(near, 'research', r.id);
    if (own !== undefined) {
      const result: SearchResult = {
        kind: 'person',
        id: String(r.id),
        title: r.full_name,
        ...meaningSnippet(r.marked, r.body, r.full_name),
        url: personAddress(r.id),
        updated_at: iso(r.updated_at),
        generated: false,
      };
      return [{ result, score: own, matched: r.matched }];
    }
    if (research === undefined) return [];
    const result: SearchResult = {
      kind: 'person',
      id: String(r.id),
      title: r.full_name,
      ...meaningSnippet(r.research_marked, r.research, r.full_name),
      url: researchAddress(r.id),
      updated_at: iso(r.research_at ?? r.updated_at),
      generated: true,
    };
    return [{ result, score: research * GENERATED_WEIGHT, matched: r.matched }];
  });
}

interface MeaningMeetingRow {
  id: number;
  title: string;
  day: string | null;
  updated_at: Date;
  person_id: number | null;
  matched: boolean;
  marked: string | null;
  body: string;
}

async function meaningMeetings(db: Db, ask: Ask, near: NearestRow[], anyWords: string): Promise<MeaningHit[]> {
  const { rows } = await db.raw(
    `select m.id, m.title, to_char(m.meeting_date, 'YYYY-MM-DD') as day, m.updated_at, m.search @@ q.query as matched,
            case when m.search @@ o.query then ${headlineSql(MEETING_TEXT, 'o.query')} end as marked,
            ${MEETING_TEXT} as body,
            (select a.person_id
               from ${T.meeting_attendees} a join ${T.people} p on p.user_id = a.user_id and p.id = a.person_id
              where a.user_id = m.user_id and a.meeting_id = m.id
              order by p.position, p.id
              limit 1) as person_id
       from ${T.meetings} m
      cross join ${QUERY} as q(query)
      cross join ${QUERY} as o(query)
      where m.user_id = ? and m.id = any(?::int[])`,
    [ask.parsed.tsquery, anyWords, ask.userId, near.map((r) => Number(r.object_id))],
  );
  return (rows as MeaningMeetingRow[]).map((r) => ({
    result: {
      kind: 'meeting',
      id: String(r.id),
      title: meetingTitle(r.title, r.day),
      ...meaningSnippet(r.marked, r.body, r.title),
      url: meetingUrl(r.id, r.person_id),
      updated_at: iso(r.updated_at),
      generated: false,
    },
    score: scoreOf(near, 'meeting', r.id) ?? 0,
    matched: r.matched,
  }));
}

interface MeaningStatementRow {
  idx: number;
  text: string;
  verified: boolean;
  updated_at: Date;
  matched: boolean;
  marked: string | null;
}

/** Statements by their index; rejected ones never, with `own` only the verified ones; the others generated, at half. */
async function meaningStatements(db: Db, ask: Ask, near: NearestRow[], anyWords: string): Promise<MeaningHit[]> {
  const verifiedOnly = ask.own ? `and s.value->>'status' = 'verified'` : '';
  const { rows } = await db.raw(
    `select (s.ord - 1)::int as idx, s.value->>'text' as text, s.value->>'status' = 'verified' as verified, pr.updated_at,
            d.doc @@ q.query as matched,
            case when d.doc @@ o.query then ${headlineSql(`s.value->>'text'`, 'o.query')} end as marked
       from ${T.profiles} pr
      cross join ${QUERY} as q(query)
      cross join ${QUERY} as o(query)
      cross join lateral jsonb_array_elements(case when jsonb_typeof(pr.statements) = 'array' then pr.statements else '[]'::jsonb end)
            with ordinality as s(value, ord)
      cross join lateral (select to_tsvector('${SEARCH_CONFIG}', coalesce(s.value->>'text', '')) as doc) d
      where pr.user_id = ? and (s.ord - 1) = any(?::int[]) and coalesce(s.value->>'status', '') <> 'rejected'
            and coalesce(s.value->>'text', '') <> '' ${verifiedOnly}`,
    [ask.parsed.tsquery, anyWords, ask.userId, near.map((r) => Number(r.object_id))],
  );
  return (rows as MeaningStatementRow[]).map((r) => ({
    result: {
      kind: 'statement',
      id: String(r.idx),
      title: statementTitle(r.text),
      ...meaningSnippet(r.marked, r.text, statementTitle(r.text)),
      url: aboutMeAddress(r.idx),
      updated_at: iso(r.updated_at),
      generated: r.verified !== true,
    },
    score: (scoreOf(near, 'statement', r.idx) ?? 0) * (r.verified === true ? 1 : GENERATED_WEIGHT),
    matched: r.matched,
  }));
}

const MEANING: Record<PeopleKind, (db: Db, ask: Ask, near: NearestRow[], anyWords: string) => Promise<MeaningHit[]>> = {
  person: meaningPersons,
  meeting: meaningMeetings,
  statement: meaningStatements,
};

/**
 * One kind's full-text group fused with the user's nearest objects of that kind (reciprocal rank
 * fusion; ties go to full text). An object found by meaning alone gets its own result; `total`
 * is the full-text total plus those among the nearest that full text does not match.
 */
async function withMeaning(
  db: Db,
  ask: Ask,
  group: SearchGroup,
  vector: number[],
  meaning: MeaningSearch,
  anyWords: string,
): Promise<SearchGroup> {
  const kind = group.kind as PeopleKind;
  // A person's research is their generated text: looked at only when results may show it.
  const kinds = kind === 'person' && !ask.own ? ['person', 'research'] : [kind];
  const limit = ask.limit * kinds.length;
  const near = (await nearest(db, SCHEMA, { userId: ask.userId, kinds, model: meaning.embedder.model, vector, limit })).filter(
    (r) => r.score >= meaning.minSimilarity,
  );
  if (!near.length) return group;
  // Objects that still exist (a vector may outlive its object until the next run).
  const ranked = (await MEANING[kind](db, ask, near, anyWords)).sort((a, b) => b.score - a.score || a.result.id.localeCompare(b.result.id));
  if (!ranked.length) return group;
  const byFullText = new Map(group.results.map((r) => [r.id, r]));
  const byMeaning = new Map(ranked.map((r) => [r.result.id, r]));
  const order = fuseRankings([group.results.map((r) => ({ key: r.id })), ranked.map((r) => ({ key: r.result.id }))]).slice(0, ask.limit);
  const meaningOnly = ranked.filter((r) => !r.matched && !byFullText.has(r.result.id)).length;
  return {
    kind: group.kind,
    total: group.total + meaningOnly,
    // Found by meaning alone: marked so (a chat's retrieval takes it though it shares no words to count).
    results: order.map((key) => {
      const found = byFullText.get(key);
      if (found) return found;
      const hit = byMeaning.get(key)!;
      return hit.matched ? hit.result : { ...hit.result, by_meaning: true };
    }),
  };
}
