import type { Token } from 'marked';
import { lexMarkdown, renderMarkdownTokens, type MarkdownLinks } from '../markdown';

/**
 * Big documents are lexed in sections (cut at blank lines outside code fences, ~16 KB)
 * cached by their text, so only the section being edited is lexed again.
 */

const SECTION_CHARS = 16_000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Cuts `source` into sections at blank lines outside fenced code, each about `size` characters. */
export function splitSections(source: string, size = SECTION_CHARS): string[] {
  if (source.length <= size) return [source];
  const sections: string[] = [];
  let start = 0;
  let pos = 0;
  let fence: string | null = null;
  while (pos < source.length) {
    let end = source.indexOf('\n', pos);
    if (end === -1) end = source.length;
    const lineStart = pos;
    pos = end + 1;
    const first = source.charCodeAt(lineStart + (source.charCodeAt(lineStart) === 32 ? countSpaces(source, lineStart) : 0));
    if (first === 96 /* ` */ || first === 126 /* ~ */) {
      const match = FENCE.exec(source.slice(lineStart, Math.min(end, lineStart + 40)));
      if (match) {
        const marker = match[1]!;
        if (fence === null) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      }
    }
    if (fence === null && pos - start >= size && isBlank(source, lineStart, end)) {
      sections.push(source.slice(start, Math.min(pos, source.length)));
      start = Math.min(pos, source.length);
    }
  }
  if (start < source.length) sections.push(source.slice(start));
  return sections;
}

function countSpaces(s: string, from: number): number {
  let n = 0;
  while (n < 4 && s.charCodeAt(from + n) === 32) n++;
  return n;
}

function isBlank(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

const DEF = /^ {0,3}\[((?:\\.|[^\]\\])+)\]:[ \t]*(?:\n[ \t]*)?(<[^>\n]*>|\S+)(?:[ \t]+("[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$/gm;

/** The reference-link definitions of the whole document (for sections lexed apart). */
export function collectLinks(source: string): MarkdownLinks {
  const links: MarkdownLinks = {};
  if (source.indexOf(']:') === -1) return links;
  DEF.lastIndex = 0;
  for (let m = DEF.exec(source); m; m = DEF.exec(source)) {
    const label = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    if (label in links) continue;
    const href = m[2]!.replace(/^<(.*)>$/, '$1');
    const title = m[3] ? m[3].slice(1, -1) : null;
    links[label] = { href, title };
  }
  return links;
}

/** Lexes sections, reusing the tokens of sections whose text (and the link set) did not change. */
export class SectionLexer {
  private cache = new Map<string, Token[]>();
  private linksKey = '';

  blocks(source: string): Token[] {
    const sections = splitSections(source);
    if (sections.length === 1) {
      const tokens = this.cache.get(source) ?? checked(source, lexMarkdown(source));
      this.cache = new Map([[source, tokens]]);
      this.linksKey = '';
      return tokens;
    }
    const links = collectLinks(source);
    const key = JSON.stringify(links);
    if (key !== this.linksKey) {
      this.cache.clear();
      this.linksKey = key;
    }
    const next = new Map<string, Token[]>();
    const out: Token[] = [];
    for (const section of sections) {
      let tokens = next.get(section) ?? this.cache.get(section);
      if (!tokens) tokens = checked(section, lexMarkdown(section, links));
      next.set(section, tokens);
      for (const t of tokens) out.push(t);
    }
    this.cache = next;
    return out;
  }
}

/** Tokens whose raws add up to `text`; otherwise one block holding all of it (rendered together). */
function checked(text: string, tokens: Token[]): Token[] {
  let total = 0;
  for (const t of tokens) total += t.raw.length;
  if (total === text.length && tokens.map((t) => t.raw).join('') === text) return [...tokens];
  return [{ type: 'html', raw: text, text: '', block: true, pre: false, __all: tokens } as unknown as Token];
}

/** The HTML of one block token from `SectionLexer.blocks` (a `checked` fallback renders all it holds). */
export function renderBlock(token: Token, images: boolean): string {
  const all = (token as unknown as { __all?: Token[] }).__all;
  return renderMarkdownTokens(all ?? [token], { images });
}
