import { Suspense, use, useCallback, useState } from 'react';
import { loadRemoteModule, nextAttempt } from '@cc/ui/federation';
import { RetryBoundary } from '@cc/ui/retry-boundary';
import { RemoteLoading, RemoteUnavailable } from './RemoteStates';

interface Props {
  /** `<remote>/<ExposedModule>`, e.g. `planning/PlanningPage`. */
  id: string;
  label: string;
}

function RemoteContent({ id, attempt }: { id: string; attempt: number }) {
  const { default: Page } = use(loadRemoteModule(id, attempt));
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
      <Suspense fallback={<RemoteLoading label={label} />}>
        <RemoteContent id={id} attempt={attempt} />
      </Suspense>
    </RetryBoundary>
  );
}
