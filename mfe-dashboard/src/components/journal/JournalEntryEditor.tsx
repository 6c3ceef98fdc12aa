import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { errorMessage } from '@cc/client';
import { Autosave, EditorPane, bindPageLifecycle, useAutosaveStatus, type EditorPaneHandle } from '@cc/ui';
import { guardFields, staleText } from '../../api/files';
import { fetchJournalEntry, journalSavePath, saveJournalEntry } from '../../api/journal';
import { ConflictPanel } from '../editor/ConflictPanel';
import { sessionUserScope } from '../../lib/session-user';
import { keepaliveWrite } from '../workspace/keepalive';

/** Journal autosave: 2 s after the last input (spec §9). */
export const JOURNAL_AUTOSAVE_MS = 2000;

/** localStorage key of an unsaved journal entry (dates repeat across users: scoped by user). */
export const journalDraftKey = (user: string, date: string) => `cc:draft:journal:${user}:${date}`;

export interface JournalEntryHandle {
  /** The entry's text as typed (for the chat's file_content). */
  getText(): string;
}

export interface JournalEntryEditorProps {
  date: string;
  /** The entry was saved: whether it has text now (the calendar marks the day). */
  onSaved?: (date: string, hasText: boolean) => void;
  ref?: Ref<JournalEntryHandle>;
}

type Loaded = { status: 'loading' } | { status: 'ok'; initial: string } | { status: 'error'; message: string };

/**
 * The entry of one date: the markdown editor + preview, autosaved 2 s after the last input
 * (and on blur, page hide and unload), kept in localStorage until the server confirms.
 * Mount one per date (key={date}): leaving a date saves what is pending.
 */
export function JournalEntryEditor({ date, onSaved, ref }: JournalEntryEditorProps) {
  const paneRef = useRef<EditorPaneHandle>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [autosave, setAutosave] = useState<Autosave<number> | null>(null);
  const textRef = useRef('');
  const status = useAutosaveStatus(autosave);

  const getText = () => paneRef.current?.getValue() ?? textRef.current;
  useImperativeHandle(ref, () => ({ getText }), []);

  // Leaving the date: read the text before React detaches the editor's ref (the save below uses it).
  useLayoutEffect(
    () => () => {
      const pane = paneRef.current;
      if (pane) textRef.current = pane.getValue();
    },
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    let created: Autosave<number> | null = null;
    let unbind = () => undefined as void;
    setLoaded({ status: 'loading' });
    Promise.all([sessionUserScope(), fetchJournalEntry(date, controller.signal)]).then(
      ([user, answer]) => {
        if (controller.signal.aborted) return;
        // Guarded by the entry's revision like a file's content: a stale tab gets the conflict, not the last word.
        created = new Autosave<number>({
          storageKey: journalDraftKey(user, date),
          delayMs: JOURNAL_AUTOSAVE_MS,
          getContent: getText,
          getLength: () => paneRef.current?.getLength() ?? textRef.current.length,
          save: async (content, revision, { keepalive, saveId }) => {
            const guard = { revision, saveId };
            const answer = keepalive
              ? ((await keepaliveWrite('POST', journalSavePath(date), { content, ...guardFields(guard) })) as { entry?: { revision?: number } } | undefined)
              : await saveJournalEntry(date, content, guard);
            onSavedRef.current?.(date, content.trim() !== '');
            return answer?.entry?.revision;
          },
          conflictOf: (error) => {
            const stale = staleText(error, 'content');
            return stale ? { theirs: stale.text, base: stale.revision, saveId: stale.saveId, ...(stale.message ? { message: stale.message } : {}) } : null;
          },
          onError: (error) => console.warn('[journal] saving the entry failed', error),
        });
        unbind = bindPageLifecycle(() => (created ? [created] : []));
        const { content } = created.start(answer.entry?.content ?? '', answer.entry?.revision);
        textRef.current = content;
        setAutosave(created);
        setLoaded({ status: 'ok', initial: content });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      controller.abort();
      unbind();
      if (created) void created.dispose({ flush: true });
    };
    // One load per date (the component is keyed by date) and per retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, attempt]);

  return (
    <div className="journal-entry" data-testid="journal-entry" data-date={date}>
      <p className="journal-save-status" role="status" aria-live="polite" data-testid="save-status" data-state={status.state}>
        {status.text}
      </p>
      {status.restored && <p className="journal-note">Unsaved text from your last visit was restored and is being saved.</p>}
      {status.conflict && autosave && (
        <ConflictPanel
          subject="entry"
          mine={status.conflict.mine}
          theirs={status.conflict.theirs}
          theirsRevision={status.conflict.theirsBase}
          currentMine={getText}
          onKeepMine={() => void autosave.keepMine()}
          onTakeTheirs={() => {
            const theirs = autosave.takeTheirs();
            if (theirs !== null) paneRef.current?.setValue(theirs);
          }}
        />
      )}
      {loaded.status === 'loading' && (
        <p className="journal-note" role="status">
          Loading the entry…
        </p>
      )}
      {loaded.status === 'error' && (
        <div className="journal-error" role="alert">
          <p>The entry could not be loaded: {loaded.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      )}
      {loaded.status === 'ok' && (
        <EditorPane
          ref={paneRef}
          className="journal-pane"
          initialValue={loaded.initial}
          editorLabel={`Journal entry for ${date}`}
          previewLabel="Preview (editable)"
          placeholder="What happened today? What did you learn?"
          onChange={() => autosave?.changed()}
          onBlur={() => void autosave?.flush()}
        />
      )}
    </div>
  );
}
