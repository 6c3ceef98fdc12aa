import { CONTENT_MAX, DOMAIN_IMPORT_MESSAGES as M, FILE_NAME_MAX, FOLDER_NAME_MAX, type ImportRows } from '@cc/contracts';
import { definedColumns, unusedName, type Db, type DomainImport, type ImportTable, importedStamps } from '@cc/service-kit';
import { T } from './tables';

/**
 * svc-files's part of an import (docs/import.md#the-domains-part): folders, files, journal
 * days and turned-down suggestions from workspace.json, for the caller, with new ids. A name
 * the account already uses gets " (2)"; a journal day that already has text gets the imported
 * text after it (undo puts the day's text back).
 */

type Rows = ImportRows<'files'>;

const folders: ImportTable = {
  target: T.folders,
  async write(w, input) {
    const row = input as Rows['folders'];
    const name = await unusedName(row.name.trim(), FOLDER_NAME_MAX, async (candidate) =>
      Boolean(await w.trx(T.folders).where({ user_id: w.userId }).whereRaw('lower(name) = lower(?)', [candidate]).first('id')),
    );
    const [made] = (await w
      .trx(T.folders)
      .insert({ user_id: w.userId, name, description: row.description, position: row.position, ...importedStamps(row) })
      .returning('id')) as { id: number }[];
    w.made('folders', row.id, made!.id);
  },
};

const files: ImportTable = {
  target: T.files,
  async write(w, input) {
    const row = input as Rows['files'];
    const folderId = await w.newId('folders', row.folder_id);
    if (!folderId) return w.skip('files', M.missingParent('folder'));
    const name = await unusedName(
      row.name.trim(),
      FILE_NAME_MAX,
      async (candidate) =>
        Boolean(
          await w
            .trx(T.files)
            .where({ folder_id: Number(folderId) })
            .whereRaw('lower(name) = lower(?)', [candidate])
            .first('id'),
        ),
      '.md',
    );
    const [made] = (await w
      .trx(T.files)
      .insert({
        user_id: w.userId,
        folder_id: Number(folderId),
        name,
        description: row.description,
        content: row.content,
        summary: row.summary,
        goals: row.goals,
        position: row.position,
        ...importedStamps(row),
      })
      .returning('id')) as { id: number }[];
    w.made('files', row.id, made!.id);
  },
};

const journalEntries: ImportTable = {
  target: T.journal_entries,
  // The text changes back: an editor still holding the imported one must see its save as stale.
  restore: (previous, trx) => ({ ...previous, revision: trx.raw('revision + 1') }),
  async write(w, input) {
    const row = input as Rows['journal_entries'];
    const existing = (await w
      .trx(T.journal_entries)
      .where({ user_id: w.userId, date: row.date })
      .forUpdate()
      .first('id', 'content', 'updated_at')) as { id: number; content: string; updated_at: Date } | undefined;
    if (!existing) {
      const [made] = (await w
        .trx(T.journal_entries)
        .insert({ user_id: w.userId, date: row.date, content: row.content, ...importedStamps(row) })
        .returning('id')) as { id: number }[];
      return w.made('journal_entries', row.date, made!.id);
    }
    if (!row.content.trim()) return w.merged('journal_entries', row.date, existing.id, { content: existing.content });
    // Both texts are the user's: the day keeps what it had and gets the imported text below it.
    const content = existing.content.trim() ? `${existing.content.replace(/\s+$/, '')}\n\n${row.content}` : row.content;
    if (content.length > CONTENT_MAX) return w.skip('journal_entries', M.dayTooLong(row.date));
    await w
      .trx(T.journal_entries)
      .where({ id: existing.id })
      .update({ content, updated_at: w.trx.fn.now(), revision: w.trx.raw('revision + 1') });
    w.merged('journal_entries', row.date, existing.id, {
      content: existing.content,
      updated_at: new Date(existing.updated_at).toISOString(),
    });
  },
};

const rejections: ImportTable = {
  target: T.rejections,
  async write(w, input) {
    const row = input as Rows['rejections'];
    const [made] = (await w
      .trx(T.rejections)
      .insert({
        user_id: w.userId,
        kind: row.kind,
        folder: row.folder,
        name: row.name,
        key: row.key,
        ...definedColumns({ created_at: row.created_at }),
      })
      .onConflict(['user_id', 'kind', 'folder', 'key'])
      .ignore()
      .returning('id')) as { id: number }[];
    // Already turned down here: nothing to add, and nothing the user needs told.
    if (made) w.made('rejections', `${row.kind}:${row.folder}:${row.key}`, made.id);
  },
};

export function filesImport(db: Db, changed: (userId: number) => void): DomainImport {
  return {
    db,
    schema: 'files',
    tables: { folders, files, journal_entries: journalEntries, rejections },
    changed,
  };
}
