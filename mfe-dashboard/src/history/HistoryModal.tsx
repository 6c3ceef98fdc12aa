import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '@cc/client';
import type { DiffLine } from '@cc/contracts';
import { formatDateTime } from '@cc/contracts/dates';
import { DiffView, diffLines, Modal } from '@cc/ui';
import { DialogProvider, useDialogs } from '@cc/ui/dialogs';
import { historyChanged, restoreRevision, revisionQuery, revisionsQuery, type HistoryTarget, type RevisionPoint } from './api/history';
import { charactersText, timeAgo } from './timeAgo';
import './history.css';

export interface HistoryModalProps {
  target: HistoryTarget;
  /** What the history is of, for the title ("notes.md", "Thu 26 Nov 2026"). */
  subject: string;
  onClose: () => void;
  /** The text in the editor now: each point is shown as a diff against it. */
  currentText: () => string;
  /**
   * Before a restore: saves what is still being typed. False when it could not be saved (a
   * conflict to resolve, offline): nothing is restored then, so no typing is lost.
   */
  prepare: () => Promise<boolean>;
  /** The restore landed: the editor takes `content` as the text of `revision`. */
  restored: (content: string, revision: number) => void;
}

export const HISTORY_TEXT = {
  empty:
    'No earlier versions yet: a version is kept when you pause for 5 minutes, every 10 minutes while you write, and before an AI update or a restore.',
  current: 'Current version',
  currentNote: 'This is the text as it is now. Choose an earlier version to compare it.',
  notSaved: 'Your latest changes could not be saved yet, so nothing was restored. Resolve the message in the editor or try again.',
  restoreFailed: 'Restore failed: ',
  loadFailed: 'The history could not be loaded: ',
  diffLabel: 'Changes since this version',
  restore: 'Restore this version',
} as const;

/**
 * The history of a file's content or a journal day (docs/dashboard.md#history): the points by
 * time, the chosen one as a diff against the current text, and Restore with a confirmation.
 * Mounted only while open (its code loads when first opened).
 */
export default function HistoryModal(props: HistoryModalProps) {
  return (
    <DialogProvider>
      <History {...props} />
    </DialogProvider>
  );
}

function History({ target, subject, onClose, currentText, prepare, restored }: HistoryModalProps) {
  const client = useQueryClient();
  const dialogs = useDialogs();
  // The text compared with: as it was when the panel opened (the editor is behind the dialog).
  const [current] = useState(currentText);
  const list = useQuery({ ...revisionsQuery(target), staleTime: 0, gcTime: 0, retry: false });
  // A journal day without an entry has no history: the panel says so like an empty one.
  const missingDay = target.kind === 'journal' && list.error instanceof ApiError && list.error.status === 404;
  const points: RevisionPoint[] = list.data?.revisions ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  // The newest earlier version is shown first.
  const selected = chosen ?? points[1]?.revision ?? points[0]?.revision ?? null;
  const isCurrent = selected !== null && selected === points[0]?.revision;
  const point = useQuery({
    ...revisionQuery(target, selected ?? 0),
    enabled: selected !== null && !isCurrent,
    staleTime: Infinity,
    retry: false,
  });
  const [lines, setLines] = useState<{ revision: number; lines: DiffLine[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const text = point.data?.content;
  const shown = point.data?.revision;
  useEffect(() => {
    if (text === undefined || shown === undefined) return;
    let live = true;
    void diffLines(text, current).then((computed) => {
      if (live) setLines({ revision: shown, lines: computed });
    });
    return () => {
      live = false;
    };
  }, [text, shown, current]);

  const chosenPoint = points.find((p) => p.revision === selected);

  const restore = async () => {
    if (!chosenPoint || text === undefined || busy) return;
    const when = formatDateTime(chosenPoint.saved_at);
    const confirmed = await dialogs.confirm({
      title: HISTORY_TEXT.restore,
      message: `Restore the version of ${when}? The text you have now stays in the history.`,
      confirmLabel: 'Restore',
    });
    if (!confirmed) return;
    setBusy(true);
    setError(null);
    try {
      if (!(await prepare())) {
        setError(HISTORY_TEXT.notSaved);
        return;
      }
      const revision = await restoreRevision(target, chosenPoint.revision);
      restored(text, revision);
      void historyChanged(client);
      onClose();
    } catch (err) {
      setError(errorText(err, { prefix: HISTORY_TEXT.restoreFailed }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`History of ${subject}`}
      // Wide only when there are versions to compare: the empty note reads better narrow.
      className={points.length > 1 ? 'history-modal history-modal--wide' : 'history-modal'}
    >
      {list.isPending && (
        <p className="history-note" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" /> Loading the history…
        </p>
      )}
      {list.isError && !missingDay && (
        <p className="history-note" role="alert" data-tone="error">
          {errorText(list.error, { prefix: HISTORY_TEXT.loadFailed })}
        </p>
      )}
      {(missingDay || (list.isSuccess && points.length <= 1)) && (
        <p className="history-note" data-testid="history-empty">
          {HISTORY_TEXT.empty}
        </p>
      )}
      {list.isSuccess && points.length > 1 && (
        <div className="history-layout">
          <ol className="history-points" aria-label="Versions, newest first" data-testid="history-points">
            {points.map((p, i) => (
              <li key={p.revision}>
                <button
                  type="button"
                  className="history-point"
                  aria-pressed={p.revision === selected}
                  data-revision={p.revision}
                  onClick={() => {
                    setChosen(p.revision);
                    setError(null);
                  }}
                >
                  <span className="history-point-when">{i === 0 ? HISTORY_TEXT.current : timeAgo(p.saved_at)}</span>
                  <span className="history-point-meta">
                    <time dateTime={p.saved_at}>{formatDateTime(p.saved_at)}</time> · {charactersText(p.characters)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          <div className="history-detail">
            {isCurrent && <p className="history-note">{HISTORY_TEXT.currentNote}</p>}
            {!isCurrent && point.isError && (
              <p className="history-note" role="alert" data-tone="error">
                {errorText(point.error, { prefix: HISTORY_TEXT.loadFailed })}
              </p>
            )}
            {!isCurrent && !point.isError && (lines === null || lines.revision !== selected) && (
              <p className="history-note" role="status">
                <span className="spinner spinner-inline" aria-hidden="true" /> Loading this version…
              </p>
            )}
            {!isCurrent && lines !== null && lines.revision === selected && (
              <DiffView
                className="history-diff"
                lines={lines.lines}
                label={HISTORY_TEXT.diffLabel}
                header={
                  <h3 className="history-diff-title">
                    {HISTORY_TEXT.diffLabel}: {chosenPoint ? formatDateTime(chosenPoint.saved_at) : ''}
                  </h3>
                }
                actions={
                  <button type="button" className="button button-primary" onClick={() => void restore()} disabled={busy}>
                    {busy ? 'Restoring…' : HISTORY_TEXT.restore}
                  </button>
                }
              />
            )}
            {error && (
              <p className="history-note" role="alert" data-tone="error">
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
