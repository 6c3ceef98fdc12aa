import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** Shown while a section's code loads. The loaded page sets its own title afterwards. */
export function RemoteLoading({ label }: { label: string }) {
  useDocumentTitle(label);
  return (
    <div className="remote-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Loading {label}…
    </div>
  );
}

export function RemoteUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  useDocumentTitle(label);
  return (
    <div className="remote-state remote-error" role="alert">
      <p>The {label} section is unavailable right now.</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
