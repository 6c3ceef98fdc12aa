import { lexMarkdown, renderMarkdownTokens, type MarkdownLinks } from '../markdown';
import { TASK_BOX_ATTRIBUTES } from './task-boxes';

/**
 * An edit made in the preview, written into the block's own markdown: the words the user
 * changed are located in the source and replaced there, so everything else in the block
 * (markers, indentation, tables, link syntax, comments) stays byte for byte. A patch is
 * kept only if the markdown it gives renders exactly as the preview now shows; otherwise
 * (a structural edit) the caller converts the block with turndown.
 */

export interface PatchContext {
  links: MarkdownLinks;
  images: boolean;
}

/** The block's new markdown; `raw` itself when nothing changed; null when no text patch explains the edit. */
export function patchBlock(raw: string, beforeHtml: string, el: Element, context: PatchContext): string | null {
  const after = normalizeHtml(el.innerHTML);
  if (after === normalizeHtml(beforeHtml)) return raw;
  const before = textOf(beforeHtml);
  const now = textOfNode(el);
  const oldTokens = tokenize(before);
  const newTokens = tokenize(now);
  let head = 0;
  while (head < oldTokens.length && head < newTokens.length && oldTokens[head] === newTokens[head]) head++;
  let tail = 0;
  while (
    tail < oldTokens.length - head &&
    tail < newTokens.length - head &&
    oldTokens[oldTokens.length - 1 - tail] === newTokens[newTokens.length - 1 - tail]
  )
    tail++;
  const from = head;
  const to = oldTokens.length - tail;
  const inserted = newTokens.slice(head, newTokens.length - tail).join('');
  const candidates: string[] = [];
  for (const spans of [alignForward(raw, oldTokens), alignBackward(raw, oldTokens)]) {
    if (!spans) continue;
    for (const [start, end] of rawRanges(raw, oldTokens, spans, from, to)) {
      for (const text of [inserted, escapeMarkdown(inserted)]) {
        const candidate = raw.slice(0, start) + text + raw.slice(end);
        if (!candidates.includes(candidate)) candidates.push(candidate);
      }
    }
  }
  const rendered = candidates.map((candidate) => renders(candidate, context));
  const exact = rendered.indexOf(after);
  if (exact !== -1) return candidates[exact]!;
  // A link's text edited where the text is the address (an autolink): the address follows it.
  const relaxed = withoutHrefs(after);
  const loose = rendered.findIndex((html) => withoutHrefs(html) === relaxed);
  if (loose !== -1) return candidates[loose]!;
  return null;
}

/* ------------------------------------------------------- turndown's lines, in the source */

/**
 * `after` (the edited block through turndown) with the lines turndown wrote unchanged taken
 * from the source instead, when turndown's lines of the block before the edit line up with the
 * source's (one line each).
 */
export function keepUnchangedLines(raw: string, before: string, after: string): string {
  const source = raw.replace(/\n+$/, '').split('\n');
  const old = before.replace(/\n+$/, '').split('\n');
  const now = after.split('\n');
  if (old.length !== source.length) return after;
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  return [...source.slice(0, head), ...now.slice(head, now.length - tail), ...source.slice(source.length - tail)].join('\n');
}

/** The line breaks that ended the block's markdown (kept as they were; the blank lines between blocks are blocks of their own). */
export function trailingBreaks(raw: string): string {
  const match = /\n*$/.exec(raw);
  return match ? match[0] : '';
}

/* -------------------------------------------------------------------------- helpers */

const isSpace = (token: string) => /^\s+$/.test(token);

/** Words and the white space between them. */
function tokenize(text: string): string[] {
  return text.match(/\s+|\S+/g) ?? [];
}

function plain(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}

let template: HTMLTemplateElement | null = null;
function parse(html: string): DocumentFragment {
  template ??= document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** The HTML as the DOM serialises it (so a rendered block and an edited one compare equal), without what the preview adds to task boxes. */
function normalizeHtml(html: string): string {
  template ??= document.createElement('template');
  template.innerHTML = html;
  for (const box of Array.from(template.content.querySelectorAll('input'))) {
    for (const name of TASK_BOX_ATTRIBUTES) box.removeAttribute(name);
  }
  return template.innerHTML.replace(/&nbsp;|\u00a0/g, ' ');
}

function withoutHrefs(html: string): string {
  return html.replace(/(<a\b[^>]*?) href="[^"]*"/g, '$1');
}

function textOf(html: string): string {
  return textOfNode(parse(html));
}

/** The text shown, a line break counting as white space (so words on either side stay apart). */
function textOfNode(node: Node): string {
  let out = '';
  const walk = (n: Node) => {
    if (n.nodeType === 3) out += (n as Text).data;
    else if (n.nodeName === 'BR') out += '\n';
    else n.childNodes.forEach(walk);
  };
  walk(node);
  return plain(out);
}

function renders(markdown: string, { links, images }: PatchContext): string {
  return normalizeHtml(renderMarkdownTokens(lexMarkdown(markdown, links), { images }));
}

/** Where each word of the text is in the markdown ([start, end)), its letters found in order; null when one is not there. */
type Spans = ([number, number] | null)[];

function alignForward(raw: string, tokens: string[]): Spans | null {
  const spans: Spans = [];
  let p = 0;
  for (const token of tokens) {
    if (isSpace(token)) {
      spans.push(null);
      continue;
    }
    let start = -1;
    for (const ch of token) {
      const at = raw.indexOf(ch, p);
      if (at === -1) return null;
      if (start === -1) start = at;
      p = at + ch.length;
    }
    spans.push([start, p]);
  }
  return spans;
}

function alignBackward(raw: string, tokens: string[]): Spans | null {
  const spans: Spans = new Array(tokens.length).fill(null);
  let p = raw.length;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (isSpace(token)) continue;
    let end = -1;
    const chars = Array.from(token);
    for (let c = chars.length - 1; c >= 0; c--) {
      const at = p === 0 ? -1 : raw.lastIndexOf(chars[c]!, p - 1);
      if (at === -1) return null;
      if (end === -1) end = at + chars[c]!.length;
      p = at;
    }
    spans[i] = [p, end];
  }
  return spans;
}

/** The source ranges that may hold the changed tokens [from, to) (tried in turn). */
function rawRanges(raw: string, tokens: string[], spans: Spans, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let first = -1;
  let last = -1;
  for (let i = from; i < to; i++) {
    if (spans[i]) {
      if (first === -1) first = i;
      last = i;
    }
  }
  const prevEnd = (i: number) => {
    for (let j = i - 1; j >= 0; j--) if (spans[j]) return spans[j]![1];
    return 0;
  };
  const nextStart = (i: number) => {
    for (let j = i; j < tokens.length; j++) if (spans[j]) return spans[j]![0];
    return raw.length;
  };
  if (first === -1) {
    // Only white space changed, or words were inserted: between the neighbouring words.
    const left = prevEnd(from);
    const right = nextStart(to);
    if (from < to) out.push([left, right]);
    else {
      out.push([left, left], [right, right]);
    }
    return out;
  }
  const start = spans[first]![0];
  const end = spans[last]![1];
  out.push([first > from ? prevEnd(from) : start, last < to - 1 ? nextStart(to) : end]);
  out.push([start, end]);
  return out;
}

/** Typed characters that markdown would read as markup, kept as text. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~!]/g, (c) => `\\${c}`);
}
