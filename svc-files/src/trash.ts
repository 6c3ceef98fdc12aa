import type { Knex } from 'knex';
import { FILE_NAME_MAX, FOLDER_NAME_MAX, restoredName } from '@cc/contracts';
import { fileAddress, folderAddress, journalAddress } from '@cc/contracts/addresses';
import {
  deleteRowsReturning,
  putInTrash,
  restoreRows,
  type Db,
  type Restored,
  type Restorers,
  type SnapshotRow,
  type TrashEntry,
  type PurgedEntry,
  TRASH_TABLE,
} from '@cc/service-kit';
import { findFolder, insertFolder, type FolderRow } from './folders';
import { deleteRevisionsOf } from './revisions';
import { T } from './tables';

/**
 * svc-files's trash (docs/trash.md): a deleted folder (with its files), file or journal day
 * is moved, as a snapshot of its rows, into `files.trash` in the delete's transaction, and
 * inserted back on restore. The kit's trash helpers do the storing.
 */

export const SCHEMA = 'files';

type Trx = Knex.Transaction;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const fileTitle = (folder: string, name: string) => `${folder} / ${name}`;

/** Moves the user's file to the trash; false when they have no such file. */
export async function trashFile(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const folder = (await trx(`${T.files} as f`)
      .join(`${T.folders} as fo`, 'fo.id', 'f.folder_id')
      .where({ 'f.user_id': userId, 'f.id': id })
      .forUpdate()
      .first('fo.id', 'fo.name', 'fo.description', 'fo.position')) as FolderRow | undefined;
    if (!folder) return false;
    const files = await deleteRowsReturning(trx, T.files, 'user_id = ? and id = ?', [userId, id]);
    const file = files[0]!;
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'file',
      objectId: id,
      title: fileTitle(folder.name, String(file.name)),
      url: fileAddress(folder.name, String(file.name)),
      payload: { files: files, folder },
    });
    return true;
  });
}

/**
 * Moves the user's folder and its files to the trash, as one entry. Stored file suggestions were
 * made for what the folder held and go (as before the trash); rejections stay.
 */
export async function trashFolder(db: Db, userId: number, name: string): Promise<{ deleted: boolean; files: number }> {
  return db.transaction(async (trx) => {
    const folder = await findFolder(trx, userId, name, true);
    if (!folder) return { deleted: false, files: 0 };
    const files = await deleteRowsReturning(trx, T.files, 'user_id = ? and folder_id = ?', [userId, folder.id]);
    const folders = await deleteRowsReturning(trx, T.folders, 'user_id = ? and id = ?', [userId, folder.id]);
    await trx(T.suggestions).where({ user_id: userId, kind: 'file', folder: folder.name }).delete();
    await trx(T.suggestion_sets).where({ user_id: userId, kind: 'file', folder: folder.name }).delete();
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'folder',
      objectId: folder.id,
      title: folder.name,
      detail: `with ${plural(files.length, 'file')}`,
      url: folderAddress(folder.name),
      payload: { folders, files },
    });
    return { deleted: true, files: files.length };
  });
}

const BLANK = `E' \\t\\r\\n'`;

/** Moves the user's journal entry of `date` to the trash; false when the day has no text. */
export async function trashJournalDay(db: Db, userId: number, date: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const entries = await deleteRowsReturning(trx, T.journal_entries, `user_id = ? and date = ?::date and btrim(content, ${BLANK}) <> ''`, [
      userId,
      date,
    ]);
    if (!entries.length) return false;
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'journal',
      objectId: date,
      title: date,
      url: journalAddress(date),
      payload: { journal_entries: entries },
    });
    return true;
  });
}

/** A name not taken by `taken`: the name itself, else with " (restored)", " (restored 2)", … */
async function freeName(name: string, max: number, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(name))) return name;
  for (let n = 1; ; n++) {
    const candidate = restoredName(name, n, max);
    if (!(await taken(candidate))) return candidate;
  }
}

