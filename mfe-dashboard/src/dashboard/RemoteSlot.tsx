import { useCallback, useState } from 'react';
import { loadRemoteModule, nextAttempt } from '@cc/ui/federation';
import { useRemoteModule } from '@cc/ui/remote-module';
import { ChunkBoundary } from './ChunkBoundary';

/**
 * Starts loading another remote's module as this page's code arrives, before the page renders
 * (the shell asks for the same module while its own code loads: the federation runtime shares the
 * download, and this bundle's copy of the module is then often ready by the first render).
 */
export function preloadRemoteSlot(id: string): void {
  loadRemoteModule(id, nextAttempt()).catch(() => undefined);
}

/** The module once it has arrived (useRemoteModule: at once when it already has). */
function SlotContent({ id, attempt, label }: { id: string; attempt: number; label: string }) {
  const loaded = useRemoteModule(id, attempt);
  if (!loaded)
    return (
      <div className="remote-slot" role="status">
        Loading the {label}…
      </div>
    );
  // The boundary above shows the error with Retry.
  if ('error' in loaded) throw loaded.error;
  const { default: Panel } = loaded.module;
  return <Panel />;
}

/** A component from another remote, with its own loading state and error boundary. */
export function RemoteSlot({ id, label }: { id: string; label: string }) {
  const [attempt, setAttempt] = useState(nextAttempt);
  const retry = useCallback(() => setAttempt(nextAttempt()), []);
  return (
    <ChunkBoundary label={label} onRetry={retry} message={`The ${label} is unavailable right now.`}>
      <SlotContent id={id} attempt={attempt} label={label} />
    </ChunkBoundary>
  );
}
