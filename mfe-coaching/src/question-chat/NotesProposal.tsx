import type { DiffLine } from '@cc/contracts';
import { DiffView } from '@cc/ui';

/**
 * The update the chat proposes to the manual entries, in place of the editor
 * (docs/coaching.md#notes): the lines it adds and removes, then Accept (replace and save) or
 * Reject (the notes stay as they are). The dashboard's diff, so both pages show a change alike.
 */
export function NotesProposal({
  lines,
  accepting,
  onAccept,
  onReject,
}: {
  lines: readonly DiffLine[];
  accepting: boolean;
  onAccept: () => void;
  onReject: () => void;
}) {
  return (
    <DiffView
      className="coaching-notes-proposal"
      lines={lines}
      label="Proposed update to your notes"
      header={
        <h3 className="coaching-proposal-title">
          Proposed update to your notes
          {accepting && (
            <span className="coaching-proposal-saving" role="status">
              <span className="spinner spinner-inline" aria-hidden="true" /> Saving…
            </span>
          )}
        </h3>
      }
      actions={
        <>
          <button type="button" className="button button-primary" onClick={onAccept} disabled={accepting}>
            Accept
          </button>
          <button type="button" className="button" onClick={onReject} disabled={accepting}>
            Reject
          </button>
        </>
      }
    />
  );
}