const folderNameTaken = (trx: Trx, userId: number) => async (name: string) => !!(await findFolder(trx, userId, name));
const fileNameTaken = (trx: Trx, folderId: number) => async (name: string) =>
  !!(await trx(T.files).where({ folder_id: folderId }).whereRaw('lower(name) = lower(?)', [name]).first('id'));

async function restoreFile(trx: Trx, userId: number, entry: TrashEntry): Promise<Restored> {
  const [file] = entry.payload.files as SnapshotRow[];
  const was = entry.payload.folder as FolderRow;
  // Back in its folder; one renamed meanwhile is still its folder (same id), one deleted is made again.
  let folder =
    ((await trx(T.folders).where({ user_id: userId, id: was.id }).first('id', 'name', 'description', 'position')) as
      FolderRow | undefined) ?? (await findFolder(trx, userId, was.name));
  folder ??= (await insertFolder(trx, userId, was.name, was.description))!;
  const name = await freeName(String(file!.name), FILE_NAME_MAX, fileNameTaken(trx, folder.id));
  await restoreRows(trx, T.files, [{ ...file, folder_id: folder.id, name }]);
  return { kind: 'file', id: entry.object_id, title: fileTitle(folder.name, name), url: fileAddress(folder.name, name) };
}

async function restoreFolder(trx: Trx, userId: number, entry: TrashEntry): Promise<Restored> {
  const [folder] = entry.payload.folders as SnapshotRow[];
  const name = await freeName(String(folder!.name), FOLDER_NAME_MAX, folderNameTaken(trx, userId));
  await restoreRows(trx, T.folders, [{ ...folder, name }]);
  await restoreRows(trx, T.files, entry.payload.files as SnapshotRow[]);
  return { kind: 'folder', id: entry.object_id, title: name, url: folderAddress(name) };
}

/**
 * A journal day written again since it was deleted keeps its new text, and the restored text
 * follows it after a blank line: nothing of either is lost.
 */
async function restoreJournalDay(trx: Trx, userId: number, entry: TrashEntry): Promise<Restored> {
  const [day] = entry.payload.journal_entries as SnapshotRow[];
  const date = entry.object_id;
  const { rows } = (await trx.raw(
    `update ${T.journal_entries}
        set content = case when btrim(content, ${BLANK}) = '' then ? else content || E'\\n\\n' || ? end,
            revision = revision + 1, save_id = null, updated_at = now()
      where user_id = ? and date = ?::date
      returning id`,
    [day!.content as string, day!.content as string, userId, date],
  )) as { rows: unknown[] };
  if (!rows.length) await restoreRows(trx, T.journal_entries, [day!]);
  return { kind: 'journal', id: date, title: date, url: journalAddress(date) };
}

/** svc-files's kinds, put back (the kit's domainTrashRoutes takes the entry out of the trash in the same transaction). */
export const filesRestorers: Restorers = { folder: restoreFolder, file: restoreFile, journal: restoreJournalDay };

/**
 * Entries deleted for good take their history with them: the revisions of a file, or of a
 * folder's files (kept apart, without a foreign key, while they are in the trash; their ids read
 * from the payload in Postgres, so a large folder never travels to Node), and a journal day's
 * unless the day has been written again since.
 */
export async function purgeHistory(trx: Trx, entries: PurgedEntry[]): Promise<void> {
  const withFiles = entries.filter((e) => e.kind === 'file' || e.kind === 'folder').map((e) => e.id);
  if (withFiles.length) {
    await trx.raw(
      `delete from ${T.text_revisions} r
        using ${SCHEMA}.${TRASH_TABLE} t cross join lateral jsonb_array_elements(t.payload -> 'files') f
        where t.id = any(?::int[]) and r.user_id = t.user_id and r.file_id = (f ->> 'id')::int`,
      [withFiles],
    );
  }
  for (const entry of entries.filter((e) => e.kind === 'journal')) {
    const written = await trx(T.journal_entries)
      .where({ user_id: entry.user_id })
      .whereRaw('date = ?::date', [entry.object_id])
      .first('id');
    if (!written) await deleteRevisionsOf(trx, entry.user_id, { date: entry.object_id });
  }
}
