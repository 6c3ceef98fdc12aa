import { iso } from '@cc/service-kit';
import type { Knex } from 'knex';
import type { Milestone, MilestoneFields, MilestonePatch } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

interface MilestoneRow {
  id: number;
  title: string;
  target_date: string;
  description: string;
  milestone_type: string;
  completed: boolean;
  created_at: Date;
  updated_at: Date;
  done: number;
  total: number;
}

export const publicMilestone = (r: MilestoneRow): Milestone => ({
  id: r.id,
  title: r.title,
  target_date: r.target_date,
  description: r.description,
  milestone_type: r.milestone_type,
  completed: r.completed,
  progress: { done: Number(r.done), total: Number(r.total) },
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const COLUMNS = `m.id, m.title, to_char(m.target_date, 'YYYY-MM-DD') as target_date, m.description, m.milestone_type,
  m.completed, m.created_at, m.updated_at`;

/** The user's milestones (or one), each with the progress of its linked todos. */
async function readMilestones(db: Conn, userId: number, where = '', values: Knex.RawBinding[] = []): Promise<Milestone[]> {
  const { rows } = await db.raw(
    `select ${COLUMNS},
       (select count(*) filter (where t.completed) from ${T.todos} t where t.user_id = m.user_id and t.milestone_id = m.id)::int as done,
       (select count(*) from ${T.todos} t where t.user_id = m.user_id and t.milestone_id = m.id)::int as total
     from ${T.milestones} m
     where m.user_id = ? ${where}
     order by m.target_date, m.id`,
    [userId, ...values],
  );
  return (rows as MilestoneRow[]).map(publicMilestone);
}

/** By target date. */
export const listMilestones = (db: Conn, userId: number) => readMilestones(db, userId);

export async function findMilestone(db: Conn, userId: number, id: number): Promise<Milestone | 'not_found'> {
  const [milestone] = await readMilestones(db, userId, 'and m.id = ?', [id]);
  return milestone ?? 'not_found';
}

/** The open milestones whose target date falls between two days (inclusive). */
export const openMilestonesBetween = (db: Conn, userId: number, first: string, last: string) =>
  readMilestones(db, userId, 'and not m.completed and m.target_date between ?::date and ?::date', [first, last]);

export async function insertMilestone(db: Conn, userId: number, m: MilestoneFields): Promise<Milestone> {
  const [row] = await db(T.milestones)
    .insert({
      user_id: userId,
      title: m.title,
      target_date: db.raw('?::date', [m.target_date]),
      description: m.description,
      milestone_type: m.milestone_type,
    })
    .returning('id');
  return (await findMilestone(db, userId, (row as { id: number }).id)) as Milestone;
}

export async function updateMilestone(db: Db, userId: number, id: number, patch: MilestonePatch): Promise<Milestone | 'not_found'> {
  const change: Record<string, unknown> = { updated_at: db.fn.now() };
  if (patch.title !== undefined) change.title = patch.title;
  if (patch.target_date !== undefined) change.target_date = db.raw('?::date', [patch.target_date]);
  if (patch.description !== undefined) change.description = patch.description;
  if (patch.milestone_type !== undefined) change.milestone_type = patch.milestone_type;
  // Rows counted by what they return: PGlite (the embedded default) answers a bare write with
  // a result object, not a count.
  const changed = await db(T.milestones).where({ user_id: userId, id }).update(change).returning('id');
  return changed.length > 0 ? findMilestone(db, userId, id) : 'not_found';
}

export async function toggleMilestone(db: Db, userId: number, id: number): Promise<Milestone | 'not_found'> {
  const changed = await db(T.milestones)
    .where({ user_id: userId, id })
    .update({ completed: db.raw('not completed'), updated_at: db.fn.now() })
    .returning('id');
  return changed.length > 0 ? findMilestone(db, userId, id) : 'not_found';
}
