/** The session's CSRF token lives in `<meta name="csrf-token">` (the shell writes it at start-up). */

export const CSRF_META_NAME = 'csrf-token';
/** Same header as `CSRF_HEADER` in @cc/contracts (header names are case-insensitive). */
export const CSRF_HEADER_NAME = 'X-CSRF-Token';

/** The part of `document` this module touches (injectable so tests run without a DOM). */
export interface DocumentLike {
  querySelector(selectors: string): { getAttribute(name: string): string | null; setAttribute(name: string, value: string): void } | null;
  createElement(tag: string): { setAttribute(name: string, value: string): void };
  head: { appendChild(node: never): unknown } | null;
}

function defaultDocument(): DocumentLike | undefined {
  return typeof document === 'undefined' ? undefined : (document as unknown as DocumentLike);
}

const META_SELECTOR = `meta[name="${CSRF_META_NAME}"]`;

/** The CSRF token from `<meta name="csrf-token">`, or null. */
export function getCsrfToken(doc: DocumentLike | undefined = defaultDocument()): string | null {
  const meta = doc?.querySelector(META_SELECTOR);
  const value = meta?.getAttribute('content');
  return value ? value : null;
}

/** Writes the session's CSRF token into `<meta name="csrf-token">`, creating the tag if needed. */
export function setCsrfToken(token: string | null, doc: DocumentLike | undefined = defaultDocument()): void {
  if (!doc) return;
  let meta = doc.querySelector(META_SELECTOR);
  if (!meta) {
    const created = doc.createElement('meta');
    created.setAttribute('name', CSRF_META_NAME);
    doc.head?.appendChild(created as never);
    meta = doc.querySelector(META_SELECTOR) ?? (created as unknown as typeof meta);
  }
  meta?.setAttribute('content', token ?? '');
}
