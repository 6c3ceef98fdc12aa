import { useCallback, useEffect, useRef, useState } from 'react';

/** A banner text that disappears `ms` after it was shown (showing it again restarts the time). */
export function useTimedBanner(ms: number): [banner: string | null, show: (text: string) => void] {
  const [banner, setBanner] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (text: string) => {
      setBanner(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBanner(null), ms);
    },
    [ms],
  );
  return [banner, show];
}
