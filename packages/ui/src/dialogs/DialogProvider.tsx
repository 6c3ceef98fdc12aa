import { createContext, lazy, Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AlertOptions, ConfirmOptions, DialogRequest, Dialogs, PromptOptions } from './types';

// The dialogs themselves (Modal, forms, styles) load on the first one asked for, so a page
// that never shows one does not carry them in its first visit.
const DialogHost = lazy(() => import(/* webpackChunkName: "dialogs" */ './DialogHost'));

const DialogsContext = createContext<Dialogs | null>(null);

/** What each kind of dialog answers when it is cancelled, or when the page goes away. */
const CANCELLED = { prompt: null, confirm: false, alert: undefined } as const;

/**
 * Gives everything below it `useDialogs()`: in-app prompt, confirm and alert dialogs instead
 * of the browser's. A dialog asked for while another is open goes on top of it (one backdrop,
 * the focus in the top one); closing it gives the one beneath back, as the user left it.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [requests, setRequests] = useState<DialogRequest[]>([]);
  const nextId = useRef(0);
  // Settled at unmount, so that no caller waits for an answer that can no longer come.
  const pending = useRef(new Map<number, () => void>());

  const dialogs = useMemo<Dialogs>(() => {
    function open<K extends DialogRequest['kind']>(
      kind: K,
      options: Extract<DialogRequest, { kind: K }>['options'],
    ): Promise<Parameters<Extract<DialogRequest, { kind: K }>['settle']>[0]> {
      type Answer = Parameters<Extract<DialogRequest, { kind: K }>['settle']>[0];
      return new Promise<Answer>((resolve) => {
        const id = ++nextId.current;
        let done = false;
        const settle = (answer: Answer) => {
          if (done) return;
          done = true;
          pending.current.delete(id);
          setRequests((list) => list.filter((r) => r.id !== id));
          resolve(answer);
        };
        pending.current.set(id, () => settle(CANCELLED[kind] as Answer));
        setRequests((list) => [...list, { id, kind, options, settle } as DialogRequest]);
      });
    }
    return {
      prompt: (options: PromptOptions) => open('prompt', options),
      confirm: (options: ConfirmOptions) => open('confirm', options),
      alert: (options: AlertOptions) => open('alert', options),
    };
  }, []);

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const cancel of Array.from(waiting.values())) cancel();
    };
  }, []);

  return (
    <DialogsContext value={dialogs}>
      {children}
      {requests.length > 0 && (
        <Suspense fallback={null}>
          <DialogHost requests={requests} />
        </Suspense>
      )}
    </DialogsContext>
  );
}

/** The in-app dialogs of the enclosing DialogProvider (the object never changes). */
export function useDialogs(): Dialogs {
  const dialogs = use(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogProvider above it.');
  return dialogs;
}
