import { meetingAddress } from '@cc/contracts/addresses';
import type { SearchGroup, SearchResult } from '@cc/contracts/search';
import { MEETING_SECTIONS } from '@cc/contracts/people-rules';
import { headlineSql, iso, rankSql, SEARCH_CONFIG, TOTAL_SQL } from '@cc/service-kit';
import type { Db, NearestRow } from '@cc/service-kit';
import { shortDate } from '../meetings';
import { T } from '../tables';
import { meaningSnippet, scoreOf, type MeaningHit } from './meaning';
import { group, NL, QUERY, snippet, typoRows, typoSnippet, wholeSql, type Ask, type Conn } from './shared';

/** A meeting's text in the order of its tabs, then where it happens (the migration indexes the same). */
const MEETING_TEXT = [...MEETING_SECTIONS, 'location'].map((c) => `m.${c}`).join(NL);
/** Each section (a tab of the meeting) in the tabs' order, for the one the words matched in. */
const SECTION_VALUES = MEETING_SECTIONS.map((s, i) => `(${i}, '${s}', coalesce(m.${s}, ''))`).join(',\n');

interface MeetingRow {
  id: number;
  updated_at: Date;
  total: string | number;
  title: string;
  day: string | null;
  person_id: number | null;
  sections: number;
  section: string | null;
  marked_body: string;
  body: string | null;
  marked_title: string;
}

/** The title, with the meeting's day when the title does not already say it. */
function meetingTitle(title: string, day: string | null): string {
  return day && !title.includes(day) ? `${title} · ${shortDate(day)}` : title;
}

/**
 * A meeting opens on its first attendee in the user's order, on the section the words matched
 * in when that is one. One without attendees (its people deleted, or none chosen) opens from the
 * people page's address with the meeting alone: the page shows its first person and opens the
 * meeting over it.
 */
function meetingUrl(meetingId: number, personId: number | null, section?: string): string {
  return meetingAddress(personId, meetingId, section ? { section } : {});
}

/**
 * Meetings by title ('A') and their sections and location ('B'). Sections the AI proposed
 * (POST /meetings/generate_section) carry no marker once the user keeps them: they count as the
 * user's own words. A match inside one section opens that section, its snippet from it.
 */
export async function searchMeetings(db: Conn, ask: Ask): Promise<SearchGroup> {
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
            ${headlineSql('m.title', 'q.query')} as marked_title, s.sections, s.section,
            (select a.person_id
               from ${T.meeting_attendees} a join ${T.people} p on p.user_id = a.user_id and p.id = a.person_id
              where a.user_id = m.user_id and a.meeting_id = m.id
              order by p.position, p.id
              limit 1) as person_id
       from hits h
       join ${T.meetings} m on m.user_id = ? and m.id = h.id
       cross join q
       cross join lateral (
         select count(*)::int as sections, (array_agg(v.key order by v.ord))[1] as section, (array_agg(v.body order by v.ord))[1] as body
           from (values ${SECTION_VALUES}) as v(ord, key, body)
          where to_tsvector('${SEARCH_CONFIG}', v.body) @@ q.query
       ) s
       -- The first section that matched, or the whole text (the words in several sections, the title or the location).
       cross join lateral (select coalesce(s.body, ${MEETING_TEXT}) as body) b
      order by h.rank desc, h.updated_at desc, h.id`,
    [ask.parsed.tsquery, ask.userId, ask.parsed.tsquery, ask.limit, ask.userId],
  );
  const found = (rows as MeetingRow[]).map((r): SearchResult => ({
    kind: 'meeting',
    id: String(r.id),
    title: meetingTitle(r.title, r.day),
    ...snippet(r.marked_body, r.body, r.marked_title, r.title),
    url: meetingUrl(r.id, r.person_id, r.sections === 1 && r.section ? r.section : undefined),
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

export async function meaningMeetings(db: Db, ask: Ask, near: NearestRow[], anyWords: string): Promise<MeaningHit[]> {
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
