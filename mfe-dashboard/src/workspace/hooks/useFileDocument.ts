import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { useAutosavedText, type Autosave, type AutosaveConflict, type AutosaveSnapshot, type EditorPaneHandle } from '@cc/ui';
import { fileQuery } from '../api/files';
import { fileTextAutosave } from '../fileAutosaves';
import { fileTitle, type ContentMode } from '../texts';
import type { OpenFile } from '../types';

/** The workspace's status line (autosave, summary and draft outcomes). */
export type StatusMessage = { text: string; tone: 'info' | 'ok' | 'error' };

export type Loaded = { status: 'loading' } | { status: 'ok'; initial: string } | { status: 'error'; message: string };

/** One autosave per text of a file, each carrying the revision of its text it was based on. */
export type FileAutosaves = Record<ContentMode, Autosave<number>>;

export interface FileDocument {
  paneRef: RefObject<EditorPaneHandle | null>;
  loaded: Loaded;
  ready: boolean;
  /** Loads the file again after a failed load. */
  retry: () => void;
  mode: ContentMode;
  saves: FileAutosaves;
  /** The content's autosave: its conflict and whether a local draft was restored. */
  contentSnapshot: AutosaveSnapshot<number>;
  /** The texts (content, summary, goals) whose save found them changed elsewhere. */
  conflicts: { mode: ContentMode; conflict: AutosaveConflict<number> }[];
  status: StatusMessage | null;
  setStatus: (status: StatusMessage | null) => void;
  /** The text of a mode: from the editor if it is the one shown. */
  textOf: (mode: ContentMode) => string;
  /** Sets the text of a mode, in the editor too if it shows that mode; not marked edited. */
  putText: (mode: ContentMode, text: string) => void;
  /** Puts `text` in as the file's content (switching to the full view); saving it is the caller's choice. */
  replaceContent: (text: string) => void;
  /** The content's next save writes what an AI made: the server keeps the text before it (docs/dashboard.md#history). */
  markAiUpdate: () => void;
  /** A restore from the history landed: the editor shows `text`, the revision it now has, nothing unsaved. */
  restoredContent: (text: string, revision: number) => void;
  /** Shows another mode in the editor (nothing if it is shown); the one left is saved. */
  switchMode: (mode: ContentMode) => void;
  /** The editor reported a user edit. */
  edited: () => void;
  /** The editor lost the focus. */
  blurred: () => void;
  keepMine: (mode?: ContentMode) => void;
  takeTheirs: (mode?: ContentMode) => void;
}

function toneOf(text: string): StatusMessage['tone'] {
  return /failed|^not saved/i.test(text) ? 'error' : /\.\.\.$/.test(text) ? 'info' : 'ok';
}

/**
 * The three texts of one open file (content, summary, goals) sharing one editor: loading,
 * autosaving each, the content's revision conflict, and the status line.
 */
