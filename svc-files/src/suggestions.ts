import { filterSuggestions, suggestionKey, type Suggestion } from '@cc/ai';
import type { Db } from '@cc/service-kit';
import { fileNamesIn } from './files';
import { findFolder, listFolders } from './folders';
import { T } from './tables';

/** Folder suggestions (folder '') or the file suggestions of one folder, for one user. */
export interface SuggestionScope {
  userId: number;
  kind: 'folder' | 'file';
  folder: string;
}

export const folderScope = (userId: number): SuggestionScope => ({ userId, kind: 'folder', folder: '' });
export const fileScope = (userId: number, folder: string): SuggestionScope => ({ userId, kind: 'file', folder });

const where = (s: SuggestionScope) => ({ user_id: s.userId, kind: s.kind, folder: s.folder });

/** What a suggestion must not repeat: the names the user already has, and those turned down. */
export interface SuggestionContext {
  existing: string[];
  rejected: string[];
  /** File suggestions: the folder's description, for the prompt. */
  folderDescription?: string;
}

export async function suggestionContext(db: Db, scope: SuggestionScope): Promise<SuggestionContext> {
  const rejected = (await db(T.rejections).where(where(scope)).orderBy('id').select('name')).map((r: { name: string }) => r.name);
  if (scope.kind === 'folder') {
    return { existing: (await listFolders(db, scope.userId)).map((f) => f.name), rejected };
  }
  const folder = await findFolder(db, scope.userId, scope.folder);
  return {
    existing: folder ? await fileNamesIn(db, scope.userId, scope.folder) : [],
    rejected,
    ...(folder?.description ? { folderDescription: folder.description } : {}),
  };
}

/** The stored list minus anything the user has created or rejected since it was made. */
export async function liveSuggestions(db: Db, scope: SuggestionScope, context: SuggestionContext): Promise<Suggestion[]> {
  const stored: Suggestion[] = await db(T.suggestions)
    .where(where(scope))
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select('name', 'description');
  return filterSuggestions(stored, { ...context, count: 10 });
}

export interface GenerationState {
  count: number;
  /** How many the last generation gave; 0 means asking again is pointless until something changes. */
  last_yield: number;
}

export function generationState(db: Db, scope: SuggestionScope): Promise<GenerationState | undefined> {
  return db(T.suggestion_sets).where(where(scope)).first('count', 'last_yield');
}

/** Replaces the stored list (one writer at a time per list: the set row is locked first). */
export async function storeSuggestions(db: Db, scope: SuggestionScope, list: Suggestion[], count: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(
      `insert into ${T.suggestion_sets} (user_id, kind, folder, count, last_yield, generated_at) values (?, ?, ?, ?, ?, now())
       on conflict (user_id, kind, folder) do update set count = excluded.count, last_yield = excluded.last_yield, generated_at = now()`,
      [scope.userId, scope.kind, scope.folder, count, list.length],
    );
    await trx(T.suggestions).where(where(scope)).delete();
    if (list.length === 0) return;
    const rows = list.map((s, position) => ({
      ...where(scope),
      name: s.name,
      key: suggestionKey(s.name),
      description: s.description,
      position,
    }));
    await trx(T.suggestions).insert(rows).onConflict(['user_id', 'kind', 'folder', 'key']).ignore();
  });
}

/** Remembers the rejection (so the name never comes back) and drops it from the stored list. */
export async function rejectSuggestion(db: Db, scope: SuggestionScope, name: string): Promise<void> {
  const key = suggestionKey(name);
  await db.transaction(async (trx) => {
    await trx(T.rejections)
      .insert({ ...where(scope), name: name.trim(), key })
      .onConflict(['user_id', 'kind', 'folder', 'key'])
      .ignore();
    await trx(T.suggestions)
      .where({ ...where(scope), key })
      .delete();
  });
}
