import { personAddress, researchAddress } from '@cc/contracts/addresses';
import { PERSON_SECTIONS } from '@cc/contracts/people-rules';
import type { SearchGroup, SearchResult } from '@cc/contracts/search';
import { headlineSql, iso, rankSql, SEARCH_CONFIG, TOTAL_SQL } from '@cc/service-kit';
import type { Db, NearestRow } from '@cc/service-kit';
import { T } from '../tables';
import { meaningSnippet, scoreOf, type MeaningHit } from './meaning';
import { GENERATED_WEIGHT, group, NL, QUERY, snippet, typoRows, typoSnippet, wholeSql, type Ask, type Conn } from './shared';

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
export async function searchPersons(db: Conn, ask: Ask): Promise<SearchGroup> {
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
export async function meaningPersons(db: Db, ask: Ask, near: NearestRow[], anyWords: string): Promise<MeaningHit[]> {
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
