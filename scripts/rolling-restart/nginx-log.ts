import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

/**
 * Where a failed request failed: the lines nginx wrote during the check. The access log names
 * the status and the upstream(s) nginx tried (a retry on the other replica shows as two
 * addresses), the error log why an upstream failed ("connect() failed", "upstream prematurely
 * closed connection", "no live upstreams").
 */

/** Remembers how long a log is now, to read later only what was written after. */
export function logMark(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

export function readSince(file: string, mark: number): string {
  if (!existsSync(file)) return '';
  const size = statSync(file).size;
  if (size <= mark) return '';
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(size - mark);
    readSync(fd, buffer, 0, buffer.length, mark);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Counts of equal lines once timestamps, ids, pids and client ports are blanked, most frequent first. */
function grouped(lines: string[], top: number): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const shape = line
      .replace(/^\S+ \S+ \[\w+\] \d+#\d+: \*\d+ /, '')
      .replace(/\[\d{2}\/\w{3}\/[^\]]+\]/, '[…]')
      .replace(/\/\d+(?=[/" ?])/g, '/{id}')
      .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/g, '{rid}')
      .replace(/client: [\d.]+, /, '')
      .replace(/ rt=[\d.]+ uct=\S+ urt=\S+/, '')
      .replace(/, host: "[^"]*"(, referrer: "[^"]*")?/, '');
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([shape, n]) => `${String(n).padStart(6)} × ${shape}`);
}

/** The access log's 5xx (and 499) lines and the error log's lines written since the marks, grouped. */
export function nginxReport(accessLog: string, accessMark: number, errorLog: string, errorMark: number): string[] {
  const failed = readSince(accessLog, accessMark)
    .split('\n')
    .filter((line) => / (5\d\d|499) \d+ "/.test(line));
  const errors = readSince(errorLog, errorMark)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return [
    `nginx access log: ${failed.length} answers 5xx/499 during the check`,
    ...grouped(failed, 12),
    `nginx error log: ${errors.length} lines during the check`,
    ...grouped(errors, 12),
  ];
}
