/**
 * The items of an untrusted list (stored in the browser, served, written by a model) that read
 * as what we expect: `read` answers the item, or null to leave it out. Anything but a list is none.
 */
export function wellFormed<T>(value: unknown, read: (item: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const found = item && typeof item === 'object' ? read(item as Record<string, unknown>) : null;
    return found === null ? [] : [found];
  });
}
