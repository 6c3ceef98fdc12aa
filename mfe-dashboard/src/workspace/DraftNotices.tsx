import type { DraftJob } from './hooks/useDraftRequests';

export interface DraftNoticesProps {
  job: DraftJob | null;
  undo: { previous: string } | null;
  onCancel: () => void;
  onUndo: () => void;
}

/** Above the editor: the AI draft being written (with Cancel), then the applied one (with Undo). */
export function DraftNotices({ job, undo, onCancel, onUndo }: DraftNoticesProps) {
  return (
    <>
      {job && (
        <div className="fw-notice" role="status" data-testid="draft-indicator">
          <span className="spinner spinner-inline" aria-hidden="true" />
          <span>{job.kind === 'generate' ? 'Generating a draft with AI…' : 'Writing a first draft with AI…'}</span>
          <button type="button" className="button button-small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      {undo && (
        <div className="fw-notice" data-testid="undo-indicator">
          <span>The AI draft replaced the file&apos;s content.</span>
          <button type="button" className="button button-small" onClick={onUndo}>
            Undo
          </button>
        </div>
      )}
    </>
  );
}
