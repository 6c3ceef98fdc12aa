import type { DiffLine } from '@cc/contracts';
import { wellFormed } from '../well-formed';

/** A line of a proposed change (docs/chat.md#suggested-edits); the type is @cc/contracts'. */
const TYPES = new Set<DiffLine['type']>(['added', 'removed', 'unchanged']);

/** Keeps only well-formed lines of a diff that came from a server or a model. */
export function cleanDiff(value: unknown): DiffLine[] {
  return wellFormed(value, ({ type, content }) =>
    typeof type === 'string' && TYPES.has(type as DiffLine['type'])
      ? { type: type as DiffLine['type'], content: typeof content === 'string' ? content : String(content ?? '') }
      : null,
  );
}

/** A new text shown as all-added lines (an AI draft for an empty file). */
export function allAddedDiff(text: string): DiffLine[] {
  if (text === '') return [];
  const lines = text.split('\n');
  // A final newline does not make an extra empty line.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((content) => ({ type: 'added' as const, content }));
}

/**
 * Line diff of two texts: the server's own (`@cc/contracts/diff`, the `diff` package), fetched
 * the first time a diff is shown, so the first visit of a page does not carry it.
 */
export async function diffLines(before: string, after: string): Promise<DiffLine[]> {
  const { lineDiff } = await import('@cc/contracts/diff');
  return lineDiff(before, after);
}

export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number; unchanged: number } {
  const stats = { added: 0, removed: 0, unchanged: 0 };
  for (const line of lines) stats[line.type] += 1;
  return stats;
}
