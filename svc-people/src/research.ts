import { iso } from '@cc/service-kit';
import type { Citation, Person } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

/** What a saved result was searched for: the person's name, role and company (a change of any makes it stale). */
export function researchSubject(person: Person): string {
  const norm = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return JSON.stringify([norm(person.full_name), norm(person.basic_profile?.role), norm(person.basic_profile?.company)]);
}

export type ResearchSource = 'web' | 'notes';

/**
 * The first notes research opened with this sentence; a user never sees a setting's name, and the
 * page now says that the web search is not connected beside the answer. A saved answer is read
 * without it.
 */
const OLD_NOTICE = 'No web search is configured (SEARCH_BASE_URL is not set), so this answer comes from your own notes only.';
const withoutOldNotice = (answer: string) => (answer.startsWith(OLD_NOTICE) ? answer.slice(OLD_NOTICE.length).trimStart() : answer);

export interface SavedResearch {
  answer: string;
  citations: Citation[];
  searched_at: string;
}

/**
 * The saved research of this person, if it was made for the same name, role and company, and
 * from the same source (saved notes research gives way once a web search is configured).
 */
export async function savedResearch(
  db: Db,
  userId: number,
  personId: number,
  subject: string,
  source: ResearchSource,
): Promise<SavedResearch | undefined> {
  const row = (await db(T.person_research)
    .where({ user_id: userId, person_id: personId, subject, source })
    .first('answer', 'citations', 'created_at')) as { answer: string; citations: Citation[] | string; created_at: Date } | undefined;
  if (!row) return undefined;
  const citations = typeof row.citations === 'string' ? (JSON.parse(row.citations) as Citation[]) : row.citations;
  return { answer: withoutOldNotice(row.answer), citations, searched_at: iso(row.created_at) };
}

/** Replaces the person's saved research (one per person). */
export async function saveResearch(
  db: Db,
  userId: number,
  personId: number,
  subject: string,
  source: ResearchSource,
  result: { answer: string; citations: Citation[] },
): Promise<SavedResearch> {
  const { rows } = await db.raw(
    `insert into ${T.person_research} (user_id, person_id, subject, source, answer, citations)
     select ?, p.id, ?, ?, ?, ?::jsonb from ${T.people} p where p.user_id = ? and p.id = ?
     on conflict (person_id) do update
       set subject = excluded.subject, source = excluded.source, answer = excluded.answer, citations = excluded.citations, created_at = now()
     returning created_at`,
    [userId, subject, source, result.answer, JSON.stringify(result.citations), userId, personId],
  );
  // The person was deleted while the search ran: nothing is kept, the answer still goes out.
  const at = (rows[0] as { created_at: Date } | undefined)?.created_at ?? new Date();
  return { ...result, searched_at: iso(at) };
}
