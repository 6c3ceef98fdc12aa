import { canonicalAddress } from '@cc/contracts/addresses';

/**
 * Where a citation leads. Web sources open in a new tab; the notes research cites the user's
 * own notes by their addresses (@cc/contracts/addresses: a person, a meeting, a file, a journal
 * day), followed inside the app. The href is that full address, so a copied link or one opened
 * in a new tab lands on the same object. Older stored links (`/journal?date=…`) are read as
 * their address today.
 */
export type CitationTarget = { kind: 'web'; href: string } | { kind: 'app'; href: string };

export function citationTarget(url: string): CitationTarget | null {
  if (/^https?:\/\//i.test(url)) return { kind: 'web', href: url };
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  return { kind: 'app', href: canonicalAddress(url) };
}

/** Follows an app citation inside the single-page app. */
export function followAppCitation(target: Extract<CitationTarget, { kind: 'app' }>, navigate: (to: string) => void): void {
  navigate(target.href);
}
