import { Lexer, Marked, type Token, type TokensList } from 'marked';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * Markdown to safe HTML (docs/architecture.md#frontend): `marked` renders, DOMPurify sanitizes. Raw HTML in
 * the source (a file, a model's answer) is allowed through marked but never reaches the DOM
 * unsanitized: scripts, event handlers, `javascript:` links, styles, forms, SVG and MathML are
 * removed.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

let purifier: Purifier | null | undefined;

function getPurifier(): Purifier | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') return (purifier = null);
  // Our own instance, so the hook below never affects anyone else's DOMPurify.
  const instance = DOMPurify(window);
  if (!instance.isSupported) return (purifier = null);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // Links open in a new tab and cannot reach back into this page.
    if (node instanceof window.Element && node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (purifier = instance);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface SanitizeOptions {
  /**
   * Keep images (default true). Chat answers drop them: an image URL written by a model is
   * fetched at once, which can leak the conversation to whoever the URL points at.
   */
  images?: boolean;
}

const FORBIDDEN_TAGS = ['style', 'form', 'button', 'textarea', 'select', 'option'];

/** Sanitized HTML; where no DOM is available to sanitize with, the text escaped instead. */
export function sanitizeHtml(html: string, { images = true }: SanitizeOptions = {}): string {
  const p = getPurifier();
  if (!p) return escapeHtml(html);
  return p.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    // No page restyling or form controls from content either.
    FORBID_TAGS: images ? FORBIDDEN_TAGS : [...FORBIDDEN_TAGS, 'img', 'picture', 'source', 'video', 'audio'],
    FORBID_ATTR: ['style'],
  });
}

/** Markdown source to sanitized HTML, ready for `dangerouslySetInnerHTML`. */
export function renderMarkdown(source: string | null | undefined, options: SanitizeOptions = {}): string {
  const text = source ?? '';
  if (!text) return '';
  const p = getPurifier();
  if (!p) return `<p>${escapeHtml(text)}</p>`;
  return sanitizeHtml((markdown.parse(text) as string).trim(), options);
}

/* ------------------------------------------------------------ block-wise rendering */

/** Reference-link definitions (`[label]: url "title"`), as marked keeps them. */
export type MarkdownLinks = Record<string, { href: string | null; title: string | null }>;

/**
 * The block tokens of `source` (their `raw` texts add up to the source). `links` resolves
 * reference links defined elsewhere (the editable preview lexes big documents in sections).
 */
export function lexMarkdown(source: string, links?: MarkdownLinks): TokensList {
  const lexer = new Lexer(markdown.defaults);
  if (links) Object.assign(lexer.tokens.links, links);
  return lexer.lex(source);
}

/** One block token (or a few) to sanitized HTML. */
export function renderMarkdownTokens(tokens: Token[], options: SanitizeOptions = {}): string {
  if (tokens.length === 0) return '';
  const list = Object.assign([...tokens], { links: {} }) as TokensList;
  return sanitizeHtml((markdown.parser(list) as string).trim(), options);
}
