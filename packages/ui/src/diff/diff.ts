/** A line of a proposed change (dashboard spec §3: Diff line). */
export type DiffLineType = 'added' | 'removed' | 'unchanged';
export interface DiffLine {
  type: DiffLineType;
  content: string;
}

const TYPES = new Set<DiffLineType>(['added', 'removed', 'unchanged']);

/** Keeps only well-formed lines of a diff that came from a server or a model. */
export function cleanDiff(value: unknown): DiffLine[] {
  if (!Array.isArray(value)) return [];
  const out: DiffLine[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const { type, content } = item as { type?: unknown; content?: unknown };
    if (typeof type === 'string' && TYPES.has(type as DiffLineType)) out.push({ type: type as DiffLineType, content: typeof content === 'string' ? content : String(content ?? '') });
  }
  return out;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  // A final newline does not make an extra empty line.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A new text shown as all-added lines (an AI draft for an empty file). */
export function allAddedDiff(text: string): DiffLine[] {
  return splitLines(text).map((content) => ({ type: 'added' as const, content }));
}

/** Past this many line pairs in the changed middle, the middle is shown as removed + added. */
const LCS_LIMIT = 4_000_000;

/** Line diff of two texts (longest common subsequence, common start and end trimmed first). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffLine[] = a.slice(0, start).map((content) => ({ type: 'unchanged' as const, content }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > LCS_LIMIT || n === 0 || m === 0) {
    for (const content of midA) out.push({ type: 'removed', content });
    for (const content of midB) out.push({ type: 'added', content });
  } else {
    // lengths[i][j]: LCS of midA[i..] and midB[j..]
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] = midA[i] === midB[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        out.push({ type: 'unchanged', content: midA[i]! });
        i++;
        j++;
      } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
        out.push({ type: 'removed', content: midA[i++]! });
      } else {
        out.push({ type: 'added', content: midB[j++]! });
      }
    }
    while (i < n) out.push({ type: 'removed', content: midA[i++]! });
    while (j < m) out.push({ type: 'added', content: midB[j++]! });
  }
  for (const content of a.slice(endA)) out.push({ type: 'unchanged', content });
  return out;
}

export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number; unchanged: number } {
  const stats = { added: 0, removed: 0, unchanged: 0 };
  for (const line of lines) stats[line.type] += 1;
  return stats;
}
