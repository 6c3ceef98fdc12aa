import { useCallback, useState } from 'react';
import { nextAttempt } from '@cc/ui/federation';
import { useRemoteModule } from '@cc/ui/remote-module';
import { RetryBoundary } from '@cc/ui/retry-boundary';
import { RemoteLoading, RemoteUnavailable } from './RemoteStates';

interface Props {
  /** `<remote>/<ExposedModule>`, e.g. `planning/PlanningPage`. */
  id: string;
  label: string;
}

/** The remote's page once its code has arrived (useRemoteModule: at once when it already has). */
function RemoteContent({ id, attempt, label }: { id: string; attempt: number; label: string }) {
  const loaded = useRemoteModule(id, attempt);
  if (!loaded) return <RemoteLoading label={label} />;
  // The boundary above shows "unavailable" with Retry.
  if ('error' in loaded) throw loaded.error;
  const { default: Page } = loaded.module;
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
