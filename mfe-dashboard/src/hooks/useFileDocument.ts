import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { errorMessage } from '@cc/client';
import { bindPageLifecycle, type AutosaveConflict, type AutosaveSnapshot, type EditorPaneHandle } from '@cc/ui';
import { getFile } from '../api/files';
import { createFileAutosaves, type FileAutosaves } from '../components/workspace/fileAutosaves';
import { fileTitle, type ContentMode } from '../components/workspace/texts';
import type { OpenFile } from '../workspace/types';

/** The workspace's status line (autosave, summary and draft outcomes). */
export type StatusMessage = { text: string; tone: 'info' | 'ok' | 'error' };

export type Loaded = { status: 'loading' } | { status: 'ok'; initial: string } | { status: 'error'; message: string };

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
  /** Shows another mode in the editor (nothing if it is shown); the one left is saved. */
  switchMode: (mode: ContentMode) => void;
  /** The editor reported a user edit. */
  edited: () => void;
  /** The editor lost the focus. */
  blurred: () => void;
  keepMine: (mode?: ContentMode) => void;
  takeTheirs: (mode?: ContentMode) => void;
}

const NO_SNAPSHOT: AutosaveSnapshot<number> = { state: 'idle', text: '', conflict: null, restored: false };

function toneOf(text: string): StatusMessage['tone'] {
  return /failed|^not saved/i.test(text) ? 'error' : /\.\.\.$/.test(text) ? 'info' : 'ok';
}

/**
 * The three texts of one open file (content, summary, goals) sharing one editor: loading,
 * autosaving each, the content's revision conflict, and the status line.
 */
export function useFileDocument(file: OpenFile): FileDocument {
  const paneRef = useRef<EditorPaneHandle>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
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

  const autosaves = useRef<FileAutosaves | null>(null);
  if (!autosaves.current) autosaves.current = createFileAutosaves(file.id, { textOf, lengthOf });
  const saves = autosaves.current;

  // Leaving (file switch): the editor's text is read before React detaches the refs, so the
  // save below sends what was typed last.
  useLayoutEffect(
    () => () => {
      const pane = paneRef.current;
      if (pane) texts.current[modeRef.current] = pane.getValue();
    },
    [],
  );

  // Page hide / unload / back online for all three; on unmount (file switch) save what is pending.
  useEffect(() => {
    const all = [saves.full, saves.summary, saves.goals];
    for (const a of all) a.revive();
    const unbind = bindPageLifecycle(() => all);
    return () => {
      unbind();
      for (const a of all) void a.dispose({ flush: true });
    };
  }, [saves]);

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

  const contentSnapshot = useSyncExternalStore(saves.full.subscribe, saves.full.getSnapshot, () => NO_SNAPSHOT);
  const summaryConflict = useSyncExternalStore(saves.summary.subscribe, () => saves.summary.getSnapshot().conflict, () => null);
  const goalsConflict = useSyncExternalStore(saves.goals.subscribe, () => saves.goals.getSnapshot().conflict, () => null);
  const conflicts = (
    [
      ['full', contentSnapshot.conflict],
      ['summary', summaryConflict],
      ['goals', goalsConflict],
    ] as const
  ).flatMap(([mode, conflict]) => (conflict ? [{ mode, conflict }] : []));

  // The tab title is the file name without .md (and follows renames).
  useEffect(() => {
    document.title = fileTitle(file.name);
  }, [file.name]);

  // Load the file; a local draft the server does not have yet comes back and is saved.
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    getFile(file.id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        const f = answer.file;
        const full = saves.full.start(f.content ?? '', f.revision);
        const summary = saves.summary.start(f.summary ?? '', f.summary_revision);
        const goals = saves.goals.start(f.goals ?? '', f.goals_revision);
        texts.current = { full: full.content, summary: summary.content, goals: goals.content };
        setLoaded({ status: 'ok', initial: texts.current[modeRef.current] });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [file.id, attempt, saves]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

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
    switchMode,
    edited,
    blurred,
    keepMine,
    takeTheirs,
  };
}
