import { Suspense, use, useCallback, useState } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteModule, nextAttempt } from './loadRemoteModule';
import { RemoteLoading } from './RemoteStates';

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
 * A page that lives in a remote: loading state, then the page; if the remote is down, a
 * message with Retry. Each mount is a new attempt, so give each section its own `key`:
 * leaving a failed section and coming back tries again.
 */
export function RemotePage({ id, label }: Props) {
  const [attempt, setAttempt] = useState(nextAttempt);
  const retry = useCallback(() => setAttempt(nextAttempt()), []);
  return (
    <RemoteErrorBoundary label={label} onRetry={retry}>
      <Suspense fallback={<RemoteLoading label={label} />}>
        <RemoteContent id={id} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
