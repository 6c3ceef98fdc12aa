import { iso } from '@cc/service-kit';
import type { ArchivedCoachingPlan } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

/**
 * The prompt the editor starts with before a first plan: it asks for what an
 * information-gathering plan needs, in the user's words, so editing it is filling it in.
 */
export const DEFAULT_COACHING_PROMPT = [
  'I want a plan for gathering the information I need to take my next career step.',
  '',
  'Where I am now: my role, my team and how long I have been there.',
  'What I want: the goal I am working toward in the next year (a promotion, a new role, a new skill, leading a team...).',
  'What I already know: what has gone well, feedback I have had, people I can ask.',
  'What I am unsure about: the questions I cannot answer yet.',
  '',
  'Tell me which questions to answer, who and what to learn from, which notes to keep, and what to do first this week.',
].join('\n');

interface PlanRow {
  id: number;
  prompt: string;
  response: string;
  created_at: Date;
  archived_at: Date | null;
}

export interface CurrentPlan {
  prompt: string;
  response: string;
  created_at: string;
}

export async function currentPlan(db: Db, userId: number): Promise<CurrentPlan | undefined> {
  const row = (await db(T.coaching_plans).where({ user_id: userId }).whereNull('archived_at').first()) as PlanRow | undefined;
  return row && { prompt: row.prompt, response: row.response, created_at: iso(row.created_at) };
}

/** Stores the new plan and archives the one it replaces, in one transaction. */
export async function savePlan(db: Db, userId: number, prompt: string, response: string): Promise<CurrentPlan> {
  return db.transaction(async (trx) => {
    await trx(T.coaching_plans).where({ user_id: userId }).whereNull('archived_at').update({ archived_at: trx.fn.now() });
    const [row] = (await trx(T.coaching_plans).insert({ user_id: userId, prompt, response }).returning('*')) as PlanRow[];
    return { prompt: row!.prompt, response: row!.response, created_at: iso(row!.created_at) };
  });
}

/** Newest archive first. */
export async function archivedPlans(db: Db, userId: number): Promise<ArchivedCoachingPlan[]> {
  const rows = (await db(T.coaching_plans)
    .where({ user_id: userId })
    .whereNotNull('archived_at')
    .orderBy([
      { column: 'archived_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as PlanRow[];
  return rows.map((r) => ({
    id: r.id,
    prompt: r.prompt,
    response: r.response,
    created_at: iso(r.created_at),
    archived_at: iso(r.archived_at!),
  }));
}
