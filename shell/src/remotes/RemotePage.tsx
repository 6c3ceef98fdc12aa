import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { loadedRemoteModule, loadRemoteModule, nextAttempt } from '@cc/ui/federation';
import { RetryBoundary } from '@cc/ui/retry-boundary';
import { RemoteLoading, RemoteUnavailable } from './RemoteStates';

interface Props {
  /** `<remote>/<ExposedModule>`, e.g. `planning/PlanningPage`. */
  id: string;
  label: string;
}

type Loaded = { id: string; attempt: number } & ({ Page: ComponentType } | { error: unknown });

/**
 * The remote's page once its code has arrived. Not through Suspense: React holds content that
 * resolves after a Suspense fallback has shown for at least 300 ms (its fallback throttle), which
 * the bench saw on every cold visit (a page ready at 450 ms shown at 710 ms). A state update has
 * no such hold, so the page shows as soon as its code is there.
 */
function RemoteContent({ id, attempt, label }: { id: string; attempt: number; label: string }) {
  // A page seen before, or whose code arrived while the shell loaded (preloadRemotePages, from
  // the entry chunk), shows at once, without a frame of "Loading…".
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const module = loadedRemoteModule(id);
    return module ? { id, attempt, Page: module.default } : null;
  });
  useEffect(() => {
    let live = true;
    loadRemoteModule(id, attempt).then(
      (module) => live && setLoaded({ id, attempt, Page: module.default }),
      (error: unknown) => live && setLoaded({ id, attempt, error }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  if (!loaded || loaded.id !== id || loaded.attempt !== attempt) return <RemoteLoading label={label} />;
  // The boundary above shows "unavailable" with Retry.
  if ('error' in loaded) throw loaded.error;
  const { Page } = loaded;
  return <Page />;
}

/**
 * A page that lives in a remote: loading state, then the page; if the remote is down (or
 * the page crashes), a message with Retry while the rest of the app keeps working. Each
 * mount is a new attempt, so give each section its own `key`: leaving a failed section and
 * coming back tries again.
 */
export function RemotePage({ id, label }: Props) {
  const [attempt, setAttempt] = useState(nextAttempt);
  const retry = useCallback(() => setAttempt(nextAttempt()), []);
  return (
    <RetryBoundary
      name={`[shell] the ${label} section`}
      onRetry={retry}
      fallback={(retryNow) => <RemoteUnavailable label={label} onRetry={retryNow} />}
    >
      <RemoteContent id={id} attempt={attempt} label={label} />
    </RetryBoundary>
  );
}
