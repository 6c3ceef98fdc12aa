import type { Knex } from 'knex';
import { folderGuide } from '@cc/ai';
import type { Db } from '@cc/service-kit';
import { isUniqueViolation } from '@cc/service-kit';
import { T } from './tables';

export interface FolderRow {
  id: number;
  name: string;
  description: string;
  position: number;
}

export const publicFolder = (f: FolderRow) => ({ name: f.name, description: f.description, position: f.position });

const COLUMNS = ['id', 'name', 'description', 'position'] as const;

export function listFolders(db: Db | Knex.Transaction, userId: number): Promise<FolderRow[]> {
  return db(T.folders)
    .where({ user_id: userId })
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select(COLUMNS);
}

/** Folder names compare without case (the unique index is on lower(name)). */
export function findFolder(db: Db | Knex.Transaction, userId: number, name: string, forUpdate = false): Promise<FolderRow | undefined> {
  const q = db(T.folders).where({ user_id: userId }).whereRaw('lower(name) = lower(?)', [name]).first(COLUMNS);
  return forUpdate ? q.forUpdate() : q;
}

/** Inserts at the end of the user's list; undefined when the name is taken. */
export async function insertFolder(
  db: Db | Knex.Transaction,
  userId: number,
  name: string,
  description: string,
): Promise<FolderRow | undefined> {
  const { rows } = await db.raw(
    `insert into ${T.folders} (user_id, name, description, position)
     select ?, ?, ?, coalesce(max(position) + 1, 0) from ${T.folders} where user_id = ?
     on conflict do nothing
     returning id, name, description, position`,
    [userId, name, description, userId],
  );
  return rows[0] as FolderRow | undefined;
}

/**
 * The folder a new file goes into: the existing one, or a new one at the end (described from
 * the career-folder catalogue when the name is one of its folders).
 */
export async function ensureFolder(trx: Knex.Transaction, userId: number, name: string): Promise<{ folder: FolderRow; created: boolean }> {
  const existing = await findFolder(trx, userId, name);
  if (existing) return { folder: existing, created: false };
  const created = await insertFolder(trx, userId, name, folderGuide(name)?.description ?? '');
  if (created) return { folder: created, created: true };
  // Created meanwhile by a concurrent request: the insert waited for it, so it is visible now.
  return { folder: (await findFolder(trx, userId, name))!, created: false };
}

export type FolderUpdate = { newName?: string; description?: string };

/**
 * Renames and/or describes. A rename carries the folder's file suggestions and rejections
 * along (they are stored by folder name).
 */
export async function updateFolder(
  db: Db,
  userId: number,
  name: string,
  change: FolderUpdate,
): Promise<FolderRow | 'not_found' | 'exists'> {
  try {
    return await db.transaction(async (trx) => {
      const folder = await findFolder(trx, userId, name, true);
      if (!folder) return 'not_found';
      const patch: Record<string, unknown> = {};
      if (change.newName !== undefined && change.newName !== folder.name) patch.name = change.newName;
      if (change.description !== undefined) patch.description = change.description;
      if (Object.keys(patch).length === 0) return folder;
      const [row] = await trx(T.folders)
        .where({ id: folder.id })
        .update({ ...patch, updated_at: trx.fn.now() })
        .returning(COLUMNS);
      if (patch.name) await moveFolderSuggestions(trx, userId, folder.name, patch.name as string);
      return row as FolderRow;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

async function moveFolderSuggestions(trx: Knex.Transaction, userId: number, from: string, to: string): Promise<void> {
  const scope = { user_id: userId, kind: 'file' };
  // Leftovers of an earlier folder with the new name give way.
  await trx(T.suggestions)
    .where({ ...scope, folder: to })
    .delete();
  await trx(T.suggestion_sets)
    .where({ ...scope, folder: to })
    .delete();
  await trx(T.suggestions)
    .where({ ...scope, folder: from })
    .update({ folder: to });
  await trx(T.suggestion_sets)
    .where({ ...scope, folder: from })
    .update({ folder: to });
  await trx.raw(
    `insert into ${T.rejections} (user_id, kind, folder, name, key, created_at)
     select user_id, kind, ?, name, key, created_at from ${T.rejections} where user_id = ? and kind = 'file' and folder = ?
     on conflict do nothing`,
    [to, userId, from],
  );
  await trx(T.rejections)
    .where({ ...scope, folder: from })
    .delete();
}

/**
 * Positions as given: the listed folders first in that order, then the others in their
 * current order. Names that are not the user's folders are ignored and returned.
 */
export async function reorderFolders(db: Db, userId: number, order: string[]): Promise<string[]> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `with wanted as (
         select lower(name) as key, min(ord) as ord from unnest(?::text[]) with ordinality as t(name, ord) group by lower(name)
       ),
       ranked as (
         select f.id, (row_number() over (order by w.ord nulls last, f.position, f.id) - 1)::int as pos, w.ord is not null as listed
         from ${T.folders} f left join wanted w on w.key = lower(f.name)
         where f.user_id = ?
       ),
       moved as (
         update ${T.folders} f set position = r.pos, updated_at = now()
         from ranked r where f.id = r.id and f.position <> r.pos
         returning f.id
       )
       select lower(f.name) as key from ${T.folders} f join ranked r on r.id = f.id where r.listed`,
      [order, userId],
    );
    const known = new Set((rows as { key: string }[]).map((r) => r.key));
    return order.filter((n) => !known.has(n.toLowerCase()));
  });
}
