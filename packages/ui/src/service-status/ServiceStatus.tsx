import type { CallState } from './useServiceCall';

interface Props<T> {
  /** e.g. 'Folders service' */
  label: string;
  state: CallState<T>;
  /** How to describe a successful answer. */
  describe: (data: T) => string;
}

/** One calm line saying what the section's service answered. */
export function ServiceStatus<T>({ label, state, describe }: Props<T>) {
  const text = state.status === 'loading' ? 'checking…' : state.status === 'ok' ? describe(state.data) : state.message;
  // 501 is the honest "this part is not built yet", not a failure: shown in the calm tone.
  const tone = state.status === 'error' && state.httpStatus === 501 ? 'not-implemented' : state.status;
  return (
    <p className="status-line" role="status" data-state={tone} data-testid="service-status">
      {label}: {text}
    </p>
  );
}
