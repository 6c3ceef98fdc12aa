import { iso } from '@cc/service-kit';
import type { Knex } from 'knex';
import { actionLines, periodKey, stepPeriod, type ActionPlan, type ArchivedAction, type ArchivedPlan } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

interface PlanRow {
  id: number;
  created_at: Date;
  archived_at: Date | null;
  archived_actions: Groups | null;
}
type Groups = Pick<ArchivedPlan, 'immediately' | 'soon' | 'later'>;

/** Weeks after the archiving week whose open actions count as "soon"; later ones are "later". */
export const SOON_WEEKS = 4;
/** Archived plans a user is shown (newest first). */
export const ARCHIVED_PLANS_SHOWN = 100;

const publicPlan = (r: PlanRow): ActionPlan => ({ id: r.id, created_at: iso(r.created_at) });

export async function currentPlan(db: Conn, userId: number): Promise<ActionPlan | undefined> {
  const row = (await db(T.action_plans).where({ user_id: userId }).whereNull('archived_at').first('id', 'created_at')) as
    PlanRow | undefined;
  return row && publicPlan(row);
}

/** The current plan, created when the user has none (two first saves at once make one plan). */
export async function ensurePlan(db: Conn, userId: number): Promise<ActionPlan> {
  const existing = await currentPlan(db, userId);
  if (existing) return existing;
  await db.raw(`insert into ${T.action_plans} (user_id) values (?) on conflict (user_id) where archived_at is null do nothing`, [userId]);
  return (await currentPlan(db, userId))!;
}

/**
 * The open actions of a plan's weeks, grouped as of `week`: that week and earlier ones
 * (immediately), the next SOON_WEEKS weeks (soon), and after (later).
 */
export function groupOpenActions(items: { period_key: string; content: string }[], week: string): Groups {
  const soonUntil = stepPeriod(week, SOON_WEEKS);
  const groups: Groups = { immediately: [], soon: [], later: [] };
  for (const item of [...items].sort((a, b) => a.period_key.localeCompare(b.period_key))) {
    const group = item.period_key <= week ? groups.immediately : item.period_key <= soonUntil ? groups.soon : groups.later;
    for (const line of actionLines(item.content)) if (!line.done) group.push({ period_key: item.period_key, text: line.text });
  }
  return groups;
}

/**
 * POST /coaching/create_empty_action_plan. Starting a new plan is what archives the current
 * one, keeping its open actions grouped. A current plan with nothing written in it is already
 * empty: it is answered as it is (so two tabs creating at once make one plan, archive nothing).
 */
export async function createEmptyPlan(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ plan: ActionPlan; archived: ArchivedPlan | null }> {
  return db.transaction(async (trx) => {
    await lockPlans(trx, userId, 'exclusive');
    const current = await currentRow(trx, userId);
    let archived: ArchivedPlan | null = null;
    if (current) {
      const set = await setAside(trx, userId, current, now);
      if (set === 'empty') return { plan: publicPlan(current), archived: null };
      archived = set;
    }
    const [created] = (await trx(T.action_plans).insert({ user_id: userId }).returning(['id', 'created_at'])) as PlanRow[];
    return { plan: publicPlan(created!), archived };
  });
}

const currentRow = async (trx: Knex.Transaction, userId: number) =>
  (await trx(T.action_plans).where({ user_id: userId }).whereNull('archived_at').first('id', 'created_at')) as PlanRow | undefined;

/**
 * Archives the current plan with its open actions grouped as of `now`'s week; a plan with
 * nothing written in it is left as it is ('empty').
 */
async function setAside(trx: Knex.Transaction, userId: number, current: PlanRow, now: Date): Promise<ArchivedPlan | 'empty'> {
  const items = (await trx(T.timeline_items)
    .where({ user_id: userId, plan_id: current.id })
    .select('period_key', 'content', 'outcomes')) as {
    period_key: string;
    content: string;
    outcomes: string;
  }[];
  if (!items.some((i) => i.content.trim() || i.outcomes.trim())) return 'empty';
  const groups = groupOpenActions(items, periodKey('week', now));
  const [row] = (await trx(T.action_plans)
    .where({ user_id: userId, id: current.id })
    .update({ archived_at: now, archived_actions: JSON.stringify(groups) })
    .returning(['id', 'created_at', 'archived_at'])) as PlanRow[];
  return { id: row!.id, created_at: iso(row!.created_at), archived_at: iso(row!.archived_at!), ...groups };
}

/**
 * POST /coaching/restore_action_plan: an archived plan becomes the current one again, with its
 * weeks as they were (they were never deleted). The current plan is archived as a new plan
 * would archive it; one with nothing written in it is deleted instead (an empty archive would
 * only clutter the list). 'not_found' when the plan is not one of the user's archived plans.
 */
export async function restorePlan(
  db: Db,
  userId: number,
  planId: number,
  now = new Date(),
): Promise<{ plan: ActionPlan; archived: ArchivedPlan | null } | 'not_found'> {
  return db.transaction(async (trx) => {
    await lockPlans(trx, userId, 'exclusive');
    const wanted = (await trx(T.action_plans).where({ user_id: userId, id: planId }).whereNotNull('archived_at').first('id')) as
      PlanRow | undefined;
    if (!wanted) return 'not_found';
    const current = await currentRow(trx, userId);
    let archived: ArchivedPlan | null = null;
    if (current) {
      const set = await setAside(trx, userId, current, now);
      if (set === 'empty') await trx(T.action_plans).where({ user_id: userId, id: current.id }).delete();
      else archived = set;
    }
    const [row] = (await trx(T.action_plans)
      .where({ user_id: userId, id: planId })
      .update({ archived_at: null, archived_actions: null })
      .returning(['id', 'created_at'])) as PlanRow[];
    return { plan: publicPlan(row!), archived };
  });
}

const PLAN_LOCK = 0x504c414e; // "PLAN": the advisory-lock class of a user's action plans

/**
 * A user's plan lock, held to the end of the transaction: starting a new plan takes it
 * exclusively, week saves share it, so a save never lands in a plan being archived (it waits,
 * then finds the new plan) and two new plans at once make one.
 */
export async function lockPlans(trx: Knex.Transaction, userId: number, mode: 'shared' | 'exclusive'): Promise<void> {
  await trx.raw(`select ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(?, ?)`, [PLAN_LOCK, userId]);
}

export async function archivedPlans(db: Db, userId: number): Promise<ArchivedPlan[]> {
  const rows = (await db(T.action_plans)
    .where({ user_id: userId })
    .whereNotNull('archived_at')
    .orderBy([
      { column: 'archived_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(ARCHIVED_PLANS_SHOWN)
    .select('id', 'created_at', 'archived_at', 'archived_actions')) as PlanRow[];
  const list = (v: ArchivedAction[] | undefined) => v ?? [];
  return rows.map((r) => ({
    id: r.id,
    created_at: iso(r.created_at),
    archived_at: iso(r.archived_at!),
    immediately: list(r.archived_actions?.immediately),
    soon: list(r.archived_actions?.soon),
    later: list(r.archived_actions?.later),
  }));
}
