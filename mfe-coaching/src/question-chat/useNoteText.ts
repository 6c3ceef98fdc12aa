import { useRef, useState } from 'react';
import { AUTOSAVE_DELAYS_MS, useAutosavedText } from '@cc/ui';
import { staleSaveOf } from '@cc/ui/stale-save';
import { storageAccount } from '@cc/ui/storage';
import { saveNote, type NoteField, type QuestionPeriod } from './api/conversation';

/**
 * One of a conversation's texts (manual entries or AI summary), autosaved 800 ms after typing
 * and on blur by the kit's hook, guarded by its revision (docs/coaching.md#notes; svc-coaching answers 409 on a
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
    conflictOf: staleSaveOf,
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
