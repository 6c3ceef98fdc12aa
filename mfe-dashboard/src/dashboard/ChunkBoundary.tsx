import type { ReactNode } from 'react';
import { RetryBoundary } from '@cc/ui/retry-boundary';

interface Props {
  /** What failed to load, e.g. 'editor'. */
  label: string;
  /** Makes a new attempt possible (e.g. a new React.lazy: a failed one stays failed). */
  onRetry: () => void;
  /** The sentence shown when it failed; by default "The <label> could not be loaded." */
  message?: string;
  children: ReactNode;
}

/** Catches code loaded at run time (a lazy chunk, another remote's panel) that failed to load (or crashed) and offers to try again. */
export function ChunkBoundary({ label, onRetry, message = `The ${label} could not be loaded.`, children }: Props) {
  return (
    <RetryBoundary
      name={`[dashboard] the ${label}`}
      onRetry={onRetry}
      fallback={(retry) => (
        <div className="remote-slot remote-slot-error" role="alert">
          <p>{message}</p>
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      )}
    >
      {children}
    </RetryBoundary>
  );
}
