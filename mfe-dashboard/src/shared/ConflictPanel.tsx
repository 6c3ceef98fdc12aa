import { useEffect, useState } from 'react';
import type { DiffLine } from '@cc/contracts';
import { DiffView, diffLines } from '@cc/ui';
import './ConflictPanel.css';

/** What changed elsewhere: the file's content (default), its summary or goals, a journal entry. */
export type ConflictSubject = 'file' | 'summary' | 'goals' | 'entry';

const WORDING: Record<ConflictSubject, { title: string; saved: string }> = {
  file: { title: 'This file was changed elsewhere', saved: 'saved this file' },
  summary: { title: "This file's summary was changed elsewhere", saved: "saved this file's summary" },
  goals: { title: "This file's goals were changed elsewhere", saved: "saved this file's goals" },
  entry: { title: 'This journal entry was changed elsewhere', saved: 'saved this entry' },
};

export interface ConflictPanelProps {
  subject?: ConflictSubject;
  /** The user's text when the conflict was found. */
  mine: string;
  /** The server's current text. */
  theirs: string;
  theirsRevision?: number;
  /** The user's text now (what "Keep mine" saves and "Copy mine" copies). */
  currentMine: () => string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/**
 * A save was refused because the text changed elsewhere (409, stale revision). Both versions
 * are shown; the user keeps theirs (saved over the server's current revision), takes the
 * server's, or copies theirs first. Nothing typed is lost either way.
 */
export function ConflictPanel({
  subject = 'file',
  mine,
  theirs,
  theirsRevision,
  currentMine,
  onKeepMine,
  onTakeTheirs,
}: ConflictPanelProps) {
  const wording = WORDING[subject];
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [showDiff, setShowDiff] = useState(false);
  const [lines, setLines] = useState<DiffLine[] | null>(null);
  useEffect(() => {
    if (!showDiff) return;
    let current = true;
    setLines(null);
    diffLines(theirs, mine).then(
      (next) => {
        if (current) setLines(next);
      },
      (error: unknown) => {
        // The diff's code could not be fetched (offline): both versions are on screen anyway.
        console.warn('[conflict] the differences could not be shown', error);
        if (current) setLines([]);
      },
    );
    return () => {
      current = false;
    };
  }, [showDiff, theirs, mine]);
  return (
    <section className="fw-conflict" role="alert" aria-label={wording.title} data-testid="conflict-panel" data-subject={subject}>
      <h3>{wording.title}</h3>
      <p>
        Another tab or device {wording.saved} while you were editing, so your changes were not saved over it. Both versions are below: keep
        yours, take the other one, or copy yours first.
      </p>
      <div className="fw-conflict-versions">
        <figure className="fw-conflict-version" data-testid="conflict-mine">
          <figcaption>Your version</figcaption>
          <pre tabIndex={0}>{mine}</pre>
        </figure>
        <figure className="fw-conflict-version" data-testid="conflict-theirs">
          <figcaption>Saved elsewhere{theirsRevision !== undefined ? ` (revision ${theirsRevision})` : ''}</figcaption>
          <pre tabIndex={0}>{theirs}</pre>
        </figure>
      </div>
      <div className="fw-conflict-actions">
        <button type="button" className="button button-primary" onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="button" onClick={onTakeTheirs}>
          Take theirs
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            void copyText(currentMine()).then((ok) => setCopied(ok ? 'yes' : 'no'));
          }}
        >
          Copy mine
        </button>
        <button type="button" className="button button-quiet" aria-expanded={showDiff} onClick={() => setShowDiff((v) => !v)}>
          {showDiff ? 'Hide differences' : 'Show differences'}
        </button>
        {copied && (
          <span className="fw-conflict-copied" role="status">
            {copied === 'yes' ? 'Your version is on the clipboard.' : 'Could not copy: select the text of your version and copy it.'}
          </span>
        )}
      </div>
      {showDiff && lines && <DiffView lines={lines} label="Differences: the other version to yours" className="fw-conflict-diff" />}
    </section>
  );
}
