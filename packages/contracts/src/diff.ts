/**
 * The one line diff of the product, zod-free: svc-chat computes suggest_edits' `diff` with it and
 * the browser (`@cc/contracts/diff`, loaded only when a diff is shown) uses the same function,
 * so a diff the browser computes is line for line the one the server would have sent.
 */
import { diffLines } from 'diff';
import type { DiffLine } from './chat';

/** Past this much work the diff gives up and shows the whole file replaced (huge rewrites). */
const DIFF_TIMEOUT_MS = 1500;

/** Lines of a change's text, each without its newline ("a\nb\n" → ["a", "b"]). */
function lines(text: string): string[] {
  if (!text) return [];
  const parts = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (text.endsWith('\n')) parts.pop();
  return parts;
}

/**
 * `before` → `after` as the `diff` package's line diff, one entry per line. A missing newline
 * at the end of the file is not a change (a model's answer usually ends with one).
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const changes = diffLines(before, after, { ignoreNewlineAtEof: true, timeout: DIFF_TIMEOUT_MS });
  if (!changes) {
    return [
      ...lines(before).map((content) => ({ type: 'removed' as const, content })),
      ...lines(after).map((content) => ({ type: 'added' as const, content })),
    ];
  }
  return changes.flatMap((change) => {
    const type = change.added ? 'added' : change.removed ? 'removed' : 'unchanged';
    return lines(change.value).map((content) => ({ type, content }));
  });
}
