import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, errorMessage } from '@cc/client';
import {
  Autosave,
  ChatPanel,
  EditorPane,
  allAddedDiff,
  bindPageLifecycle,
  cleanDiff,
  diffLines,
  preloadMarkdownEditor,
  suggestEdits,
  type AutosaveSnapshot,
  type ChatMessage,
  type ChatPanelHandle,
  type DiffLine,
  type EditorPaneHandle,
  type SelectedMessage,
} from '@cc/ui';
import { getFile, saveContent, saveGoals, saveSummary, staleRevision, summarize } from '../../api/files';
import { generateFileDraft } from '../../api/suggestions';
import type { AutoChat, DraftRequest, OpenFile } from '../../workspace/types';
import { DiffPanel } from '../diff/DiffPanel';
import { ConflictPanel } from '../editor/ConflictPanel';
import { ContentModeBar } from './ContentModeBar';
import { keepaliveWrite } from './keepalive';
import {
  ACCEPT_DELAY_MS,
  ACCEPT_TEXT,
  AUTO_CHAT_DELAY_MS,
  EDIT_TEXT,
  REJECT_TEXT,
  STATUS,
  UPDATE_FROM_CONVERSATION,
  fileTitle,
  type ContentMode,
} from './texts';
import './workspace.css';

// CodeMirror comes in its own chunk: start fetching it with this one, beside the file.
void preloadMarkdownEditor().catch(() => undefined);

export interface FileWorkspaceProps {
  file: OpenFile;
  draftRequest: DraftRequest | null;
  onDraftHandled: () => void;
  autoChat?: AutoChat;
  onAutoChatHandled?: () => void;
}

/** localStorage keys of the unsaved drafts of a file (file ids are unique across users). */
export const draftKey = (fileId: number, mode: ContentMode) => (mode === 'full' ? `cc:draft:file:${fileId}` : `cc:draft:file:${fileId}:${mode}`);

/**
 * The open file: content-mode bar, editor + editable preview (or the diff panel of a proposed
 * update) in the centre, the file's chat on the right. One session per file id: switching
 * files unmounts the session, which saves what was typed first.
 */
export function FileWorkspace(props: FileWorkspaceProps) {
  return <FileSession key={props.file.id} {...props} />;
}

export default FileWorkspace;

interface Proposal {
  lines: DiffLine[];
  suggested: string;
  origin: 'chat' | 'draft';
}

interface DraftJob {
  kind: DraftRequest['kind'];
  controller: AbortController;
}

type Message = { text: string; tone: 'info' | 'ok' | 'error' };

type Loaded = { status: 'loading' } | { status: 'ok'; initial: string } | { status: 'error'; message: string };

const NO_SNAPSHOT: AutosaveSnapshot<number> = { state: 'idle', text: '', conflict: null, restored: false };

function toneOf(text: string): Message['tone'] {
  return /failed/i.test(text) ? 'error' : /\.\.\.$/.test(text) ? 'info' : 'ok';
}

