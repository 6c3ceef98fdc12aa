import { aboutMeAddress } from '@cc/contracts/addresses';
import type { SearchGroup, SearchResult } from '@cc/contracts/search';
import { headlineSql, iso, rankSql, SEARCH_CONFIG, TOTAL_SQL } from '@cc/service-kit';
import type { Db, NearestRow } from '@cc/service-kit';
import { T } from '../tables';
import { meaningSnippet, scoreOf, type MeaningHit } from './meaning';
import { GENERATED_WEIGHT, QUERY, shown, type Ask, type Conn } from './shared';

/** A statement's title: its opening words. */
const STATEMENT_TITLE = 80;

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
export async function searchStatements(db: Conn, ask: Ask): Promise<SearchGroup> {
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

interface MeaningStatementRow {
  idx: number;
  text: string;
  verified: boolean;
  updated_at: Date;
  matched: boolean;
  marked: string | null;
}

/** Statements by their index; rejected ones never, with `own` only the verified ones; the others generated, at half. */
export async function meaningStatements(db: Db, ask: Ask, near: NearestRow[], anyWords: string): Promise<MeaningHit[]> {
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
