import type { ChatReference } from '@cc/contracts';
import { canonicalAddress } from '@cc/contracts/addresses';
import { renderMarkdown } from '../markdown';
import { cleanReferences } from './types';

/**
 * An answer's citations (docs/chat.md#sources): each `[n]` of its text that has a reference
 * becomes a link to that note's address, opened in the app. Only the product's own addresses are
 * links: a reference is the user's note, so a web URL or anything else stays text.
 */

/** A reference a link can open: its number, title and the note's address in the app. */
export interface ReferenceLink {
  n: number;
  title: string;
  href: string;
}

/** The app address a reference opens (`/journal/2026-11-03`), or null when it is not one. */
export function referenceHref(url: string): string | null {
  const raw = url.trim();
  // `//host` and `/\host` leave the app in a browser's eyes.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const href = canonicalAddress(raw);
  return href.startsWith('/') && !href.startsWith('//') ? href : null;
}

/**
 * The references that can be links, by number (the first of a number wins), in order. Served
 * data is never trusted blindly: a malformed reference is left out.
 */
export function referenceLinks(references: readonly ChatReference[] | undefined): ReferenceLink[] {
  const byNumber = new Map<number, ReferenceLink>();
  for (const reference of cleanReferences(references)) {
    const href = referenceHref(reference.url);
    if (href && !byNumber.has(reference.n)) byNumber.set(reference.n, { n: reference.n, title: reference.title.trim(), href });
  }
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}

/** What a link says about its note (its title; a note without one by its number). */
export const referenceTitle = (link: ReferenceLink): string => link.title || `Source ${link.n}`;

const MARKER = /\[([1-9]\d?)\]/g;
/** Text there is not a citation: a link already, or code the user reads as written. */
const NOT_CITED = 'a, code, pre';

/** The `<a>` of one `[n]`, built node by node: a title or an address never becomes markup. */
function markerLink(doc: Document, link: ReferenceLink): HTMLAnchorElement {
  const a = doc.createElement('a');
  a.setAttribute('href', link.href);
  a.setAttribute('title', referenceTitle(link));
  a.setAttribute('aria-label', `Source ${link.n}: ${referenceTitle(link)}`);
  a.setAttribute('class', 'cc-chat-ref');
  a.setAttribute('data-cc-ref', String(link.n));
  a.textContent = `[${link.n}]`;
  return a;
}

/** Replaces the `[n]` of one text node that have a link; the others stay text. */
function linkTextNode(text: Text, links: ReadonlyMap<number, ReferenceLink>): void {
  const value = text.data;
  const doc = text.ownerDocument;
  const parts: Node[] = [];
  let last = 0;
  for (const match of value.matchAll(MARKER)) {
    const link = links.get(Number(match[1]));
    if (!link) continue;
    if (match.index > last) parts.push(doc.createTextNode(value.slice(last, match.index)));
    parts.push(markerLink(doc, link));
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return;
  if (last < value.length) parts.push(doc.createTextNode(value.slice(last)));
  text.replaceWith(...parts);
}

/**
 * Sanitized HTML with its `[n]` markers as links. A step over the text nodes of the sanitized
 * tree (in an inert template: nothing loads or runs), after DOMPurify, so the links are ours
 * alone: same-tab app links, which the sanitizer would have sent to a new tab.
 */
export function linkReferences(html: string, links: readonly ReferenceLink[]): string {
  if (links.length === 0 || !html.includes('[') || typeof document === 'undefined') return html;
  const byNumber = new Map(links.map((link) => [link.n, link]));
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(NOT_CITED)) texts.push(node as Text);
  }
  for (const text of texts) linkTextNode(text, byNumber);
  return template.innerHTML;
}

/** An answer's markdown as sanitized HTML, its citations linked (images off, as in every chat). */
export function renderCitedMarkdown(text: string, links: readonly ReferenceLink[]): string {
  return linkReferences(renderMarkdown(text, { images: false }), links);
}

/** The notice each line of a chat shows: svc-chat says it once, and a notice said again shows only under its first answer. */
export function noticesOnce(lines: readonly { notice?: string }[]): (string | undefined)[] {
  const seen = new Set<string>();
  return lines.map(({ notice }) => {
    if (!notice || seen.has(notice)) return undefined;
    seen.add(notice);
    return notice;
  });
}

/** A plain click on one of our citation links (a modified one opens a new tab as any link does). */
export function followedReference(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
  currentTarget: EventTarget | null;
}): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const link = typeof target?.closest === 'function' ? target.closest('a[data-cc-ref]') : null;
  if (!link || !(event.currentTarget as Node | null)?.contains(link)) return null;
  // A link written into the answer itself may carry the attribute too: only app addresses are followed here.
  return referenceHref(link.getAttribute('href') ?? '');
}
