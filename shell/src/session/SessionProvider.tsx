import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, createClient, errorMessage, setCsrfToken, setUnauthorizedHandler, type ApiClient } from '@cc/client';
import type { SessionAnswer, SessionUser } from '@cc/contracts';
import { ACCOUNT_KEY, setStorageAccount, storageAccount, storageAccountSignedOut } from '@cc/ui/storage';
import { takeFirstAnswer, takeFirstProbe } from './firstProbe';

export type SessionState =
  | { status: 'loading' }
  /**
   * `byUser`: the user signed out (go to /sign-in), rather than the session ending under them;
   * `elsewhere`: in another tab of this browser.
   */
  | { status: 'signed-out'; byUser: boolean; accountDeleted?: boolean; elsewhere?: boolean }
  | { status: 'signed-in'; user: SessionUser }
  /** The session probe failed for another reason than 401 (server down, network). */
  | { status: 'error'; message: string };

export interface SessionContextValue {
  state: SessionState;
  /** Store a fresh session answer (start-up, sign-in, sign-up): user + CSRF meta tag. */
  signedIn(answer: SessionAnswer): void;
  /** Forget the session: the user signed out (`byUser`), deleted the account, or a call answered 401. */
  signedOut(byUser?: boolean, how?: { accountDeleted?: boolean; elsewhere?: boolean }): void;
  /** Ask the server again (after a failed probe). */
  reload(): void;
}

/**
 * The client for a probe: the first reads the answer of the request index.ts sent at start-up
 * (the same call, read the same way); an abort still ends the wait at once.
 */
function probeClient(): ApiClient {
  const first = takeFirstProbe();
  if (!first) return api;
  return createClient({
    fetch: (_url, init) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        first.then(resolve, reject);
      }),
  });
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/**
 * What a signed-in answer sets before any page renders: what the browser keeps for another account
 * is gone by then, the cached answers of every page included.
 */
function adopt(answer: SessionAnswer, queries: QueryClient): void {
  if (storageAccount() !== String(answer.user.id)) queries.clear();
  setStorageAccount(answer.user.id);
  setCsrfToken(answer.csrf_token);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queries = useQueryClient();
  // Signed in from the first render when the start-up probe's answer is already in (a cold
  // visit: it travels while the shell's code downloads); else "loading" until the probe below.
  const [state, setState] = useState<SessionState>(() => {
    const answer = takeFirstAnswer();
    if (!answer) return { status: 'loading' };
    adopt(answer, queries);
    return { status: 'signed-in', user: answer.user };
  });
  const startedSignedIn = useRef(state.status === 'signed-in');
  const [probe, setProbe] = useState(0);

  const signedIn = useCallback(
    (answer: SessionAnswer) => {
      adopt(answer, queries);
      setState({ status: 'signed-in', user: answer.user });
    },
    [queries],
  );

  const signedOut = useCallback(
    (byUser = false, how: { accountDeleted?: boolean; elsewhere?: boolean } = {}) => {
      setCsrfToken(null);
      // No page of this account may show its answers to whoever signs in next.
      queries.clear();
      setState({
        status: 'signed-out',
        byUser,
        ...(how.accountDeleted ? { accountDeleted: true } : {}),
        ...(how.elsewhere ? { elsewhere: true } : {}),
      });
    },
    [queries],
  );

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setProbe((n) => n + 1);
  }, []);

  // Start-up: who is signed in? A 401 here just means "signed out", never a redirect.
  useEffect(() => {
    // The first render's answer was the start-up probe's; a later reload() asks again.
    if (probe === 0 && startedSignedIn.current) return;
    const controller = new AbortController();
    probeClient()
      .call('GET /auth/session', undefined, { redirectOnUnauthorized: false, signal: controller.signal })
      .then(signedIn, (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) signedOut(false);
        else setState({ status: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [probe, signedIn, signedOut]);

  // A 401 from any later call (the session expired): drop the session; the protected
  // layout then sends the user to /sign-in?next=<this page> without a full page load.
  useEffect(() => setUnauthorizedHandler(() => signedOut(false)), [signedOut]);

  // Another tab signed out, or signed in as someone (the browser holds one session): this page
  // must not go on showing the previous account's name and pages, nor a sign-in form while
  // someone is signed in.
  // - Signed in elsewhere (the account key written): start over, as whoever it is.
  // - Signed out elsewhere (the storage cleared): drop this account here too, and go to the
  //   sign-in page without asking the server. The other tab clears the storage before its
  //   sign-out reaches the server, so a reload here could still find the session alive, take
  //   the account back into the storage and send the other tab (now signed out, or signing in
  //   as someone else) through a reload of its own.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCOUNT_KEY && event.key !== null) return;
      const mine = storageAccount();
      if (typeof event.newValue === 'string') {
        if (event.newValue !== mine) window.location.reload();
      } else if (typeof mine === 'string') {
        storageAccountSignedOut();
        signedOut(false, { elsewhere: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signedOut]);

  const value = useMemo(() => ({ state, signedIn, signedOut, reload }), [state, signedIn, signedOut, reload]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
