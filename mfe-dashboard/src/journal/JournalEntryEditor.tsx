import { lazy, Suspense, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTOSAVE_DELAYS_MS, EditorPane, useAutosavedText, type EditorPaneHandle } from '@cc/ui';
import { staleText } from '../shared/saveGuard';
import { journalEntryQuery, readJournalEntry, saveJournalEntry } from './api/journal';
import { ConflictPanel } from '@cc/ui';
import { sessionUserScope } from './session-user';
import { formatDayLong } from '@cc/contracts/dates';
import { historyChanged } from '../history/api/history';
import { Link } from '@cc/ui/router';
import { trashAddress } from '@cc/contracts/addresses';
import { DeleteDayButton } from './DeleteDayButton';

/** The day's history (docs/journal.md#history): its code loads when it is first opened. */
const HistoryModal = lazy(() => import(/* webpackChunkName: "history" */ '../history/HistoryModal'));

/** Journal autosave: 2 s after the last input (docs/journal.md#entry). */
export const JOURNAL_AUTOSAVE_MS = AUTOSAVE_DELAYS_MS.journal;

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

const LOADING_NOTE = (
  <p className="journal-note" role="status">
    Loading the entry…
  </p>
);

/**
 * The entry of one date. Mount one per date (key={date}): leaving a date saves what is
 * pending. The unsaved draft is kept under the signed-in user's key, so that is found first.
 */
export function JournalEntryEditor(props: JournalEntryEditorProps) {
  const client = useQueryClient();
  const [user, setUser] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void sessionUserScope(client).then((scope) => {
      if (current) setUser(scope);
    });
    return () => {
      current = false;
    };
  }, [client]);
  if (user === null) {
    return (
      <div className="journal-entry" data-testid="journal-entry" data-date={props.date}>
        {LOADING_NOTE}
      </div>
    );
  }
  return <JournalEntryText {...props} user={user} />;
}

/**
 * The markdown editor + preview, autosaved 2 s after the last input (and on blur, page hide
 * and unload), kept in localStorage until the server confirms, guarded by the entry's revision
 * like a file's content: a stale tab gets the conflict, not the last word.
 */
function JournalEntryText({ date, onSaved, ref, user }: JournalEntryEditorProps & { user: string }) {
  const client = useQueryClient();
  const paneRef = useRef<EditorPaneHandle>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  /** The text typed when the editor went away (leaving the date); null before the editor shows. */
  const textRef = useRef<string | null>(null);
  const typed = () => paneRef.current?.getValue() ?? textRef.current;

  const entry = useAutosavedText<number>({
    key: `journal:${user}:${date}`,
    storageKey: journalDraftKey(user, date),
    delayMs: JOURNAL_AUTOSAVE_MS,
    getText: typed,
    getLength: () => paneRef.current?.getLength() ?? textRef.current?.length ?? null,
    load: async (signal) => {
      const { entry: loaded } = await readJournalEntry(client, date, signal);
      return { text: loaded.content, base: loaded.revision };
    },
    save: async (content, revision, { keepalive, saveId }) => {
      const answer = await saveJournalEntry(date, content, { revision, saveId }, { keepalive });
      client.setQueryData(journalEntryQuery(date).queryKey, answer);
      onSavedRef.current?.(date, content.trim() !== '');
      return answer.entry.revision;
    },
    conflictOf: (error) => {
      const stale = staleText(error, 'content');
      return stale
        ? { theirs: stale.text, base: stale.revision, saveId: stale.saveId, ...(stale.message ? { message: stale.message } : {}) }
        : null;
    },
    onError: (error) => console.warn('[journal] saving the entry failed', error),
  });
  const { status, loaded } = entry;
  const loadedText = loaded.status === 'ok' ? loaded.text : '';
  const [historyOpen, setHistoryOpen] = useState(false);
  const restored = (content: string, revision: number) => {
    paneRef.current?.setValue(content);
    // After the text is in: nothing is left to save, and the next save is based on the restore.
    entry.autosave.reset(content, revision);
    client.setQueryData(journalEntryQuery(date).queryKey, { success: true as const, entry: { date, content, revision } });
    onSavedRef.current?.(date, content.trim() !== '');
    void historyChanged(client);
  };
  const getText = () => typed() ?? loadedText;
  const [inTrash, setInTrash] = useState(false);
  const deletedDay = () => {
    paneRef.current?.setValue('');
    // After the text is gone: nothing is left to save, and the day has no entry (revision 0).
    entry.autosave.reset('', 0);
    client.setQueryData(journalEntryQuery(date).queryKey, { success: true as const, entry: { date, content: '', revision: 0 } });
    onSavedRef.current?.(date, false);
    setInTrash(true);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- getText is new each render but reads only the editor and loadedText
  useImperativeHandle(ref, () => ({ getText }), [loadedText]);

  // Leaving the date: read the text before React detaches the editor's ref (the save on unmount uses it).
  useLayoutEffect(
    () => () => {
      const pane = paneRef.current;
      if (pane) textRef.current = pane.getValue();
    },
    [],
  );

  return (
    <div className="journal-entry" data-testid="journal-entry" data-date={date}>
      <div className="journal-entry-bar">
        <div className="journal-entry-actions">
          <button type="button" className="button button-small" onClick={() => setHistoryOpen(true)} disabled={loaded.status !== 'ok'}>
            History
          </button>
          <DeleteDayButton
            date={date}
            disabled={loaded.status !== 'ok'}
            text={getText}
            prepare={() => entry.flush()}
            deleted={deletedDay}
          />
        </div>
        <p className="journal-save-status" role="status" aria-live="polite" data-testid="save-status" data-state={status.state}>
          {status.text}
        </p>
      </div>
      {historyOpen && (
        <Suspense fallback={null}>
          <HistoryModal
            target={{ kind: 'journal', date }}
            subject={formatDayLong(date)}
            onClose={() => setHistoryOpen(false)}
            currentText={getText}
            // What is still being typed is saved first: a restore never drops it.
            prepare={() => entry.flush()}
            restored={restored}
          />
        </Suspense>
      )}
      {inTrash && (
        <p className="journal-note" role="status">
          The entry of this day is in the trash for 30 days. <Link to={trashAddress()}>Open the trash</Link>
        </p>
      )}
      {status.restored && <p className="journal-note">Unsaved text from your last visit was restored and is being saved.</p>}
      {status.conflict && (
        <ConflictPanel
          subject="entry"
          mine={status.conflict.mine}
          theirs={status.conflict.theirs}
          theirsRevision={status.conflict.theirsBase}
          currentMine={getText}
          onKeepMine={() => void entry.keepMine()}
          onTakeTheirs={() => {
            const theirs = entry.takeTheirs();
            if (theirs !== null) paneRef.current?.setValue(theirs);
          }}
        />
      )}
      {loaded.status === 'loading' && LOADING_NOTE}
      {loaded.status === 'error' && (
        <div className="journal-error" role="alert">
          <p>The entry could not be loaded: {loaded.message}</p>
          <button type="button" className="button" onClick={entry.reload}>
            Retry
          </button>
        </div>
      )}
      {loaded.status === 'ok' && (
        <EditorPane
          ref={paneRef}
          className="journal-pane"
          initialValue={loaded.text}
          editorLabel={`Journal entry for ${date}`}
          previewLabel="Preview (editable)"
          placeholder="What happened today? What did you learn?"
          onChange={entry.changed}
          onBlur={entry.blurred}
        />
      )}
    </div>
  );
}
