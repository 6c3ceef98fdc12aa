import type { Knex } from 'knex';
import { milestoneAddress, todoAddress } from '@cc/contracts/addresses';
import {
  deleteRowsReturning,
  putInTrash,
  restoreRows,
  TRASH_TABLE,
  type Db,
  type Restorers,
  type SnapshotRow,
  type TrashEntry,
} from '@cc/service-kit';
import { T } from './tables';

/**
 * Planning's trash (docs/trash.md): a deleted todo or milestone is moved, as a snapshot of its
 * row, into `coaching.trash` in the delete's transaction, and inserted back on restore.
 */

export const SCHEMA = 'coaching';

type Trx = Knex.Transaction;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Moves the user's todo to the trash; false when they have no such todo. */
export async function trashTodo(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [todo] = await deleteRowsReturning(trx, T.todos, 'user_id = ? and id = ?', [userId, id]);
    if (!todo) return false;
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'todo',
      objectId: id,
      title: String(todo.title),
      detail: todo.due_date ? `due ${String(todo.due_date)}` : null,
      url: todoAddress(id),
      payload: { todos: [todo] },
    });
    return true;
  });
}

/**
 * Moves the user's milestone to the trash; its todos stay, unlinked (as before the trash), and
 * the entry remembers which were linked so a restore links them again.
 */
export async function trashMilestone(db: Db, userId: number, id: number): Promise<{ unlinked: number } | 'not_found'> {
  return db.transaction(async (trx) => {
    const milestone = await trx(T.milestones).where({ user_id: userId, id }).forUpdate().first('id');
    if (!milestone) return 'not_found';
    const unlinked = (await trx(T.todos)
      .where({ user_id: userId, milestone_id: id })
      .update({ milestone_id: null, updated_at: trx.fn.now() })
      .returning('id')) as { id: number }[];
    const [row] = await deleteRowsReturning(trx, T.milestones, 'user_id = ? and id = ?', [userId, id]);
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'milestone',
      objectId: id,
      title: String(row!.title),
      detail: unlinked.length ? `${plural(unlinked.length, 'linked todo')}` : null,
      url: milestoneAddress(id),
      payload: { milestones: [row], linked_todos: unlinked.map((t) => t.id) },
    });
    return { unlinked: unlinked.length };
  });
}

/**
 * A todo comes back with its milestone when that is still there (else unlinked, and linked again
 * when the milestone comes back from the trash), and with its source unless another todo was
 * made from the same source meanwhile.
 */
async function restoreTodo(trx: Trx, userId: number, entry: TrashEntry) {
  const [todo] = entry.payload.todos as SnapshotRow[];
  const row = { ...todo };
  if (row.milestone_id && !(await trx(T.milestones).where({ user_id: userId, id: row.milestone_id }).first('id'))) {
    // A milestone in the trash now links it again when it comes back; one gone for good does not.
    await trx.raw(
      `update ${SCHEMA}.${TRASH_TABLE}
          set payload = jsonb_set(payload, '{linked_todos}', coalesce(payload -> 'linked_todos', '[]'::jsonb) || ?::jsonb)
        where user_id = ? and kind = 'milestone' and object_id = ?`,
      [JSON.stringify([Number(entry.object_id)]), userId, String(row.milestone_id)],
    );
    row.milestone_id = null;
  }
  if (row.source_key && (await trx(T.todos).where({ user_id: userId, source_key: row.source_key }).first('id'))) row.source_key = null;
  await restoreRows(trx, T.todos, [row]);
  return { kind: 'todo' as const, id: entry.object_id, title: String(row.title), url: todoAddress(Number(entry.object_id)) };
}

/** A milestone comes back linked again to the todos it had, those still there and not linked elsewhere meanwhile. */
async function restoreMilestone(trx: Trx, userId: number, entry: TrashEntry) {
  const [milestone] = entry.payload.milestones as SnapshotRow[];
  await restoreRows(trx, T.milestones, [milestone!]);
  const linked = (entry.payload.linked_todos as number[] | undefined) ?? [];
  if (linked.length)
    await trx(T.todos)
      .where({ user_id: userId })
      .whereIn('id', linked)
      .whereNull('milestone_id')
      .update({ milestone_id: Number(entry.object_id), updated_at: trx.fn.now() });
  return {
    kind: 'milestone' as const,
    id: entry.object_id,
    title: String(milestone!.title),
    url: milestoneAddress(Number(entry.object_id)),
  };
}

export const planningRestorers: Restorers = { todo: restoreTodo, milestone: restoreMilestone };