export function useFileDocument(file: OpenFile): FileDocument {
  const paneRef = useRef<EditorPaneHandle>(null);
  // The editor owns the texts once they are loaded: the file is read once per opening (kept for
  // no other opening, and never read again under the cursor).
  const read = useQuery({ ...fileQuery(file.id), staleTime: Infinity, gcTime: 0, refetchOnReconnect: false });
  /** The text the editor starts with, once the three autosaves have started. */
  const [initial, setInitial] = useState<string | null>(null);
  const started = useRef(false);
  const [mode, setModeState] = useState<ContentMode>('full');
  // Handlers run between renders, so they read the mode from here rather than from state.
  const modeRef = useRef<ContentMode>('full');
  /** The texts of the modes not in the editor (the editor's mode is read from the editor). */
  const texts = useRef<Record<ContentMode, string>>({ full: '', summary: '', goals: '' });
  const [status, setStatus] = useState<StatusMessage | null>(null);

  const textOf = useCallback((m: ContentMode): string => {
    const pane = paneRef.current;
    return m === modeRef.current && pane ? pane.getValue() : texts.current[m];
  }, []);
  // The autosave asks for the length on every edit (to decide on a live local draft): no copy of the text.
  const lengthOf = useCallback((m: ContentMode): number => {
    const pane = paneRef.current;
    return m === modeRef.current && pane ? pane.getLength() : texts.current[m].length;
  }, []);

  const aiUpdate = useRef({ pending: false }).current;
  // Each text autosaves on its own (page hide, unload, back online, leaving the file included).
  const full = useAutosavedText(fileTextAutosave(file.id, 'full', { textOf, lengthOf, aiUpdate }));
  const summary = useAutosavedText(fileTextAutosave(file.id, 'summary', { textOf, lengthOf }));
  const goals = useAutosavedText(fileTextAutosave(file.id, 'goals', { textOf, lengthOf }));
  const saves: FileAutosaves = useMemo(
    () => ({ full: full.autosave, summary: summary.autosave, goals: goals.autosave }),
    [full.autosave, summary.autosave, goals.autosave],
  );

  // Leaving (file switch): the editor's text is read before React detaches the refs, so the
  // save on unmount sends what was typed last.
  useLayoutEffect(
    () => () => {
      const pane = paneRef.current;
      if (pane) texts.current[modeRef.current] = pane.getValue();
    },
    [],
  );

  // The status line follows the latest autosave event of any of the three texts.
  useEffect(() => {
    const unsubscribers = (['full', 'summary', 'goals'] as const).map((m) => {
      let last = saves[m].getSnapshot().text;
      return saves[m].subscribe(() => {
        const text = saves[m].getSnapshot().text;
        if (text === last) return;
        last = text;
        setStatus(text ? { text, tone: toneOf(text) } : null);
      });
    });
    return () => unsubscribers.forEach((u) => u());
  }, [saves]);

  const contentSnapshot = full.status;
  const conflicts = (
    [
      ['full', full.status.conflict],
      ['summary', summary.status.conflict],
      ['goals', goals.status.conflict],
    ] as const
  ).flatMap(([mode, conflict]) => (conflict ? [{ mode, conflict }] : []));

  // The tab title is the file name without .md (and follows renames).
  useEffect(() => {
    document.title = fileTitle(file.name);
  }, [file.name]);

  const { start: startFull } = full;
  const { start: startSummary } = summary;
  const { start: startGoals } = goals;
  const answer = read.data;
  useEffect(() => {
    if (!answer || started.current) return;
    started.current = true;
    // One load for the three texts; a local draft the server does not have yet comes back and is saved.
    const f = answer.file;
    texts.current = {
      full: startFull(f.content ?? '', f.revision),
      summary: startSummary(f.summary ?? '', f.summary_revision),
      goals: startGoals(f.goals ?? '', f.goals_revision),
    };
    setInitial(texts.current[modeRef.current]);
  }, [answer, startFull, startSummary, startGoals]);

  const loaded: Loaded =
    initial !== null
      ? { status: 'ok', initial }
      : read.isError && !read.isFetching
        ? { status: 'error', message: errorMessage(read.error) }
        : { status: 'loading' };
  const { refetch } = read;
  const retry = useCallback(() => void refetch(), [refetch]);

  const edited = useCallback(() => {
    saves[modeRef.current].changed();
  }, [saves]);

  const blurred = useCallback(() => {
    void saves[modeRef.current].flush();
  }, [saves]);

  const switchMode = useCallback(
    (next: ContentMode) => {
      const current = modeRef.current;
      if (next === current) return;
      const pane = paneRef.current;
      if (pane) texts.current[current] = pane.getValue();
      void saves[current].flush();
      modeRef.current = next;
      setModeState(next);
      pane?.load(texts.current[next]);
    },
    [saves],
  );

  const putText = useCallback((m: ContentMode, text: string) => {
    texts.current[m] = text;
    if (modeRef.current === m) paneRef.current?.setValue(text);
  }, []);

  const replaceContent = useCallback(
    (text: string) => {
      switchMode('full');
      putText('full', text);
    },
    [switchMode, putText],
  );

  const markAiUpdate = useCallback(() => {
    aiUpdate.pending = true;
  }, [aiUpdate]);

  const restoredContent = useCallback(
    (text: string, revision: number) => {
      replaceContent(text);
      // After the text is in: the editor's change event (if any) is forgotten with the rest.
      saves.full.reset(text, revision);
    },
    [replaceContent, saves],
  );

  const keepMine = useCallback(
    (m: ContentMode = 'full') => {
      void saves[m].keepMine();
    },
    [saves],
  );

  const takeTheirs = useCallback(
    (m: ContentMode = 'full') => {
      const theirs = saves[m].takeTheirs();
      if (theirs !== null) putText(m, theirs);
    },
    [saves, putText],
  );

  return {
    paneRef,
    loaded,
    ready: loaded.status === 'ok',
    retry,
    mode,
    saves,
    contentSnapshot,
    conflicts,
    status,
    setStatus,
    textOf,
    putText,
    replaceContent,
    markAiUpdate,
    restoredContent,
    switchMode,
    edited,
    blurred,
    keepMine,
    takeTheirs,
  };
}
