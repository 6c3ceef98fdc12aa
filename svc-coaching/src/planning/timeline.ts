import { iso } from '@cc/service-kit';
import type { Knex } from 'knex';
import type { TimelineItem } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { currentPlan, ensurePlan, lockPlans } from './action-plans';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

interface ItemRow {
  period_type: 'week';
  period_key: string;
  content: string;
  outcomes: string;
  revision: number;
  save_id: string | null;
  updated_at: Date;
}

const COLUMNS = 'period_type, period_key, content, outcomes, revision, updated_at';

const publicItem = (r: ItemRow): TimelineItem => ({
  period_type: r.period_type,
  period_key: r.period_key,
  content: r.content,
  outcomes: r.outcomes,
  revision: r.revision,
  updated_at: iso(r.updated_at),
});

/** The current plan's weeks, oldest first (none while the user has no plan). */
export async function listItems(db: Conn, userId: number): Promise<TimelineItem[]> {
  const plan = await currentPlan(db, userId);
  if (!plan) return [];
  const { rows } = await db.raw(`select ${COLUMNS} from ${T.timeline_items} where user_id = ? and plan_id = ? order by period_key`, [
    userId,
    plan.id,
  ]);
  return (rows as ItemRow[]).map(publicItem);
}

/** The current plan's weeks in [first, last) by key, for the week prompt. */
export async function itemsBetween(db: Conn, userId: number, firstKey: string, beforeKey: string): Promise<TimelineItem[]> {
  const plan = await currentPlan(db, userId);
  if (!plan) return [];
  const { rows } = await db.raw(
    `select ${COLUMNS} from ${T.timeline_items}
     where user_id = ? and plan_id = ? and period_type = 'week' and period_key >= ? and period_key < ?
     order by period_key`,
    [userId, plan.id, firstKey, beforeKey],
  );
  return (rows as ItemRow[]).map(publicItem);
}

export async function findItem(db: Conn, userId: number, key: string): Promise<TimelineItem | undefined> {
  const plan = await currentPlan(db, userId);
  if (!plan) return undefined;
  const { rows } = await db.raw(`select ${COLUMNS} from ${T.timeline_items} where user_id = ? and plan_id = ? and period_key = ?`, [
    userId,
    plan.id,
    key,
  ]);
  return rows[0] ? publicItem(rows[0] as ItemRow) : undefined;
}

export interface WeekSave {
  content: string;
  /** Replaces the outcomes when given; else they stay. */
  outcomes?: string | null;
  /** The revision the edit is based on (0: the client saw no week); stale → not saved. */
  basedOn?: number;
  saveId?: string;
}

export type WeekSaveResult =
  { saved: true; item: TimelineItem } | { saved: false; current: { content: string; revision: number; save_id?: string } };

/**
 * Upserts one week of the current plan (created when the user has none). As for the journal:
 * with `basedOn`, only when the week is still at that revision or already holds exactly this
 * text, in one statement; the revision goes up only when the text changes.
 */
export function saveItem(db: Db, userId: number, key: string, save: WeekSave): Promise<WeekSaveResult> {
  return db.transaction(async (trx) => {
    await lockPlans(trx, userId, 'shared');
    return upsertItem(trx, userId, key, save);
  });
}

async function upsertItem(db: Knex.Transaction, userId: number, key: string, save: WeekSave): Promise<WeekSaveResult> {
  const plan = await ensurePlan(db, userId);
  const outcomes = save.outcomes ?? null;
  const basedOn = save.basedOn ?? null;
  const { rows } = await db.raw(
    `insert into ${T.timeline_items} as i (user_id, plan_id, period_type, period_key, content, outcomes, revision, save_id)
     values (?, ?, 'week', ?, ?, coalesce(?::text, ''), 1, ?)
     on conflict (user_id, plan_id, period_type, period_key) do update
       set revision = case when i.content = excluded.content then i.revision else i.revision + 1 end,
           save_id = case when i.content = excluded.content then i.save_id else excluded.save_id end,
           outcomes = case when ?::text is null then i.outcomes else excluded.outcomes end,
           updated_at = now(),
           content = excluded.content
       where ?::int is null or i.revision = ?::int or i.content = excluded.content
     returning ${COLUMNS}`,
    [userId, plan.id, key, save.content, outcomes, save.saveId ?? null, outcomes, basedOn, basedOn],
  );
  if (rows[0]) return { saved: true, item: publicItem(rows[0] as ItemRow) };
  const current = (await db(T.timeline_items)
    .where({ user_id: userId, plan_id: plan.id, period_type: 'week', period_key: key })
    .first('content', 'revision', 'save_id')) as { content: string; revision: number; save_id: string | null };
  return {
    saved: false,
    current: { content: current.content, revision: current.revision, ...(current.save_id ? { save_id: current.save_id } : {}) },
  };
}

/**
 * Stores a week's generated outcomes; its actions (content) and their revision stay as they
 * are (a new week starts at revision 0: its text has not been saved yet).
 */
export async function saveOutcomes(db: Db, userId: number, key: string, outcomes: string): Promise<void> {
  await db.transaction(async (trx) => {
    await lockPlans(trx, userId, 'shared');
    const plan = await ensurePlan(trx, userId);
    await trx.raw(
      `insert into ${T.timeline_items} as i (user_id, plan_id, period_type, period_key, outcomes, revision)
     values (?, ?, 'week', ?, ?, 0)
     on conflict (user_id, plan_id, period_type, period_key) do update set outcomes = excluded.outcomes, updated_at = now()`,
      [userId, plan.id, key, outcomes],
    );
  });
}
