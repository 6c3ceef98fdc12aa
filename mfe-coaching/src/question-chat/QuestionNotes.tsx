import { useState } from 'react';
import { ConflictPanel } from '@cc/ui/conflict';
import type { NoteText } from './useNoteText';

export type NotesMode = 'content' | 'summary';

/** The editor under the chat: 'Manual entries' and 'AI summary', each autosaved, and 'Regenerate summary'. */
export function QuestionNotes({
  content,
  summary,
  ready,
  onRegenerate,
  regenerating,
  disabled,
}: {
  content: NoteText;
  summary: NoteText;
  ready: boolean;
  onRegenerate: () => void;
  regenerating: boolean;
  disabled?: boolean;
}) {
  const [mode, setMode] = useState<NotesMode>('content');
  const note = mode === 'content' ? content : summary;
  const label = mode === 'content' ? 'Manual entries' : 'AI summary';
  return (
    <section className="coaching-notes" aria-label="Notes" data-mode={mode}>
      <div className="coaching-notes-bar">
        <div role="group" aria-label="Editor mode" className="coaching-notes-modes">
          <button
            type="button"
            aria-pressed={mode === 'content'}
            className={mode === 'content' ? 'active' : ''}
            onClick={() => setMode('content')}
          >
            Manual entries
          </button>
          <button
            type="button"
            aria-pressed={mode === 'summary'}
            className={mode === 'summary' ? 'active' : ''}
            onClick={() => setMode('summary')}
          >
            AI summary
          </button>
        </div>
        <button type="button" className="button button-quiet" onClick={onRegenerate} disabled={!ready || regenerating || disabled}>
          {regenerating ? 'Summarising…' : 'Regenerate summary'}
        </button>
      </div>
      <textarea
        aria-label={label}
        className="coaching-notes-text"
        value={note.text}
        disabled={!ready || disabled || (mode === 'summary' && regenerating)}
        placeholder={mode === 'content' ? 'Your own notes for this question and period…' : 'A summary of your notes and the chat.'}
        onChange={(event) => note.edit(event.target.value)}
        onBlur={() => note.saves.blurred()}
      />
      <p className="coaching-save-status" role="status" data-testid="notes-save-status" data-state={note.saves.status.state}>
        {note.saves.status.text}
      </p>
      {note.saves.status.conflict && (
        <ConflictPanel
          subject="notes"
          mine={note.saves.status.conflict.mine}
          theirs={note.saves.status.conflict.theirs}
          theirsRevision={note.saves.status.conflict.theirsBase}
          currentMine={() => note.text}
          onKeepMine={() => void note.saves.keepMine()}
          onTakeTheirs={note.takeTheirs}
        />
      )}
    </section>
  );
}
