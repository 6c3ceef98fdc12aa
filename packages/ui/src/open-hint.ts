/**
 * The dashboard's open-on-load hint: another page (e.g. a coaching suggestion) stores which
 * file to open and whether to start its chat, then navigates to /dashboard, which takes the
 * hint once (spec: auto-open, 1 s delay, chat prompt 0.5 s later).
 */
export interface OpenOnLoadHint {
  folder: string;
  fileName: string;
  fileId?: number;
  startChat?: boolean;
  chatPrompt?: string;
}

export const OPEN_ON_LOAD_KEY = 'dashboard:openOnLoad';

export function storeOpenOnLoad(hint: OpenOnLoadHint, storage: Storage = localStorage): void {
  storage.setItem(OPEN_ON_LOAD_KEY, JSON.stringify(hint));
}

/** Reads and removes the hint; a malformed one is dropped. */
export function takeOpenOnLoad(storage: Storage = localStorage): OpenOnLoadHint | null {
  const raw = storage.getItem(OPEN_ON_LOAD_KEY);
  if (raw === null) return null;
  storage.removeItem(OPEN_ON_LOAD_KEY);
  try {
    const hint = JSON.parse(raw) as Partial<OpenOnLoadHint>;
    if (typeof hint.folder !== 'string' || typeof hint.fileName !== 'string') return null;
    return {
      folder: hint.folder,
      fileName: hint.fileName,
      fileId: typeof hint.fileId === 'number' ? hint.fileId : undefined,
      startChat: hint.startChat === true,
      chatPrompt: typeof hint.chatPrompt === 'string' && hint.chatPrompt.trim() ? hint.chatPrompt : undefined,
    };
  } catch {
    return null;
  }
}
