import { frontMatter, pathSegment } from '@cc/contracts/export';
import { recordRow, rowsById, type Db, type ExportPart } from '@cc/service-kit';
import { T } from './tables';

/**
 * svc-files's part of an export (docs/export.md): a markdown file per file and per journal day,
 * and the records workspace.json keeps (folders, files, journal entries, the suggestion names
 * the user turned down). What the product can make again is left out: suggestion lists, search
 * indexes, revision counters and save ids.
 */

interface FolderRow {
  id: number;
  name: string;
  description: string;
  position: number;
  created_at: unknown;
  updated_at: unknown;
}

type Row = Record<string, unknown>;

const withoutMd = (name: string) => name.replace(/\.md$/i, '');

export function filesExportPart(db: Db, userId: number): ExportPart {
  return {
    async totals() {
      const { rows } = await db.raw(
        `select
           (select count(*) from ${T.folders} where user_id = :u)
           + (select count(*) from ${T.rejections} where user_id = :u) as small,
           (select count(*) from ${T.files} where user_id = :u) as files,
           (select coalesce(sum(octet_length(content) + octet_length(summary) + octet_length(goals) + octet_length(description)), 0) from ${T.files} where user_id = :u) as file_bytes,
           (select count(*) from ${T.journal_entries} where user_id = :u) as days,
           (select coalesce(sum(octet_length(content)), 0) from ${T.journal_entries} where user_id = :u) as day_bytes`,
        { u: userId },
      );
      const r = rows[0] as Record<string, string | number>;
      const n = (k: string) => Number(r[k]);
      return { records: n('small') + n('files') + n('days'), bytes: n('file_bytes') + n('day_bytes') };
    },
    async *lines() {
      // A user has tens of folders, not thousands: their names are kept for the files' paths.
      const folders = (await db(T.folders)
        .where({ user_id: userId })
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .select('id', 'name', 'description', 'position', 'created_at', 'updated_at')) as FolderRow[];
      const byId = new Map(folders.map((f) => [f.id, f]));
      const used = new Set<number>();
      for (const f of folders) {
        yield { record: { table: 'folders', row: recordRow({ ...f }) } };
      }

      const files = rowsById<Row & { id: number }>(
        () =>
          db(T.files)
            .where({ user_id: userId })
            .select(
              'id',
              'folder_id',
              'name',
              'description',
              'content',
              'summary',
              'goals',
              'position',
              'is_generated',
              'created_at',
              'updated_at',
            ),
        { size: 200 },
      );
      for await (const file of files) {
        const folder = byId.get(file.folder_id as number);
        used.add(file.folder_id as number);
        yield {
          entry: {
            path: `files/${pathSegment(folder?.name ?? 'Files')}/${pathSegment(withoutMd(file.name as string))}.md`,
            text:
              frontMatter({
                folder: folder?.name,
                folder_description: folder?.description,
                description: file.description as string,
                summary: file.summary as string,
                goals: file.goals as string,
              }) + (file.content as string),
          },
        };
        yield {
          record: { table: 'files', row: recordRow(file) },
        };
      }
      // An empty folder is still a folder the user made: it comes out as an empty directory.
      for (const f of folders) if (!used.has(f.id)) yield { entry: { path: `files/${pathSegment(f.name)}/`, text: '' } };

      const days = rowsById<Row & { id: number }>(() =>
        db(T.journal_entries)
          .where({ user_id: userId })
          .select('id', db.raw(`to_char(date, 'YYYY-MM-DD') as date`), 'content', 'created_at', 'updated_at'),
      );
      for await (const { id: _id, ...day } of days) {
        const date = day.date as string;
        if ((day.content as string).trim())
          yield { entry: { path: `journal/${date.slice(0, 4)}/${date}.md`, text: day.content as string } };
        yield { record: { table: 'journal_entries', row: recordRow(day) } };
      }

      const rejections = await db(T.rejections)
        .where({ user_id: userId })
        .orderBy('id')
        .select('kind', 'folder', 'name', 'key', 'created_at');
      for (const r of rejections as Row[]) yield { record: { table: 'rejections', row: recordRow(r) } };
    },
  };
}
