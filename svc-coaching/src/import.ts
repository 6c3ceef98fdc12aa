import { DOMAIN_IMPORT_MESSAGES as M, importedAddress, type ImportRows } from '@cc/contracts';
import { definedColumns, type Db, type DomainImport, type ImportTable, type ImportWrite, importedStamps } from '@cc/service-kit';
import { T as C } from './coaching/tables';
import { T as P } from './planning/tables';

/**
 * svc-coaching's part of an import (docs/import.md#the-domains-part): planning's milestones,
 * todos, action plans and their weeks, and coaching's information-gathering plans and check-in
 * answers, for the caller with new ids. The account keeps at most one current plan of each
 * kind: one it already has stays current and the imported one comes in archived. A check-in
 * answer finds its question by questionnaire, section and title (the questionnaires are the
 * deployment's, not the user's).
 */

type Rows = ImportRows<'coaching'>;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

async function insertId(w: ImportWrite, table: string, values: Record<string, unknown>): Promise<number> {
  const [made] = (await w.trx(table).insert(values).returning('id')) as { id: number }[];
  return made!.id;
}

/** A current plan comes in archived when the account already has one (one current per user, by a unique index). */
async function archivedAt(w: ImportWrite, table: string, archived: string | null): Promise<string | Date | null> {
  if (archived) return archived;
  const current = await w.trx(table).where({ user_id: w.userId }).whereNull('archived_at').first('id');
  return current ? new Date() : null;
}

const milestones: ImportTable = {
  target: P.milestones,
  async write(w, input) {
    const row = input as Rows['milestones'];
    const { id: oldId, created_at: _c, updated_at: _u, ...values } = row;
    w.made('milestones', oldId, await insertId(w, P.milestones, { user_id: w.userId, ...values, ...importedStamps(row) }));
  },
};

const todos: ImportTable = {
  target: P.todos,
  async write(w, input) {
    const row = input as Rows['todos'];
    const { id: oldId, created_at: _c, updated_at: _u, milestone_id, tags, ...values } = row;
    // A meeting's follow-up names its meeting by id (`meeting:12:line:3f9a`), as its address does.
    const meeting = /^meeting:(\d+)(:.*)?$/.exec(row.source_key ?? '');
    const newMeeting = meeting ? w.idMaps.meetings?.[meeting[1]!] : undefined;
    const source_key = newMeeting === undefined ? row.source_key : `meeting:${newMeeting}${meeting![2] ?? ''}`;
    if (values.source_url) values.source_url = importedAddress(values.source_url, w.idMaps);
    // A todo sent from the same object already here keeps its text but not the link back (one todo per source).
    const sourceTaken = source_key ? await w.trx(P.todos).where({ user_id: w.userId, source_key }).first('id') : undefined;
    const milestone = await w.newId('milestones', milestone_id);
    const id = await insertId(w, P.todos, {
      user_id: w.userId,
      ...values,
      tags: tags as unknown as string[],
      milestone_id: milestone ? Number(milestone) : null,
      source_key: sourceTaken ? null : source_key,
      ...importedStamps(row),
    });
    w.made('todos', oldId, id);
  },
};

const actionPlans: ImportTable = {
  target: P.action_plans,
  async write(w, input) {
    const row = input as Rows['action_plans'];
    const id = await insertId(w, P.action_plans, {
      user_id: w.userId,
      archived_at: await archivedAt(w, P.action_plans, row.archived_at),
      archived_actions: json(row.archived_actions),
      ...definedColumns({ created_at: row.created_at }),
    });
    w.made('action_plans', row.id, id);
  },
};

const timelineItems: ImportTable = {
  target: P.timeline_items,
  async write(w, input) {
    const row = input as Rows['timeline_items'];
    const plan = await w.newId('action_plans', row.plan_id);
    if (!plan) return w.skip('timeline_items', M.missingParent('action plan'));
    const id = await insertId(w, P.timeline_items, {
      user_id: w.userId,
      plan_id: Number(plan),
      period_type: row.period_type,
      period_key: row.period_key,
      content: row.content,
      outcomes: row.outcomes,
      ...importedStamps(row),
    });
    w.made('timeline_items', row.id, id);
  },
};

const coachingPlans: ImportTable = {
  target: C.coaching_plans,
  async write(w, input) {
    const row = input as Rows['coaching_plans'];
    const id = await insertId(w, C.coaching_plans, {
      user_id: w.userId,
      prompt: row.prompt,
      response: row.response,
      archived_at: await archivedAt(w, C.coaching_plans, row.archived_at),
      ...definedColumns({ created_at: row.created_at }),
    });
    w.made('coaching_plans', row.id, id);
  },
};

const questionConversations: ImportTable = {
  target: C.question_conversations,
  async write(w, input) {
    const row = input as Rows['question_conversations'];
    const question = (await w
      .trx(`${C.questionnaire_questions} as q`)
      .join(`${C.questionnaire_sections} as s`, 's.id', 'q.section_id')
      .where('s.questionnaire_type', row.questionnaire_type)
      .whereRaw('lower(s.title) = lower(?)', [row.section_title])
      .whereRaw('lower(q.title) = lower(?)', [row.question_title])
      .first('q.id')) as { id: number } | undefined;
    if (!question) return w.skip('question_conversations', M.questionMissing);
    const answered = await w
      .trx(C.question_conversations)
      .where({ user_id: w.userId, question_id: question.id, period_key: row.period_key })
      .first('id');
    if (answered) return w.skip('question_conversations', M.alreadyAnswered);
    const id = await insertId(w, C.question_conversations, {
      user_id: w.userId,
      question_id: question.id,
      period_key: row.period_key,
      messages: JSON.stringify(row.messages),
      score: row.score,
      score_feedback: row.score_feedback,
      content: row.content,
      content_summary: row.content_summary,
      ...importedStamps(row),
    });
    w.made('question_conversations', row.id, id);
  },
};

export function coachingImport(db: Db, changed: (userId: number) => void): DomainImport {
  return {
    db,
    schema: 'coaching',
    tables: {
      milestones,
      todos,
      action_plans: actionPlans,
      timeline_items: timelineItems,
      coaching_plans: coachingPlans,
      question_conversations: questionConversations,
    },
    changed,
  };
}
