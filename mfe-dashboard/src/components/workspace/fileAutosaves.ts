import { Autosave } from '@cc/ui';
import { saveContent, saveGoals, saveSummary, staleRevision } from '../../api/files';
import { keepaliveWrite } from './keepalive';
import type { ContentMode } from './texts';

/** One autosave per text of a file; the content's carries the revision it was based on. */
export type FileAutosaves = Record<ContentMode, Autosave<number>>;

/** localStorage keys of the unsaved drafts of a file (file ids are unique across users). */
export const draftKey = (fileId: number, mode: ContentMode) => (mode === 'full' ? `cc:draft:file:${fileId}` : `cc:draft:file:${fileId}:${mode}`);

interface TextSource {
  textOf: (mode: ContentMode) => string;
  lengthOf: (mode: ContentMode) => number;
}

/**
 * The autosaves of file `id`. On page hide the writes go out with keepalive, which bypasses
 * @cc/client, so those paths are spelled out here.
 */
export function createFileAutosaves(id: number, { textOf, lengthOf }: TextSource): FileAutosaves {
  const path = `/files/${encodeURIComponent(String(id))}`;
  return {
    full: new Autosave<number>({
      storageKey: draftKey(id, 'full'),
      getContent: () => textOf('full'),
      getLength: () => lengthOf('full'),
      save: async (content, revision, { keepalive }) => {
        if (keepalive) {
          const answer = (await keepaliveWrite('PATCH', path, { file: revision === undefined ? { content } : { content, revision } })) as { revision?: number };
          return answer?.revision;
        }
        return (await saveContent(id, content, revision)).revision;
      },
      conflictOf: (error) => {
        const stale = staleRevision(error);
        return stale ? { theirs: stale.current.content, base: stale.current.revision, message: stale.errors?.[0] } : null;
      },
      onError: (error) => console.warn('[workspace] saving the file failed', error),
    }),
    summary: new Autosave<number>({
      storageKey: draftKey(id, 'summary'),
      getContent: () => textOf('summary'),
      getLength: () => lengthOf('summary'),
      save: async (summary, _base, { keepalive }) => {
        if (keepalive) await keepaliveWrite('PATCH', `${path}/summary`, { summary });
        else await saveSummary(id, summary);
      },
      onError: (error) => console.warn('[workspace] saving the summary failed', error),
    }),
    goals: new Autosave<number>({
      storageKey: draftKey(id, 'goals'),
      getContent: () => textOf('goals'),
      getLength: () => lengthOf('goals'),
      save: async (goals, _base, { keepalive }) => {
        if (keepalive) await keepaliveWrite('PATCH', `${path}/goals`, { goals });
        else await saveGoals(id, goals);
      },
      onError: (error) => console.warn('[workspace] saving the goals failed', error),
    }),
  };
}
