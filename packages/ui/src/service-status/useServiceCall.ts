import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '@cc/client';

export type CallState<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; message: string; httpStatus: number };

/**
 * Runs one API call when the component mounts (and again when `key` changes); aborts it
 * when the component goes away. Errors become a message to show, never a crash.
 */
export function useServiceCall<T>(call: (signal: AbortSignal) => Promise<T>, key = ''): CallState<T> {
  const [state, setState] = useState<CallState<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    call(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ok', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: errorMessage(error), httpStatus: error instanceof ApiError ? error.status : 0 });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `call` is usually an inline function; `key` says when to call again
  }, [key]);
  return state;
}
