import { frontMatter, markdownSection, pathSegment } from '@cc/contracts/export';
import { fullProfile, MEETING_SECTIONS, MEETING_SECTION_TITLES, PERSON_SECTIONS } from '@cc/contracts/people-rules';
import type { ProfileStatement } from '@cc/contracts/profile';
import { recordRow, rowsById, type Db, type ExportPart } from '@cc/service-kit';
import { T } from './tables';

/**
 * svc-people's part of an export (docs/export.md): a markdown file per person (profile sections
 * and research) and per meeting, About me, and the records workspace.json keeps. Two people or
 * meetings of the same name get told apart by the zip writer. Generation jobs are left out:
 * they are work in progress, not what the user holds.
 */

type Row = Record<string, unknown>;

function personMarkdown(person: Row, research: Row[]): string {
  const profile = fullProfile(person.profile);
  let text = `# ${person.full_name as string}\n\n`;
  for (const s of PERSON_SECTIONS) {
    const lines = s.fields
      .map((f) => [f.label, profile[s.key]?.[f.key]?.trim() ?? ''] as const)
      .filter(([, value]) => value)
      .map(([label, value]) => (value.includes('\n') ? `**${label}:**\n\n${value}` : `**${label}:** ${value}`));
    text += markdownSection(s.title, lines.join('\n\n'));
  }
  for (const r of research) text += markdownSection(`Research: ${r.subject as string}`, r.answer as string);
  return text;
}

const statementLine = (s: ProfileStatement) =>
  `- ${s.text.trim()}${s.source ? ` (source: ${s.source_url ? `[${s.source}](${s.source_url})` : s.source})` : ''}${s.status ? ` [${s.status}]` : ''}`;

export function peopleExportPart(db: Db, userId: number): ExportPart {
  const byUser = (table: string) => db(table).where({ user_id: userId });
  return {
    async totals() {
      const { rows } = await db.raw(
        `select
           (select count(*) from ${T.people} where user_id = :u) + (select count(*) from ${T.meetings} where user_id = :u)
           + (select count(*) from ${T.meeting_attendees} where user_id = :u) + (select count(*) from ${T.person_research} where user_id = :u)
           + (select count(*) from ${T.profiles} where user_id = :u) as records,
           (select coalesce(sum(octet_length(profile::text)), 0) from ${T.people} where user_id = :u)
           + (select coalesce(sum(octet_length(goals) + octet_length(agenda) + octet_length(anticipating) + octet_length(notes) + octet_length(followups) + octet_length(reflection)), 0) from ${T.meetings} where user_id = :u)
           + (select coalesce(sum(octet_length(answer)), 0) from ${T.person_research} where user_id = :u) as bytes`,
        { u: userId },
      );
      const r = rows[0] as { records: string | number; bytes: string | number };
      return { records: Number(r.records), bytes: Number(r.bytes) };
    },
    async *lines() {
      const names = new Map<number, string>();
      const people = rowsById<Row & { id: number }>(
        () => byUser(T.people).select('id', 'full_name', 'position', 'profile', 'created_at', 'updated_at'),
        { size: 200 },
      );
      for await (const p of people) {
        names.set(p.id as number, p.full_name as string);
        const research = (await byUser(T.person_research)
          .where({ person_id: p.id })
          .orderBy('created_at')
          .select('person_id', 'subject', 'answer', 'citations', 'source', 'created_at')) as Row[];
        yield { entry: { path: `people/${pathSegment(p.full_name as string)}.md`, text: personMarkdown(p, research) } };
        yield { record: { table: 'people', row: recordRow(p) } };
        for (const r of research) yield { record: { table: 'person_research', row: recordRow(r) } };
      }

      const meetings = rowsById<Row & { id: number }>(
        () =>
          byUser(T.meetings).select(
            'id',
            'title',
            db.raw(`to_char(meeting_date, 'YYYY-MM-DD"T"HH24:MI') as meeting_date`),
            'location',
            ...MEETING_SECTIONS,
            'created_at',
            'updated_at',
          ),
        { size: 200 },
      );
      for await (const m of meetings) {
        const attendees = (await byUser(T.meeting_attendees)
          .where({ meeting_id: m.id })
          .orderBy('person_id')
          .select('meeting_id', 'person_id')) as Row[];
        const who = attendees.map((a) => names.get(a.person_id as number)).filter(Boolean) as string[];
        const day = (m.meeting_date as string | null)?.slice(0, 10) ?? 'undated';
        let text =
          frontMatter({ date: m.meeting_date as string | null, location: m.location as string, attendees: who }) +
          `# ${m.title as string}\n\n`;
        for (const s of MEETING_SECTIONS) text += markdownSection(MEETING_SECTION_TITLES[s], m[s] as string);
        yield { entry: { path: `meetings/${day} ${pathSegment(m.title as string)}.md`, text } };
        yield { record: { table: 'meetings', row: recordRow(m) } };
        for (const a of attendees) yield { record: { table: 'meeting_attendees', row: a } };
      }

      const profile = (await byUser(T.profiles).first(
        'details',
        'ai_profile_markdown',
        'ai_profile_narrative',
        'statements',
        'company_statements',
        'updated_at',
      )) as Row | undefined;
      if (profile) {
        const details = (profile.details ?? {}) as Record<string, string>;
        const statements = (profile.statements ?? []) as ProfileStatement[];
        const company = (profile.company_statements ?? {}) as Record<string, ProfileStatement[]>;
        const detailLines = [
          ['Name', details.full_name],
          ['Role', details.role],
          ['Company', details.company],
          ['About the company', details.company_description],
          ['More about me', details.extra],
        ]
          .filter(([, v]) => v?.trim())
          .map(([k, v]) => `**${k}:** ${v!.trim()}`)
          .join('\n\n');
        const companyText = Object.entries(company)
          .map(([group, list]) => `### ${group}\n\n${list.map(statementLine).join('\n')}`)
          .join('\n\n');
        yield {
          entry: {
            path: 'about-me.md',
            text:
              '# About me\n\n' +
              markdownSection('Details', detailLines) +
              markdownSection('Executive summary', profile.ai_profile_narrative as string) +
              markdownSection('Profile', profile.ai_profile_markdown as string) +
              markdownSection('Statements', statements.map(statementLine).join('\n')) +
              markdownSection('Company statements', companyText),
          },
        };
        yield { record: { table: 'profiles', row: recordRow(profile) } };
      }
    },
  };
}
