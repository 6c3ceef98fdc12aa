import { Suspense, use, useCallback, useState } from 'react';
import { loadRemoteModule, nextAttempt } from '@cc/ui/federation';
import { ChunkBoundary } from './ChunkBoundary';

function SlotContent({ id, attempt }: { id: string; attempt: number }) {
  const { default: Panel } = use(loadRemoteModule(id, attempt));
  return <Panel />;
}

/** A component from another remote, with its own loading state and error boundary. */
export function RemoteSlot({ id, label }: { id: string; label: string }) {
  const [attempt, setAttempt] = useState(nextAttempt);
  const retry = useCallback(() => setAttempt(nextAttempt()), []);
  return (
    <ChunkBoundary label={label} onRetry={retry} message={`The ${label} is unavailable right now.`}>
      <Suspense
        fallback={
          <div className="remote-slot" role="status">
            Loading the {label}…
          </div>
        }
      >
        <SlotContent id={id} attempt={attempt} />
      </Suspense>
    </ChunkBoundary>
  );
}
