import type { Row } from './types';

/** A plain-text table, widths fitted to the content. */
export function formatTable(rows: readonly Row[]): string {
  const header: Row = { bench: 'Benchmark', metric: 'Metric', value: 'Value', notes: 'Notes' };
  const all = [header, ...rows];
  const width = {
    bench: Math.max(...all.map((r) => r.bench.length)),
    metric: Math.max(...all.map((r) => r.metric.length)),
    value: Math.max(...all.map((r) => r.value.length)),
  };
  const line = (r: Row) =>
    `${r.bench.padEnd(width.bench)}  ${r.metric.padEnd(width.metric)}  ${r.value.padStart(width.value)}  ${r.notes ?? ''}`.trimEnd();
  const rule = `${'-'.repeat(width.bench)}  ${'-'.repeat(width.metric)}  ${'-'.repeat(width.value)}  ${'-'.repeat(5)}`;
  const out = [line(header), rule];
  let previous = '';
  for (const row of rows) {
    out.push(line(row.bench === previous ? { ...row, bench: '' } : row));
    previous = row.bench;
  }
  return out.join('\n');
}
