import { useCallback, useEffect, useRef, type RefObject } from 'react';

export interface Later {
  /** False once the component is gone: async answers arriving after that are dropped. */
  mounted: RefObject<boolean>;
  /** `setTimeout` that is cleared on unmount, so a delayed step never touches a gone component. */
  later: (fn: () => void, ms: number) => void;
}

export function useLater(): Later {
  const mounted = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      if (mounted.current) fn();
    }, ms);
    timers.current.add(t);
  }, []);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);

  return { mounted, later };
}
