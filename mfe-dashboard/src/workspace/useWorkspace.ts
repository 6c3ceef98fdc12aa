import { useCallback, useMemo, useRef, useState } from 'react';
import type { AutoChat, DraftRequest, OpenFile } from './types';
import { nameKey } from '@cc/contracts/names';

export type DraftInput = Omit<DraftRequest, 'key'>;

/** "History" from a file's menu: the workspace opens the file's history once the file is loaded. */
export interface HistoryRequest {
  fileId: number;
  /** Unique per request, so History can be asked for twice. */
  key: string;
}

export interface Workspace {
  openFile: OpenFile | null;
  draftRequest: DraftRequest | null;
  historyRequest: HistoryRequest | null;
  autoChat: AutoChat | undefined;
  /** Selects a file (the About me view closes). `draft` asks the workspace for an AI draft; `autoChat` starts its chat. */
  open: (file: OpenFile, options?: { draft?: DraftInput; autoChat?: AutoChat }) => void;
  /** Back to the About me view. */
  close: () => void;
  requestDraft: (draft: DraftInput) => void;
  draftHandled: () => void;
  /** Opens the file (if it is not open) and its history. */
  requestHistory: (file: OpenFile) => void;
  historyHandled: () => void;
  autoChatHandled: () => void;
  /** The open file was renamed (the tab title follows). */
  fileRenamed: (id: number, name: string) => void;
  /** A folder was renamed: the open file's folder follows. */
  folderRenamed: (from: string, to: string) => void;
  /** Always the open file now (for timers and async handlers). */
  current: () => OpenFile | null;
}

/** The dashboard's page state: the open file, a pending draft request and the auto-chat hint. */
export function useWorkspace(): Workspace {
  const [openFile, setOpenFile] = useState<OpenFile | null>(null);
  const [draftRequest, setDraftRequest] = useState<DraftRequest | null>(null);
  const [historyRequest, setHistoryRequest] = useState<HistoryRequest | null>(null);
  const [autoChat, setAutoChat] = useState<AutoChat | undefined>(undefined);
  const ref = useRef<OpenFile | null>(null);
  const seq = useRef(0);

  const set = useCallback((file: OpenFile | null) => {
    ref.current = file;
    setOpenFile(file);
  }, []);

  const actions = useMemo(
    () => ({
      open: (file: OpenFile, options?: { draft?: DraftInput; autoChat?: AutoChat }) => {
        const same = ref.current && ref.current.id === file.id && ref.current.name === file.name && ref.current.folder === file.folder;
        if (!same) {
          set({ id: file.id, name: file.name, folder: file.folder });
          setHistoryRequest(null);
        }
        if (options?.draft) setDraftRequest({ ...options.draft, key: `draft-${Date.now()}-${++seq.current}` });
        else if (!same) setDraftRequest(null);
        setAutoChat(options?.autoChat);
      },
      close: () => {
        set(null);
        setDraftRequest(null);
        setHistoryRequest(null);
        setAutoChat(undefined);
      },
      requestDraft: (draft: DraftInput) => setDraftRequest({ ...draft, key: `draft-${Date.now()}-${++seq.current}` }),
      draftHandled: () => setDraftRequest(null),
      requestHistory: (file: OpenFile) => {
        const same = ref.current && ref.current.id === file.id && ref.current.name === file.name && ref.current.folder === file.folder;
        if (!same) {
          set({ id: file.id, name: file.name, folder: file.folder });
          setDraftRequest(null);
          setAutoChat(undefined);
        }
        setHistoryRequest({ fileId: file.id, key: `history-${Date.now()}-${++seq.current}` });
      },
      historyHandled: () => setHistoryRequest(null),
      autoChatHandled: () => setAutoChat(undefined),
      fileRenamed: (id: number, name: string) => {
        const file = ref.current;
        if (file && file.id === id && file.name !== name) set({ ...file, name });
      },
      folderRenamed: (from: string, to: string) => {
        const file = ref.current;
        if (file && nameKey(file.folder) === nameKey(from) && file.folder !== to) set({ ...file, folder: to });
      },
      current: () => ref.current,
    }),
    [set],
  );

  return { openFile, draftRequest, historyRequest, autoChat, ...actions };
}
