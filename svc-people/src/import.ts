import { DOMAIN_IMPORT_MESSAGES as M, MEETING_SECTIONS, type ImportRows } from '@cc/contracts';
import { definedColumns, type Db, type DomainImport, type ImportTable, importedStamps } from '@cc/service-kit';
import { T } from './tables';

/**
 * svc-people's part of an import (docs/import.md#the-domains-part): people and their research,
 * meetings and who attended, and About me, for the caller with new ids. Two people of one name
 * are two people, as in the app. About me comes in only when the account has not written its
 * own: an About me already there is kept and the imported one is listed as skipped.
 */

type Rows = ImportRows<'people'>;

const people: ImportTable = {
  target: T.people,
  async write(w, input) {
    const row = input as Rows['people'];
    const [made] = (await w
      .trx(T.people)
      .insert({
        user_id: w.userId,
        full_name: row.full_name.trim(),
        position: row.position,
        profile: JSON.stringify(row.profile),
        ...importedStamps(row),
      })
      .returning('id')) as { id: number }[];
    w.made('people', row.id, made!.id);
  },
};

const personResearch: ImportTable = {
  target: T.person_research,
  key: (newId) => ({ person_id: Number(newId) }),
  async write(w, input) {
    const row = input as Rows['person_research'];
    const person = await w.newId('people', row.person_id);
    if (!person) return w.skip('person_research', M.missingParent('person'));
    const [made] = (await w
      .trx(T.person_research)
      .insert({
        user_id: w.userId,
        person_id: Number(person),
        subject: row.subject,
        answer: row.answer,
        citations: JSON.stringify(row.citations),
        source: row.source,
        ...definedColumns({ created_at: row.created_at }),
      })
      .onConflict('person_id')
      .ignore()
      .returning('person_id')) as { person_id: number }[];
    if (made) w.made('person_research', row.person_id, made.person_id);
    else w.skip('person_research', M.researchKept);
  },
};

const meetings: ImportTable = {
  target: T.meetings,
  async write(w, input) {
    const row = input as Rows['meetings'];
    const sections = Object.fromEntries(MEETING_SECTIONS.map((s) => [s, row[s]]));
    const [made] = (await w
      .trx(T.meetings)
      .insert({
        user_id: w.userId,
        title: (row.title as string).trim(),
        meeting_date: row.meeting_date,
        location: row.location,
        ...sections,
        ...importedStamps(row as { created_at?: string; updated_at?: string }),
      })
      .returning('id')) as { id: number }[];
    w.made('meetings', row.id, made!.id);
  },
};

const meetingAttendees: ImportTable = {
  target: T.meeting_attendees,
  key: (newId) => {
    const [meeting, person] = newId.split(':');
    return { meeting_id: Number(meeting), person_id: Number(person) };
  },
  async write(w, input) {
    const row = input as Rows['meeting_attendees'];
    const meeting = await w.newId('meetings', row.meeting_id);
    const person = await w.newId('people', row.person_id);
    if (!meeting || !person) return w.skip('meeting_attendees', M.missingParent(meeting ? 'person' : 'meeting'));
    const made = await w
      .trx(T.meeting_attendees)
      .insert({ user_id: w.userId, meeting_id: Number(meeting), person_id: Number(person) })
      .onConflict(['meeting_id', 'person_id'])
      .ignore()
      .returning('person_id');
    if (made.length) w.made('meeting_attendees', `${row.meeting_id}:${row.person_id}`, `${meeting}:${person}`);
  },
};

interface ProfileRow {
  details: Record<string, string> | null;
  ai_profile_markdown: string;
  ai_profile_narrative: string;
  statements: unknown[] | null;
  company_statements: Record<string, unknown> | null;
  updated_at: Date;
}

/** A profile row can exist with nothing in it (a visit to About me): that is no About me of the user's. */
const written = (p: ProfileRow) =>
  Object.values(p.details ?? {}).some((v) => typeof v === 'string' && v.trim()) ||
  Boolean(p.ai_profile_markdown.trim() || p.ai_profile_narrative.trim()) ||
  (p.statements ?? []).length > 0 ||
  Object.keys(p.company_statements ?? {}).length > 0;

const profiles: ImportTable = {
  target: T.profiles,
  key: () => ({}),
  async write(w, input) {
    const row = input as Rows['profiles'];
    const values = {
      details: JSON.stringify(row.details),
      ai_profile_markdown: row.ai_profile_markdown,
      ai_profile_narrative: row.ai_profile_narrative,
      statements: JSON.stringify(row.statements),
      company_statements: JSON.stringify(row.company_statements),
      ...definedColumns({ updated_at: row.updated_at }),
    };
    const existing = (await w.trx(T.profiles).where({ user_id: w.userId }).forUpdate().first()) as ProfileRow | undefined;
    if (existing && written(existing)) return w.skip('profiles', M.aboutMeKept);
    if (!existing) {
      await w.trx(T.profiles).insert({ user_id: w.userId, ...values });
      return w.made('profiles', 'about-me', 'about-me');
    }
    await w.trx(T.profiles).where({ user_id: w.userId }).update(values);
    w.merged('profiles', 'about-me', 'about-me', {
      details: JSON.stringify(existing.details ?? {}),
      ai_profile_markdown: existing.ai_profile_markdown,
      ai_profile_narrative: existing.ai_profile_narrative,
      statements: JSON.stringify(existing.statements ?? []),
      company_statements: JSON.stringify(existing.company_statements ?? {}),
      updated_at: new Date(existing.updated_at).toISOString(),
    });
  },
};

export function peopleImport(db: Db, changed: (userId: number) => void): DomainImport {
  return {
    db,
    schema: 'people',
    tables: { people, person_research: personResearch, meetings, meeting_attendees: meetingAttendees, profiles },
    changed,
  };
}
