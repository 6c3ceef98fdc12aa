import type { DiffLine } from '@cc/contracts';
import { DiffView } from '@cc/ui';

export interface DiffPanelProps {
  lines: readonly DiffLine[];
  /** 'chat': an update proposed by the chat; 'draft': an AI draft of a new file. */
  origin: 'chat' | 'draft';
  /** Accept was pressed: the editor takes the text after the accept delay. */
  accepting: boolean;
  onAccept: () => void;
  onReject: () => void;
  onEdit: () => void;
}

/** The proposed update, in place of the editor (docs/dashboard.md#file-chat): Accept All, Reject, Edit. */
export function DiffPanel({ lines, origin, accepting, onAccept, onReject, onEdit }: DiffPanelProps) {
  return (
    <DiffView
      className="fw-diff"
      lines={lines}
      label={origin === 'draft' ? 'AI draft' : 'Proposed update'}
      header={
        <h3 className="fw-diff-title">
          {origin === 'draft' ? 'AI draft for this file' : 'Proposed update from the chat'}
          {accepting && (
            <span className="fw-diff-applying" role="status">
              <span className="spinner spinner-inline" aria-hidden="true" /> Applying…
            </span>
          )}
        </h3>
      }
      actions={
        <>
          <button type="button" className="button button-primary" onClick={onAccept} disabled={accepting}>
            Accept All
          </button>
          <button type="button" className="button" onClick={onReject} disabled={accepting}>
            Reject
          </button>
          <button type="button" className="button" onClick={onEdit} disabled={accepting}>
            Edit
          </button>
        </>
      }
    />
  );
}
