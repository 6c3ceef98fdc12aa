import { useRef } from 'react';

/**
 * A click on a done box while its previous change is still on its way is ignored: a double click
 * is one tick, never two calls racing (the box already shows the tick: the change is optimistic).
 */
export function useOneAtATime(run: () => Promise<void>): () => void {
  const running = useRef(false);
  return () => {
    if (running.current) return;
    running.current = true;
    void run().finally(() => {
      running.current = false;
    });
  };
}
