/** Two records from the server hold the same values (arrays and nested objects one level deep). */
function sameRecord(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => {
    const u = x[key];
    const v = y[key];
    if (Object.is(u, v)) return true;
    if (Array.isArray(u) || Array.isArray(v)) {
      return Array.isArray(u) && Array.isArray(v) && u.length === v.length && u.every((item, i) => Object.is(item, v[i]));
    }
    return typeof u === 'object' && typeof v === 'object' && u !== null && v !== null && sameRecord(u, v);
  });
}

/**
 * A list read again, with the records that did not change kept as they were (the same objects,
 * and the same array when nothing changed), matched by id: a refresh after ticking one todo
 * re-renders that row, not all 1,000 (the rows are memoised on their todo). TanStack Query's own
 * structural sharing matches by position, so a todo that moves (a ticked one goes below the open
 * ones) would give every row after it a new object.
 */
export function keepUnchanged<T extends { id: number }>(previous: readonly T[], next: T[]): T[] {
  if (previous.length === 0) return next;
  const byId = new Map(previous.map((item) => [item.id, item]));
  let same = previous.length === next.length;
  const kept = next.map((item, i) => {
    const old = byId.get(item.id);
    const result = old !== undefined && sameRecord(old, item) ? old : item;
    if (result !== previous[i]) same = false;
    return result;
  });
  return same ? (previous as T[]) : kept;
}

/**
 * A query's `structuralSharing` for an answer holding one list under `field`: the list read again
 * keeps its unchanged records (`keepUnchanged`), and the previous answer is kept whole when
 * nothing changed (no re-render at all).
 */
export function shareListBy<F extends string>(field: F) {
  return (previous: unknown, next: unknown): unknown => {
    const before = previous as Record<F, { id: number }[]> | undefined;
    const after = next as Record<F, { id: number }[]>;
    if (!before || !Array.isArray(before[field]) || !Array.isArray(after?.[field])) return next;
    const list = keepUnchanged(before[field], after[field]);
    const rest = Object.keys(after).every(
      (key) => key === field || Object.is((after as Record<string, unknown>)[key], (before as Record<string, unknown>)[key]),
    );
    return list === before[field] && rest && Object.keys(before).length === Object.keys(after).length
      ? previous
      : { ...after, [field]: list };
  };
}