function FileSession({ file, draftRequest, onDraftHandled, autoChat, onAutoChatHandled }: FileWorkspaceProps) {
  const fileRef = useRef(file);
  fileRef.current = file;
  const paneRef = useRef<EditorPaneHandle>(null);
  const chatRef = useRef<ChatPanelHandle>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [mode, setModeState] = useState<ContentMode>('full');
  const modeRef = useRef<ContentMode>('full');
  /** The texts of the modes not in the editor (the editor's mode is read from the editor). */
  const texts = useRef<Record<ContentMode, string>>({ full: '', summary: '', goals: '' });
  const [message, setMessage] = useState<Message | null>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [draftJob, setDraftJob] = useState<DraftJob | null>(null);
  const [undo, setUndo] = useState<{ previous: string } | null>(null);
  const undoRef = useRef(undo);
  undoRef.current = undo;
  const [summarizing, setSummarizing] = useState(false);
  const mounted = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      if (mounted.current) fn();
    }, ms);
    timers.current.add(t);
  }, []);

  /** The text of a mode: from the editor if it is the one shown. */
  const textOf = useCallback((m: ContentMode): string => {
    const pane = paneRef.current;
    return m === modeRef.current && pane ? pane.getValue() : texts.current[m];
  }, []);
  const lengthOf = useCallback((m: ContentMode): number => {
    const pane = paneRef.current;
    return m === modeRef.current && pane ? pane.getLength() : texts.current[m].length;
  }, []);

  // One autosave per text of the file: content (with the revision), summary, goals.
  const autosaves = useRef<Record<ContentMode, Autosave<number>> | null>(null);
  if (!autosaves.current) {
    const id = file.id;
    const path = `/files/${encodeURIComponent(String(id))}`;
    autosaves.current = {
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
    mounted.current = true;
    const all = [saves.full, saves.summary, saves.goals];
    for (const a of all) a.revive();
    const unbind = bindPageLifecycle(() => all);
    const pendingTimers = timers.current;
    return () => {
      mounted.current = false;
      unbind();
      for (const t of pendingTimers) clearTimeout(t);
      pendingTimers.clear();
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
        setMessage(text ? { text, tone: toneOf(text) } : null);
      });
    });
    return () => unsubscribers.forEach((u) => u());
  }, [saves]);

  const fullSnapshot = useSyncExternalStore(saves.full.subscribe, saves.full.getSnapshot, () => NO_SNAPSHOT);

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
        const summary = saves.summary.start(f.summary ?? '');
        const goals = saves.goals.start(f.goals ?? '');
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

  const ready = loaded.status === 'ok';

  /* ------------------------------------------------------------------ editing */

  const onChange = useCallback(() => {
    saves[modeRef.current].changed();
    // Typing after an applied draft: the undo offer goes (it would drop the new text).
    if (undoRef.current) setUndo(null);
  }, [saves]);

  const onBlur = useCallback(() => {
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

  /** Puts `text` in as the file's content (switching to the full view) and marks it edited. */
  const replaceContent = useCallback(
    (text: string) => {
      if (modeRef.current !== 'full') switchMode('full');
      texts.current.full = text;
      paneRef.current?.setValue(text);
    },
    [switchMode],
  );

  /* ------------------------------------------------------------------ summary */

  const runSummarize = useCallback(async () => {
    const f = fileRef.current;
    const content = textOf('full');
    setSummarizing(true);
    setMessage({ text: STATUS.summarizing, tone: 'info' });
    try {
      let summary = '';
      if (content.trim() === '') {
        // Nothing to summarise: the summary is cleared, no model is asked.
        await saveSummary(f.id, '');
      } else {
        summary = (await summarize({ fileId: f.id, folder: f.folder, fileName: f.name, content })).summary ?? '';
      }
      if (!mounted.current) return;
      // The server stored it.
      texts.current.summary = summary;
      saves.summary.reset(summary);
      if (modeRef.current === 'summary') paneRef.current?.setValue(summary);
      setMessage({ text: STATUS.summaryUpdated, tone: 'ok' });
    } catch (error) {
      console.warn('[workspace] summarize failed', error);
      if (mounted.current) setMessage({ text: STATUS.summarizeFailed, tone: 'error' });
    } finally {
      if (mounted.current) setSummarizing(false);
    }
  }, [saves, textOf]);

  /* ------------------------------------------------------------------ proposals (diff panel) */

  const showProposal = useCallback(
    (next: Proposal) => {
      if (modeRef.current !== 'full') switchMode('full');
      setAccepting(false);
      setProposal(next);
    },
    [switchMode],
  );

  const say = (text: string) => chatRef.current?.appendMessage('assistant', text);

  const accept = () => {
    if (!proposal || accepting) return;
    const { suggested } = proposal;
    setAccepting(true);
    later(() => {
      replaceContent(suggested);
      setProposal(null);
      setAccepting(false);
      void saves.full.saveNow();
      say(ACCEPT_TEXT);
    }, ACCEPT_DELAY_MS);
  };

  const reject = () => {
    if (!proposal || accepting) return;
    setProposal(null);
    say(REJECT_TEXT);
    requestAnimationFrame(() => paneRef.current?.focus());
  };

  const edit = () => {
    if (!proposal || accepting) return;
    replaceContent(proposal.suggested);
    saves.full.changed();
    setProposal(null);
    say(EDIT_TEXT);
    requestAnimationFrame(() => paneRef.current?.focus());
  };

  /* ------------------------------------------------------------------ chat: update the file */

  const requestUpdate = useCallback(
    async (selected: SelectedMessage[] | undefined, prompt: string | undefined, history: ChatMessage[]) => {
      const f = fileRef.current;
      setUpdating(true);
      try {
        const current = textOf('full');
        const answer = await suggestEdits({
          message: prompt?.trim() || UPDATE_FROM_CONVERSATION,
          file_content: current,
          file_name: f.name,
          folder: f.folder,
          conversation_history: history,
          selected_messages: selected ?? [],
          file_id: f.id,
        });
        if (!mounted.current) return;
        if (answer.success === false) throw new ApiError(200, [answer.error ?? 'suggest_edits failed'], answer);
        const suggested = typeof answer.suggested_content === 'string' ? answer.suggested_content : '';
        let lines = cleanDiff(answer.diff);
        if (lines.length === 0) lines = diffLines(current, suggested);
        showProposal({ lines, suggested, origin: 'chat' });
      } catch (error) {
        // Spec §8: a failed suggest-edits hides the progress and is only logged.
        console.error('[workspace] suggest edits failed', error);
      } finally {
        if (mounted.current) setUpdating(false);
      }
    },
    [showProposal, textOf],
  );

  /* ------------------------------------------------------------------ AI drafts */

  const handledDraft = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !draftRequest || draftRequest.fileId !== file.id || handledDraft.current === draftRequest.key) return;
    handledDraft.current = draftRequest.key;
    onDraftHandled();
    const request = draftRequest;
    const controller = new AbortController();
    setDraftJob({ kind: request.kind, controller });
    setUndo(null);
    generateFileDraft(
      { folder: request.folder, name: request.name, description: request.description, system: request.system, user: request.user },
      controller.signal,
    ).then(
      (answer) => {
        if (!mounted.current || controller.signal.aborted) return;
        setDraftJob((job) => (job?.controller === controller ? null : job));
        const draft = answer.draft ?? '';
        if (request.kind === 'suggestion') {
          showProposal({ lines: allAddedDiff(draft), suggested: draft, origin: 'draft' });
          return;
        }
        const previous = textOf('full');
        replaceContent(draft);
        setUndo({ previous });
        void saves.full.saveNow({ saved: STATUS.draftSaved });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setDraftJob((job) => (job?.controller === controller ? null : job));
        // Cancel is silent.
        if (controller.signal.aborted || (error as { name?: string })?.name === 'AbortError') return;
        console.warn('[workspace] the AI draft failed', error);
        const text = error instanceof ApiError ? error.errors.join(', ') : errorMessage(error);
        setMessage({ text: `Draft failed: ${text}`, tone: 'error' });
      },
    );
  }, [ready, draftRequest, file.id, onDraftHandled, showProposal, replaceContent, saves, textOf]);

  // Leaving the file cancels a draft still being generated.
  useEffect(() => () => draftJob?.controller.abort(), [draftJob]);

  const cancelDraft = () => {
    draftJob?.controller.abort();
    setDraftJob(null);
  };

  const undoDraft = () => {
    if (!undo) return;
    replaceContent(undo.previous);
    setUndo(null);
    void saves.full.saveNow({ saved: STATUS.reverted, failed: STATUS.revertFailed });
  };

  /* ------------------------------------------------------------------ conflict */

  const keepMine = () => {
    void saves.full.keepMine();
  };
  const takeTheirs = () => {
    const theirs = saves.full.takeTheirs();
    if (theirs === null) return;
    texts.current.full = theirs;
    if (modeRef.current === 'full') paneRef.current?.setValue(theirs);
  };

  /* ------------------------------------------------------------------ auto chat */

  // 0.5 s after opening (and once the file's text is there: the message carries it).
  const autoChatDone = useRef(false);
  const [pendingPrompt, setPendingPrompt] = useState<string | null>(null);
  useEffect(() => {
    if (!autoChat || autoChatDone.current) return;
    autoChatDone.current = true;
    if (autoChat.start) chatRef.current?.start();
    const prompt = autoChat.prompt?.trim();
    if (prompt) later(() => setPendingPrompt(prompt), AUTO_CHAT_DELAY_MS);
    else onAutoChatHandled?.();
  }, [autoChat, onAutoChatHandled, later]);
  useEffect(() => {
    if (pendingPrompt === null || !ready) return;
    setPendingPrompt(null);
    void chatRef.current?.send(pendingPrompt);
    onAutoChatHandled?.();
  }, [pendingPrompt, ready, onAutoChatHandled]);

  /* ------------------------------------------------------------------ render */

  const title = fileTitle(file.name);
  const conflict = fullSnapshot.conflict;

  return (
    <div className="fw" data-testid="file-workspace" data-file-id={file.id}>
      <section className="fw-main" aria-label={`Editor for ${title}`}>
        <header className="fw-head">
          <div className="fw-title-row">
            <h2 className="fw-title" data-testid="file-title" title={file.name}>
              {title}
            </h2>
            <span className="fw-folder">{file.folder}</span>
            <p className="fw-status" role="status" aria-live="polite" data-testid="save-status" data-tone={message?.tone}>
              {message?.text ?? ''}
            </p>
          </div>
          <ContentModeBar mode={mode} onChange={switchMode} onSummarize={() => void runSummarize()} summarizing={summarizing} disabled={!ready || proposal !== null} />
        </header>

        {draftJob && (
          <div className="fw-notice" role="status" data-testid="draft-indicator">
            <span className="spinner spinner-inline" aria-hidden="true" />
            <span>{draftJob.kind === 'generate' ? 'Generating a draft with AI…' : 'Writing a first draft with AI…'}</span>
            <button type="button" className="button button-small" onClick={cancelDraft}>
              Cancel
            </button>
          </div>
        )}
        {undo && (
          <div className="fw-notice" data-testid="undo-indicator">
            <span>The AI draft replaced the file&apos;s content.</span>
            <button type="button" className="button button-small" onClick={undoDraft}>
              Undo
            </button>
          </div>
        )}
        {conflict && (
          <ConflictPanel
            mine={conflict.mine}
            theirs={conflict.theirs}
            theirsRevision={conflict.theirsBase}
            currentMine={() => textOf('full')}
            onKeepMine={keepMine}
            onTakeTheirs={takeTheirs}
          />
        )}

        {fullSnapshot.restored && (
          <p className="fw-notice fw-notice--quiet" data-testid="draft-restored">
            Unsaved changes from your last visit were restored and are being saved.
          </p>
        )}
        {loaded.status === 'loading' && (
          <p className="fw-loading" role="status">
            <span className="spinner spinner-inline" aria-hidden="true" /> Loading {title}…
          </p>
        )}
        {loaded.status === 'error' && (
          <div className="fw-error" role="alert">
            <p>Could not open {title}: {loaded.message}</p>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </div>
        )}

        {proposal && <DiffPanel lines={proposal.lines} origin={proposal.origin} accepting={accepting} onAccept={accept} onReject={reject} onEdit={edit} />}
        {loaded.status === 'ok' && (
          <div className="fw-panes" hidden={proposal !== null}>
            <EditorPane
              ref={paneRef}
              initialValue={loaded.initial}
              onChange={onChange}
              onBlur={onBlur}
              editorLabel="Markdown editor"
              previewLabel="Preview (editable)"
              placeholder="Write in markdown…"
            />
          </div>
        )}
      </section>

      <aside className="fw-chat" aria-label="File chat">
        <ChatPanel
          ref={chatRef}
          conversation={{ fileId: file.id, folder: file.folder, fileName: file.name }}
          buildPayload={(base) => ({ ...base, file_content: textOf('full'), file_name: fileRef.current.name, folder: fileRef.current.folder, file_id: fileRef.current.id })}
          onRequestUpdate={(selected, prompt, history) => void requestUpdate(selected, prompt, history)}
          updating={updating}
          minConversationLength={3}
          labels={{ title: `Chat about ${title}` }}
        />
      </aside>
    </div>
  );
}
