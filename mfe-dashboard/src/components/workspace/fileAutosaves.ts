import { Autosave, type AutosaveOptions } from '@cc/ui';
import { guardFields, saveContent, saveGoals, saveSummary, staleText } from '../../api/files';
import { keepaliveWrite } from './keepalive';
import type { ContentMode } from './texts';

/** One autosave per text of a file, each carrying the revision of its text it was based on. */
export type FileAutosaves = Record<ContentMode, Autosave<number>>;

/** localStorage keys of the unsaved drafts of a file (file ids are unique across users). */
export const draftKey = (fileId: number, mode: ContentMode) => (mode === 'full' ? `cc:draft:file:${fileId}` : `cc:draft:file:${fileId}:${mode}`);

interface TextSource {
  textOf: (mode: ContentMode) => string;
  lengthOf: (mode: ContentMode) => number;
}

/** The key each text has in its save body and in a 409's `current`. */
const FIELD = { full: 'content', summary: 'summary', goals: 'goals' } as const;

/**
 * The autosaves of file `id`: content, summary and goals alike (a revision per text, 409 on a
 * stale one, a save id per save). On page hide the writes go out with keepalive, which
 * bypasses @cc/client, so those paths are spelled out here.
 */
export function createFileAutosaves(id: number, { textOf, lengthOf }: TextSource): FileAutosaves {
  const path = `/files/${encodeURIComponent(String(id))}`;

  const save = (mode: ContentMode): AutosaveOptions<number>['save'] => async (text, revision, { keepalive, saveId }) => {
    const guard = { revision, saveId };
    if (keepalive) {
      const body = mode === 'full' ? { file: { content: text, ...guardFields(guard) } } : { [FIELD[mode]]: text, ...guardFields(guard) };
      const answer = (await keepaliveWrite('PATCH', mode === 'full' ? path : `${path}/${mode}`, body)) as { revision?: number } | undefined;
      return answer?.revision;
    }
    if (mode === 'full') return (await saveContent(id, text, revision, { saveId })).revision;
    return (await (mode === 'summary' ? saveSummary : saveGoals)(id, text, guard)).revision;
  };

  const autosave = (mode: ContentMode, what: string) =>
    new Autosave<number>({
      storageKey: draftKey(id, mode),
      getContent: () => textOf(mode),
      getLength: () => lengthOf(mode),
      save: save(mode),
      conflictOf: (error) => {
        const stale = staleText(error, FIELD[mode]);
        return stale ? { theirs: stale.text, base: stale.revision, saveId: stale.saveId, ...(stale.message ? { message: stale.message } : {}) } : null;
      },
      onError: (error) => console.warn(`[workspace] saving the ${what} failed`, error),
    });

  return { full: autosave('full', 'file'), summary: autosave('summary', 'summary'), goals: autosave('goals', 'goals') };
}
