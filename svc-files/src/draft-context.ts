import type { RelatedFile } from '@cc/ai';
import type { Db } from '@cc/service-kit';
import { findFolder } from './folders';
import { T } from './tables';

/** What a draft builds on, bounded so that a large folder costs no more than a small one. */
export const RELATED_FILES_LIMIT = 4;
export const RELATED_EXCERPT_CHARS = 1500;

export interface DraftContext {
  folderDescription?: string;
  related: RelatedFile[];
}

/**
 * What the workspace already holds for a new file: the folder's description and the first few
 * other files of the folder (name, description and the opening of their content, cut by
 * Postgres so long files are never read whole).
 */
export async function draftContext(db: Db, userId: number, folder: string, name: string): Promise<DraftContext> {
  const found = await findFolder(db, userId, folder);
  if (!found) return { related: [] };
  const rows: { name: string; description: string; excerpt: string }[] = await db(T.files)
    .where({ user_id: userId, folder_id: found.id })
    .whereRaw('lower(name) <> lower(?)', [name])
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .limit(RELATED_FILES_LIMIT)
    .select('name', 'description', db.raw('left(content, ?) as excerpt', [RELATED_EXCERPT_CHARS]));
  return {
    ...(found.description.trim() ? { folderDescription: found.description.trim() } : {}),
    related: rows.map((r) => ({
      name: r.name,
      ...(r.description.trim() ? { description: r.description.trim() } : {}),
      ...(r.excerpt.trim() ? { excerpt: r.excerpt } : {}),
    })),
  };
}
