import { useRef, useState } from 'react';
import { AUTOSAVE_DELAYS_MS, useAutosavedText } from '@cc/ui';
import { storageAccount } from '@cc/ui/storage';
import { saveNote, type NoteField, type QuestionPeriod } from '../api/conversation';

/** The 409 of a stale save: what the text holds now, its revision and the save that wrote it. */
function staleOf(error: unknown) {
  const e = error as {
    status?: unknown;
    body?: { errors?: unknown; current?: { content?: unknown; revision?: unknown; save_id?: unknown } };
  } | null;
  const current = e?.status === 409 ? e.body?.current : undefined;
  if (!current || typeof current.content !== 'string' || typeof current.revision !== 'number') return null;
  const message = Array.isArray(e?.body?.errors) && typeof e.body.errors[0] === 'string' ? e.body.errors[0] : undefined;
  return {
    theirs: current.content,
    base: current.revision,
    saveId: typeof current.save_id === 'string' ? current.save_id : null,
    ...(message ? { message } : {}),
  };
}

/**
 * One of a conversation's texts (manual entries or AI summary), autosaved 800 ms after typing
 * and on blur by the kit's hook, guarded by its revision (spec §7; svc-coaching answers 409 on a
 * stale one). The draft is kept per account until the server has it.
 */
export function useNoteText(at: QuestionPeriod, field: NoteField) {
  const [text, setText] = useState('');
  const textRef = useRef<string | null>(null);
  const account = storageAccount() ?? '?';
  const saves = useAutosavedText<number>({
    key: `coaching:${at.questionId}:${at.periodKey}:${field}`,
    storageKey: `cc:draft:coaching:${account}:${at.questionId}:${at.periodKey}:${field}`,
    delayMs: AUTOSAVE_DELAYS_MS.coaching,
    getText: () => textRef.current,
    save: async (content, revision, { keepalive, saveId }) => {
      const answer = await saveNote(at, field, content, { revision, saveId }, keepalive);
      return field === 'content' ? answer.content_revision : answer.summary_revision;
    },
    conflictOf: staleOf,
    onError: (error) => console.warn(`[coaching] saving the ${field} failed`, error),
  });

  return {
    text,
    saves,
    /** The server's text is known: shows it (or a restored local draft) and starts autosaving. */
    start(server: string, revision: number) {
      const shown = saves.start(server, revision);
      textRef.current = shown;
      setText(shown);
    },
    /** Typed. */
    edit(next: string) {
      textRef.current = next;
      setText(next);
      saves.changed();
    },
    /** Replaced by the server (a generated summary): nothing to save. */
    replaceFromServer(next: string, revision: number) {
      textRef.current = next;
      setText(next);
      saves.autosave.reset(next, revision);
    },
    /** A conflict resolved with the server's text (the hook already bases the next save on it). */
    takeTheirs() {
      const theirs = saves.takeTheirs();
      if (theirs === null) return;
      textRef.current = theirs;
      setText(theirs);
    },
    /** Replaced here (an update from the chat): saved at once. */
    async replaceAndSave(next: string) {
      textRef.current = next;
      setText(next);
      saves.changed();
      return saves.flush();
    },
  };
}

export type NoteText = ReturnType<typeof useNoteText>;
