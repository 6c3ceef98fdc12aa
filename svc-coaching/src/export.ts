import { frontMatter, markdownSection, pathSegment } from '@cc/contracts/export';
import type { CoachingChatMessage } from '@cc/contracts';
import { isoOrNull, recordRow, rowsById, type Db, type ExportPart } from '@cc/service-kit';
import { T as C } from './coaching/tables';
import { T as P } from './planning/tables';

/**
 * svc-coaching's part of an export (docs/export.md): planning (todos, milestones, the action
 * plans and their periods) and coaching (check-in answers, information-gathering plans), as
 * markdown a person can read and as the records workspace.json keeps. A check-in answer's record
 * names its question by questionnaire, section and title as well as by id, so an import into
 * another deployment (other ids) still finds it.
 */

type Row = Record<string, unknown>;

const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD') as ${column}`;

function taskLine(done: boolean, title: string, details: (string | null | undefined)[], description: string): string {
  const tail = details.filter(Boolean).join(' · ');
  const body = description.trim() ? `\n${description.trim().replace(/^/gm, '  ')}` : '';
  return `- [${done ? 'x' : ' '}] ${title}${tail ? ` (${tail})` : ''}${body}\n`;
}

export function coachingExportPart(db: Db, userId: number): ExportPart {
  const byUser = (table: string) => db(table).where({ user_id: userId });
  return {
    async totals() {
      const { rows } = await db.raw(
        `select
           (select count(*) from ${P.todos} where user_id = :u) + (select count(*) from ${P.milestones} where user_id = :u)
           + (select count(*) from ${P.action_plans} where user_id = :u) + (select count(*) from ${P.timeline_items} where user_id = :u)
           + (select count(*) from ${C.coaching_plans} where user_id = :u) + (select count(*) from ${C.question_conversations} where user_id = :u) as records,
           (select coalesce(sum(octet_length(title) + octet_length(description)), 0) from ${P.todos} where user_id = :u)
           + (select coalesce(sum(octet_length(content) + octet_length(outcomes)), 0) from ${P.timeline_items} where user_id = :u)
           + (select coalesce(sum(octet_length(prompt) + octet_length(response)), 0) from ${C.coaching_plans} where user_id = :u)
           + (select coalesce(sum(octet_length(messages::text) + octet_length(content) + octet_length(content_summary)), 0) from ${C.question_conversations} where user_id = :u) as bytes`,
        { u: userId },
      );
      const r = rows[0] as { records: string | number; bytes: string | number };
      return { records: Number(r.records), bytes: Number(r.bytes) };
    },
    async *lines() {
      // Milestones first: todos name theirs, and an import needs the milestone before the todo.
      const milestones = (await byUser(P.milestones)
        .orderBy('id')
        .select(
          'id',
          'title',
          db.raw(DAY('target_date')),
          'description',
          'milestone_type',
          'completed',
          'created_at',
          'updated_at',
        )) as Row[];
      const milestoneTitles = new Map(milestones.map((m) => [m.id as number, m.title as string]));
      let text = '# Milestones\n\n';
      for (const m of milestones) {
        text += taskLine(
          Boolean(m.completed),
          m.title as string,
          [m.target_date ? `target ${m.target_date as string}` : null, m.milestone_type as string],
          m.description as string,
        );
        yield { record: { table: 'milestones', row: recordRow(m) } };
      }
      if (milestones.length) yield { entry: { path: 'planning/milestones.md', text } };

      text = '# Todos\n\n';
      let todoCount = 0;
      const todos = rowsById<Row & { id: number }>(() =>
        byUser(P.todos).select(
          'id',
          'title',
          db.raw(DAY('due_date')),
          'description',
          'tags',
          'completed',
          'milestone_id',
          'source_key',
          'source_label',
          'source_url',
          'created_at',
          'updated_at',
        ),
      );
      for await (const t of todos) {
        todoCount += 1;
        const milestone = t.milestone_id ? milestoneTitles.get(t.milestone_id as number) : undefined;
        const tags = ((t.tags as string[] | null) ?? []).map((tag) => `#${tag.replace(/\s+/g, '-')}`).join(' ');
        text += taskLine(
          Boolean(t.completed),
          t.title as string,
          [t.due_date ? `due ${t.due_date as string}` : null, tags, milestone ? `milestone: ${milestone}` : null],
          t.description as string,
        );
        yield { record: { table: 'todos', row: recordRow(t) } };
      }
      if (todoCount) yield { entry: { path: 'planning/todos.md', text } };

      const plans = (await byUser(P.action_plans).orderBy('id').select('id', 'created_at', 'archived_at', 'archived_actions')) as Row[];
      const planFolder = new Map(
        plans.map((p) => [
          p.id as number,
          p.archived_at
            ? `planning/action-plan/archived ${(isoOrNull(p.created_at) ?? '').slice(0, 10)} (${p.id as number})`
            : 'planning/action-plan',
        ]),
      );
      for (const p of plans) yield { record: { table: 'action_plans', row: recordRow(p) } };
      const items = (await byUser(P.timeline_items)
        .orderBy('id')
        .select('id', 'plan_id', 'period_type', 'period_key', 'content', 'outcomes', 'created_at', 'updated_at')) as Row[];
      for (const item of items) {
        const folder = planFolder.get(item.plan_id as number) ?? 'planning/action-plan';
        if (`${item.content as string}${item.outcomes as string}`.trim()) {
          yield {
            entry: {
              path: `${folder}/${pathSegment(item.period_key as string)}.md`,
              text: `# ${item.period_key as string}\n\n${markdownSection('Actions', item.content as string)}${markdownSection('Outcomes', item.outcomes as string)}`,
            },
          };
        }
        yield { record: { table: 'timeline_items', row: recordRow(item) } };
      }

      const coachingPlans = (await byUser(C.coaching_plans)
        .orderBy('id')
        .select('id', 'prompt', 'response', 'created_at', 'archived_at')) as Row[];
      for (const p of coachingPlans) {
        const day = (isoOrNull(p.created_at) ?? '').slice(0, 10);
        yield {
          entry: {
            path: `coaching/information-gathering/${day} (${p.id as number}).md`,
            text:
              frontMatter({ created: day, archived: p.archived_at ? (isoOrNull(p.archived_at) ?? '').slice(0, 10) : null }) +
              markdownSection('What I asked', p.prompt as string) +
              markdownSection('Plan', p.response as string),
          },
        };
        yield { record: { table: 'coaching_plans', row: recordRow(p) } };
      }

      const answers = rowsById<Row & { id: number }>(
        () =>
          db(`${C.question_conversations} as a`)
            .join(`${C.questionnaire_questions} as q`, 'q.id', 'a.question_id')
            .join(`${C.questionnaire_sections} as s`, 's.id', 'q.section_id')
            .where('a.user_id', userId)
            .select(
              'a.id',
              'a.question_id',
              's.questionnaire_type',
              's.title as section_title',
              'q.title as question_title',
              'a.period_key',
              'a.messages',
              'a.score',
              'a.score_feedback',
              'a.content',
              'a.content_summary',
              'a.created_at',
              'a.updated_at',
            ),
        { column: 'a.id', size: 200 },
      );
      for await (const a of answers) {
        const messages = (a.messages as CoachingChatMessage[] | null) ?? [];
        const conversation = messages.map((m) => `**${m.role === 'user' ? 'Me' : 'Coach'}:** ${m.content.trim()}`).join('\n\n');
        yield {
          entry: {
            path: `coaching/${pathSegment(a.questionnaire_type as string)}/${pathSegment(a.period_key as string)}/${pathSegment(a.question_title as string)}.md`,
            text:
              frontMatter({
                questionnaire: a.questionnaire_type as string,
                period: a.period_key as string,
                section: a.section_title as string,
                score: a.score as number | null,
              }) +
              `# ${a.question_title as string}\n\n` +
              markdownSection('Conversation', conversation) +
              markdownSection('Notes', a.content as string) +
              markdownSection('Summary', a.content_summary as string) +
              markdownSection(
                'Score',
                a.score === null
                  ? ''
                  : `${a.score as number}/100${(a.score_feedback as string).trim() ? `: ${a.score_feedback as string}` : ''}`,
              ),
          },
        };
        yield { record: { table: 'question_conversations', row: recordRow(a) } };
      }
    },
  };
}
