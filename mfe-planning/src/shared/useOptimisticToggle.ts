import { useState } from 'react';

/**
 * A done box that ticks at once: the click shows the new state while the toggle call and the
 * refresh run, then the server's state (the refreshed prop) takes over again, also when it failed.
 */
export function useOptimisticToggle(value: boolean, run: () => Promise<void>): [boolean, () => void] {
  const [pending, setPending] = useState<boolean | null>(null);
  const shown = pending ?? value;
  const toggle = () => {
    if (pending !== null) return;
    setPending(!shown);
    void run().finally(() => setPending(null));
  };
  return [shown, toggle];
}
