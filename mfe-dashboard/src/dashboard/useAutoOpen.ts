import { useEffect, useRef } from 'react';
import { useDialogs } from '@cc/ui/dialogs';
import { takeOpenOnLoad, type OpenOnLoadHint } from '@cc/ui/open-hint';
import { normalizeFileName } from '@cc/contracts/names';
import { createFile } from '../explorer/api/files';
import { alertFailure, TEXT } from '../explorer/texts';
import { displayName, nameKey } from '../explorer/labels';
import type { Workspace } from '../workspace/useWorkspace';
import type { AutoChat } from '../workspace/types';
import { findFile, findFolder, type Explorer, type ExplorerFolder } from '../explorer/useExplorer';

/** The open is delayed 1 s; a missing file element → reload the list and retry after 1 s (docs/dashboard.md#address). */
export const AUTO_OPEN_DELAY_MS = 1000;
export const AUTO_OPEN_RETRY_MS = 1000;

/** The file a hint names: by id when it has one, else by folder and name (name rules applied, case ignored). */
export function locateHint(folders: readonly ExplorerFolder[], hint: OpenOnLoadHint): { folder: string; id: number; name: string } | null {
  if (hint.fileId !== undefined) {
    const found = findFile(folders, hint.fileId);
    if (found) return { folder: found.folder.name, id: found.file.id, name: found.file.name };
  }
  const folder = findFolder(folders, hint.folder);
  const key = nameKey(normalizeFileName(hint.fileName));
  const file = key ? folder?.files.find((f) => nameKey(f.name) === key) : undefined;
  return folder && file ? { folder: folder.name, id: file.id, name: file.name } : null;
}

function autoChatOf(hint: OpenOnLoadHint): AutoChat | undefined {
  if (!hint.startChat && !hint.chatPrompt) return undefined;
  return { start: true, prompt: hint.chatPrompt };
}

/**
 * The open-on-load hint (another page stored it, e.g. a coaching suggestion): 1 s after the
 * page mounts, open the named file (its chat starts, and the workspace sends the prompt 0.5 s
 * after opening). Not there: reload the file list and retry after 1 s. Still not there: ask
 * whether to create it (an in-app dialog: needs a DialogProvider above).
 */
export function useAutoOpen(explorer: Explorer, workspace: Workspace, take: () => OpenOnLoadHint | null = takeOpenOnLoad): void {
  const dialogs = useDialogs();
  const refs = useRef({ explorer, workspace, dialogs });
  refs.current = { explorer, workspace, dialogs };
  // Taken once per page instance (StrictMode runs the effect twice in development).
  const hintRef = useRef<OpenOnLoadHint | null | undefined>(undefined);

  useEffect(() => {
    if (hintRef.current === undefined) hintRef.current = take();
    const hint = hintRef.current;
    if (!hint) return;
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (fn: () => void, ms: number) => timers.push(setTimeout(fn, ms));

    const open = (target: { folder: string; id: number; name: string }) => {
      const { explorer: ex, workspace: ws } = refs.current;
      ex.reveal(target.folder, target.id);
      ws.open({ id: target.id, name: target.name, folder: target.folder }, { autoChat: autoChatOf(hint) });
    };

    const attempt = async (retried: boolean) => {
      if (cancelled) return;
      const found = locateHint(refs.current.explorer.current(), hint);
      if (found) {
        hintRef.current = null;
        open(found);
        return;
      }
      if (!retried) {
        await refs.current.explorer.reload();
        if (!cancelled) later(() => void attempt(true), AUTO_OPEN_RETRY_MS);
        return;
      }
      hintRef.current = null;
      const name = normalizeFileName(hint.fileName);
      if (!name || !hint.folder.trim()) return;
      const create = await refs.current.dialogs.confirm({
        title: 'Create file',
        message: `"${displayName(name)}" is not in the folder "${hint.folder}" yet. Create it?`,
        confirmLabel: 'Create',
      });
      if (!create || cancelled) return;
      try {
        const answer = await createFile({ folder: hint.folder.trim(), name });
        const file = answer.file;
        const folder = file.folder ?? hint.folder.trim();
        refs.current.explorer.addFile(folder, { id: file.id, name: file.name, description: file.description ?? '' });
        if (!cancelled) open({ folder, id: file.id, name: file.name });
      } catch (error) {
        if (!cancelled) alertFailure(refs.current.dialogs, error, TEXT.createFile);
      }
    };

    later(() => void attempt(false), AUTO_OPEN_DELAY_MS);
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page instance: the hint is taken once, refs give the latest state
  }, []);
}
