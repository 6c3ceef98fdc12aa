import { readStored, removeStored, writeStored } from './storage';

/**
 * The dashboard's open-on-load hint: another page (e.g. a coaching suggestion) stores which
 * file to open and whether to start its chat, then navigates to /dashboard, which takes the
 * hint once (docs/dashboard.md#address: auto-open, 1 s delay, chat prompt 0.5 s later).
 */
export interface OpenOnLoadHint {
  folder: string;
  fileName: string;
  fileId?: number;
  startChat?: boolean;
  chatPrompt?: string;
}

export const OPEN_ON_LOAD_KEY = 'dashboard:openOnLoad';

/** Kept like every other per-account value (it names one account's file). */
export function storeOpenOnLoad(hint: OpenOnLoadHint): void {
  writeStored(OPEN_ON_LOAD_KEY, hint);
}

/** Reads and removes the hint; a malformed one is dropped. */
export function takeOpenOnLoad(): OpenOnLoadHint | null {
  const hint = readStored<Partial<OpenOnLoadHint> | null>(OPEN_ON_LOAD_KEY);
  removeStored(OPEN_ON_LOAD_KEY);
  if (!hint || typeof hint.folder !== 'string' || typeof hint.fileName !== 'string') return null;
  return {
    folder: hint.folder,
    fileName: hint.fileName,
    fileId: typeof hint.fileId === 'number' ? hint.fileId : undefined,
    startChat: hint.startChat === true,
    chatPrompt: typeof hint.chatPrompt === 'string' && hint.chatPrompt.trim() ? hint.chatPrompt : undefined,
  };
}
