/**
 * Reading an answer as a person reads it: markdown lines as headings, list items, task boxes and
 * paragraphs; sentences; quoted spans. The checks share these so they agree on what a sentence
 * and a quote are.
 */

export type LineKind = 'heading' | 'item' | 'paragraph' | 'quote-block' | 'rule' | 'table';
export interface Line {
  kind: LineKind;
  /** The text without its markdown marker (`## `, `- [ ] `, `1. `, `> `). */
  text: string;
  raw: string;
}

const HEADING = /^\s{0,3}#{1,6}\s+/;
const ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const QUOTE_BLOCK = /^\s*>\s?/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;

export function linesOf(markdown: string): Line[] {
  return markdown
    .split(/\r?\n/)
    .filter((raw) => raw.trim())
    .map((raw): Line => {
      if (RULE.test(raw)) return { kind: 'rule', text: '', raw };
      if (HEADING.test(raw)) return { kind: 'heading', text: raw.replace(HEADING, '').trim(), raw };
      if (ITEM.test(raw)) return { kind: 'item', text: raw.replace(ITEM, '').trim(), raw };
      if (QUOTE_BLOCK.test(raw)) return { kind: 'quote-block', text: raw.replace(QUOTE_BLOCK, '').trim(), raw };
      if (/^\s*\|/.test(raw)) return { kind: 'table', text: raw.trim(), raw };
      return { kind: 'paragraph', text: raw.trim(), raw };
    });
}

/** Emphasis and inline code markers off, links to their text: what the reader sees. */
export const plain = (text: string): string =>
  text
    .replace(/\[([^\]\n]+)\]\([^)\n]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\n]+?)[*_](?=$|[\s.,;:!?)])/g, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1');

/** Paragraph lines joined (a paragraph may wrap over several lines), each a block of prose. */
export function paragraphsOf(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) blocks.push(current.join(' '));
    current = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    if (!raw.trim() || HEADING.test(raw) || ITEM.test(raw) || RULE.test(raw) || /^\s*\|/.test(raw)) flush();
    else current.push(raw.replace(QUOTE_BLOCK, '').trim());
  }
  flush();
  return blocks;
}

const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|approx|incl|No)\.$/i;

/** Sentences of a block of prose, split after . ! ? (not after an abbreviation or inside a number). */
export function sentencesOf(block: string): string[] {
  const out: string[] = [];
  let start = 0;
  // An ellipsis before a lower-case word leaves something out ("remind me to … by Friday"); it ends nothing.
  const re = /(?:[.!?]+|…+(?=["'”’)\]*_]*\s+[^\p{Ll}]))["'”’)\]*_]*\s+/gu;
  for (let m = re.exec(block); m; m = re.exec(block)) {
    const end = m.index + m[0].length;
    const candidate = block.slice(start, end).trim();
    if (ABBREVIATIONS.test(block.slice(start, m.index + 1).trim())) continue;
    out.push(candidate);
    start = end;
  }
  const rest = block.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

export interface Quoted {
  text: string;
  /** Where it is in the answer, for cutting it out. */
  index: number;
  length: number;
}

/**
 * Spans the answer puts in quotes: "…", “…”, ‘…’ and '…' (a single quote opens only after a
 * space or a bracket and closes before one, so "you've" and "the team's" are not quotes).
 */
export function quotedSpans(text: string): Quoted[] {
  const found: Quoted[] = [];
  const patterns = [/"([^"\n]+)"/g, /“([^”\n]+)”/g, /‘([^’\n]+)’/g, /(?<=^|[\s([{—–-])'([^'\n]*?[^\s'])'(?=$|[\s.,;:!?)\]}—–-])/gm];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) found.push({ text: m[1]!, index: m.index, length: m[0].length });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Lower case, one kind of apostrophe, no quote marks, single spaces: for "does it occur in". */
export const normalize = (text: string): string =>
  plain(text).toLowerCase().replace(/[’‘`]/g, "'").replace(/["“”]/g, '').replace(/\s+/g, ' ').trim();

/** Words only (no punctuation), for comparing runs of words. */
export const wordsOf = (text: string): string[] => normalize(text).match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];

export const countWords = (text: string): number => wordsOf(text).length;

/** Every string inside a value (an input), in order. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
