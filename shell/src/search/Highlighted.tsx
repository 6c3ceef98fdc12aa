import type { ReactNode } from 'react';

/**
 * A snippet with its matched words in <mark>, built from slices of the plain text: the server
 * sends offsets, never HTML, so nothing it answers is ever parsed as markup. Offsets out of
 * range, reversed or overlapping an earlier one are skipped rather than trusted.
 */
export function Highlighted({ text, highlights }: { text: string; highlights: ReadonlyArray<readonly [number, number]> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
