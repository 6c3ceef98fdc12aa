import { useCallback, useEffect, useState } from 'react';
import { loadedRemoteModule, loadRemoteModule, nextAttempt, type RemoteComponentModule } from '@cc/ui/federation';
import { ChunkBoundary } from './ChunkBoundary';

type Loaded = { attempt: number } & ({ module: RemoteComponentModule } | { error: unknown });

/**
 * Starts loading another remote's module as this page's code arrives, before the page renders
 * (the shell asks for the same module while its own code loads: the federation runtime shares the
 * download, and this bundle's copy of the module is then often ready by the first render).
 */
export function preloadRemoteSlot(id: string): void {
  loadRemoteModule(id, nextAttempt()).catch(() => undefined);
}

/**
 * The module once it has arrived. Not through Suspense: React holds content that resolves after a
 * Suspense fallback has shown for 300 ms (its fallback throttle), which the About me panel met on
 * every cold visit; a state update shows it as soon as its code is there.
 */
function SlotContent({ id, attempt, label }: { id: string; attempt: number; label: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const module = loadedRemoteModule(id);
    return module ? { attempt, module } : null;
  });
  useEffect(() => {
    let live = true;
    loadRemoteModule(id, attempt).then(
      (module) => live && setLoaded({ attempt, module }),
      (error: unknown) => live && setLoaded({ attempt, error }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  if (!loaded || loaded.attempt !== attempt)
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
