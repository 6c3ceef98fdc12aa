import { useEffect, useState } from 'react';
import type { DiffLine } from '@cc/contracts';
import { DiffView } from '../diff/DiffView';
import { diffLines } from '../diff/diff';
import './conflict.css';

/**
 * What changed elsewhere. One panel for every autosaved text that carries a revision (files,
 * their summary and goals, journal entries, action-plan weeks, check-in notes, person profile
 * fields, meeting fields), so a stale save reads and works the same on every page.
 */
export type ConflictSubject = 'file' | 'summary' | 'goals' | 'entry' | 'week' | 'notes' | 'profile' | 'meeting';

const WORDING: Record<ConflictSubject, { title: string; saved: string }> = {
  file: { title: 'This file was changed elsewhere', saved: 'saved this file' },
  summary: { title: "This file's summary was changed elsewhere", saved: "saved this file's summary" },
  goals: { title: "This file's goals were changed elsewhere", saved: "saved this file's goals" },
  entry: { title: 'This journal entry was changed elsewhere', saved: 'saved this entry' },
  week: { title: 'This week was changed elsewhere', saved: 'saved this week' },
  notes: { title: 'These notes were changed elsewhere', saved: 'saved these notes' },
  profile: { title: 'This field was changed elsewhere', saved: 'saved this field' },
  meeting: { title: 'This meeting was changed elsewhere', saved: 'saved this meeting' },
};

export interface ConflictPanelProps {
  subject?: ConflictSubject;
  /** Names the field in the title when one record has several (a profile field: "Role"). */
  field?: string;
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
  field,
  mine,
  theirs,
  theirsRevision,
  currentMine,
  onKeepMine,
  onTakeTheirs,
}: ConflictPanelProps) {
  const wording = field ? { title: `${field} was changed elsewhere`, saved: `saved ${field}` } : WORDING[subject];
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
    <section className="cc-conflict" role="alert" aria-label={wording.title} data-testid="conflict-panel" data-subject={subject}>
      <h3>{wording.title}</h3>
      <p>
        Another tab or device {wording.saved} while you were editing, so your changes were not saved over it. Both versions are below: keep
        yours, take the other one, or copy yours first.
      </p>
      <div className="cc-conflict-versions">
        <figure className="cc-conflict-version" data-testid="conflict-mine">
          <figcaption>Your version</figcaption>
          <pre tabIndex={0}>{mine}</pre>
        </figure>
        <figure className="cc-conflict-version" data-testid="conflict-theirs">
          <figcaption>Saved elsewhere{theirsRevision !== undefined ? ` (revision ${theirsRevision})` : ''}</figcaption>
          <pre tabIndex={0}>{theirs}</pre>
        </figure>
      </div>
      <div className="cc-conflict-actions">
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
          <span className="cc-conflict-copied" role="status">
            {copied === 'yes' ? 'Your version is on the clipboard.' : 'Could not copy: select the text of your version and copy it.'}
          </span>
        )}
      </div>
      {showDiff && lines && <DiffView lines={lines} label="Differences: the other version to yours" className="cc-conflict-diff" />}
    </section>
  );
}
