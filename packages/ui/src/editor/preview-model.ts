import type { Token } from 'marked';
import { lexMarkdown, renderMarkdownTokens, type MarkdownLinks } from '../markdown';

/**
 * The editable preview's engine. The markdown is cut into blocks (marked's block tokens,
 * whose `raw` texts add up to the source); each block is rendered and sanitized on its own
 * into a wrapper element under `root`, so:
 *
 * - an update re-renders only the blocks whose text changed (a keystroke in a 1 MB file
 *   touches one paragraph, not 10,000), and a big first render is cut into ~8 ms slices
 *   so typing never waits for it;
 * - an edit made in the preview maps back to the blocks it touched: only those are turned
 *   back into markdown (turndown), the rest of the source is kept byte for byte.
 *
 * Big documents are lexed in sections (cut at blank lines outside code fences, ~16 KB)
 * cached by their text, so only the section being edited is lexed again.
 */

export interface Block {
  raw: string;
  token?: Token;
  /** The element showing it; null for blocks that render nothing (blank lines, link definitions). */
  el: Node | null;
  /** Edited in the preview: rendered again from its markdown on the next update. */
  stale?: boolean;
}

export type HtmlToMarkdown = (html: string) => string;

const SECTION_CHARS = 16_000;
const SLICE_MS = 8;
const BLOCK_CLASS = 'cc-md-block';
/**
 * Blocks are grouped in chunks with `content-visibility: auto`: the browser skips the chunks
 * out of view. (One per block would make it track thousands of elements on every frame,
 * which costs more than it saves; none at all makes every keystroke in the editor walk the
 * whole preview.)
 */
const CHUNK_CLASS = 'cc-md-chunk';
const CHUNK_BLOCKS = 64;

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

function renderBlock(token: Token, images: boolean): string {
  const all = (token as unknown as { __all?: Token[] }).__all;
  return renderMarkdownTokens(all ?? [token], { images });
}

interface Job {
  cancelled: boolean;
}

export class PreviewModel {
  readonly root: HTMLElement;
  private blocksList: Block[] = [];
  private readonly byNode = new WeakMap<Node, Block>();
  private readonly lexer = new SectionLexer();
  private job: Job | null = null;
  private observer: MutationObserver | null = null;
  private readonly dirty = new Set<Node>();
  private structural = false;
  images = true;
  /** Called when a sliced render finished (tests, benchmarks). */
  onRendered?: () => void;

  constructor(root: HTMLElement) {
    this.root = root;
    if (typeof MutationObserver !== 'undefined') {
      this.observer = new MutationObserver((records) => this.record(records));
      this.observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    }
  }

  get blocks(): readonly Block[] {
    return this.blocksList;
  }

  /** The markdown the preview shows (edits made in it included once `takeEdits` ran). */
  get source(): string {
    return this.blocksList.map((b) => b.raw).join('');
  }

  /** Whether a sliced render is still going on. */
  get rendering(): boolean {
    return this.job !== null;
  }

  destroy(): void {
    if (this.job) this.job.cancelled = true;
    this.job = null;
    this.observer?.disconnect();
    this.observer = null;
  }

  /** Shows `source`, re-rendering only the blocks that changed. */
  update(source: string): void {
    const started = now();
    try {
      this.reconcile(source);
    } finally {
      // Visible in the browser's performance timeline (the editor benchmark reads it).
      measure('cc:preview-update', started);
    }
  }

  private reconcile(source: string): void {
    if (this.job) {
      this.job.cancelled = true;
      this.job = null;
    }
    const tokens = this.lexer.blocks(source);
    const old = this.blocksList;
    // Same blocks at the start and at the end are kept as they are.
    let head = 0;
    const max = Math.min(old.length, tokens.length);
    const same = (block: Block, token: Token) => !block.stale && (block.token === token || block.raw === token.raw);
    while (head < max && same(old[head]!, tokens[head]!)) head++;
    let tail = 0;
    while (tail < max - head && same(old[old.length - 1 - tail]!, tokens[tokens.length - 1 - tail]!)) tail++;
    for (let i = 0; i < head; i++) old[i]!.token = tokens[i];
    for (let i = 0; i < tail; i++) old[old.length - 1 - i]!.token = tokens[tokens.length - 1 - i];

    const removed = old.slice(head, old.length - tail);
    for (const block of removed) {
      if (block.el && this.inDom(block.el)) this.detach(block.el);
    }
    const before = old.slice(0, head);
    const after = old.slice(old.length - tail);
    const pending = tokens.slice(head, tokens.length - tail);
    this.blocksList = [...before, ...after];
    this.discardRecords();
    if (pending.length === 0) {
      this.onRendered?.();
      return;
    }
    const anchor = after.find((b) => b.el && this.inDom(b.el))?.el ?? null;
    const job: Job = { cancelled: false };
    let index = 0;
    const step = () => {
      if (job.cancelled) return;
      const started = now();
      const made: Block[] = [];
      const els: Node[] = [];
      while (index < pending.length) {
        const token = pending[index++]!;
        const html = token.type === 'space' ? '' : renderBlock(token, this.images);
        let el: HTMLElement | null = null;
        if (html) {
          el = document.createElement('div');
          el.className = BLOCK_CLASS;
          el.innerHTML = html;
          els.push(el);
        }
        const block: Block = { raw: token.raw, token, el };
        if (el) this.byNode.set(el, block);
        made.push(block);
        // Small updates finish in one go; a big first render yields every ~8 ms.
        if (pending.length > 50 && now() - started > SLICE_MS) break;
      }
      this.insert(els, anchor && this.inDom(anchor) ? anchor : null);
      const at = this.blocksList.length - after.length;
      this.blocksList.splice(at, 0, ...made);
      this.discardRecords();
      if (index < pending.length) {
        measure('cc:preview-slice', started);
        setTimeout(step, 0);
      } else {
        this.job = null;
        this.onRendered?.();
      }
    };
    this.job = job;
    step();
    if (index >= pending.length) this.job = null;
  }

  /* ------------------------------------------------------- chunks */

  private isChunk(node: Node | null): boolean {
    return node !== null && node.parentNode === this.root && node.nodeType === 1 && (node as Element).classList.contains(CHUNK_CLASS);
  }

  /** A block's node is in the preview: under the root, or in one of its chunks. */
  private inDom(node: Node): boolean {
    const parent = node.parentNode;
    return parent === this.root || (parent !== null && this.isChunk(parent));
  }

  private detach(node: Node) {
    const parent = node.parentNode;
    if (!parent) return;
    parent.removeChild(node);
    if (parent !== this.root && parent.childNodes.length === 0 && parent.parentNode === this.root) this.root.removeChild(parent);
  }

  private newChunk(): HTMLElement {
    const chunk = document.createElement('div');
    chunk.className = CHUNK_CLASS;
    return chunk;
  }

  /** Inserts block nodes before `anchor` (in its chunk), or at the end (filling chunks of 64). */
  private insert(nodes: Node[], anchor: Node | null) {
    if (nodes.length === 0) return;
    if (anchor) {
      const chunk = anchor.parentNode!;
      const fragment = document.createDocumentFragment();
      for (const n of nodes) fragment.appendChild(n);
      chunk.insertBefore(fragment, anchor);
      if (chunk !== this.root && chunk.childNodes.length > 2 * CHUNK_BLOCKS) {
        // Split a chunk that grew: its second half moves to a new chunk after it.
        const rest = this.newChunk();
        const moving = Array.from(chunk.childNodes).slice(CHUNK_BLOCKS);
        for (const n of moving) rest.appendChild(n);
        this.root.insertBefore(rest, chunk.nextSibling);
      }
      return;
    }
    let i = 0;
    while (i < nodes.length) {
      let chunk = this.root.lastChild;
      if (!this.isChunk(chunk) || chunk!.childNodes.length >= CHUNK_BLOCKS) {
        chunk = this.newChunk();
        this.root.appendChild(chunk);
      }
      const fragment = document.createDocumentFragment();
      const room = CHUNK_BLOCKS - chunk!.childNodes.length;
      for (const n of nodes.slice(i, i + room)) fragment.appendChild(n);
      i += room;
      chunk!.appendChild(fragment);
    }
  }

  /** The top-level nodes in document order: the blocks in the chunks, and anything the user put at the top. */
  private topNodes(): Node[] {
    const out: Node[] = [];
    for (const child of Array.from(this.root.childNodes)) {
      if (this.isChunk(child)) out.push(...Array.from(child.childNodes));
      else out.push(child);
    }
    return out;
  }

  /* ------------------------------------------------------- edits made in the preview */

  private record(records: MutationRecord[]) {
    for (const r of records) {
      if (r.target === this.root || this.isChunk(r.target)) {
        this.structural = true;
        r.addedNodes.forEach((n) => this.dirty.add(n));
        continue;
      }
      const top = this.topLevel(r.target);
      if (top) this.dirty.add(top);
    }
  }

  /** Forgets DOM changes made by us (not by the user), e.g. switching contentEditable. */
  discardRecords() {
    this.observer?.takeRecords();
  }

  private topLevel(node: Node): Node | null {
    let n: Node | null = node;
    while (n && n.parentNode !== this.root && !this.isChunk(n.parentNode)) n = n.parentNode;
    return n && !this.isChunk(n) ? n : null;
  }

  /** Whether the user changed something in the preview since the last `takeEdits`. */
  get edited(): boolean {
    if (this.observer) this.record(this.observer.takeRecords());
    return this.dirty.size > 0 || this.structural;
  }

  /**
   * Turns what the user changed in the preview back into markdown: the touched blocks go
   * through `toMarkdown`, the others keep their text. Returns the new source (null: nothing
   * changed). The DOM is left as the user made it (no re-render under the cursor).
   */
  takeEdits(toMarkdown: HtmlToMarkdown): string | null {
    if (this.observer) this.record(this.observer.takeRecords());
    if (this.dirty.size === 0 && !this.structural) return null;
    const dirty = new Set(this.dirty);
    this.dirty.clear();
    this.structural = false;

    const old = this.blocksList;
    const next: Block[] = [];
    let cursor = 0;
    const convert = (node: Node): string => {
      if (node.nodeType === 3) return (node.textContent ?? '').trim() ? toMarkdown(escapeText(node.textContent ?? '')) : '';
      const el = node as Element;
      return toMarkdown(el.classList?.contains(BLOCK_CLASS) ? el.innerHTML : el.outerHTML);
    };
    for (const node of this.topNodes()) {
      const known = this.byNode.get(node);
      if (known) {
        const at = old.indexOf(known, cursor);
        if (at !== -1) {
          // Blocks before it that render nothing stay; shown ones that are gone were deleted.
          for (let i = cursor; i < at; i++) if (!old[i]!.el) next.push(old[i]!);
          cursor = at + 1;
        }
        if (dirty.has(node)) {
          const text = convert(node).replace(/\n+$/, '');
          known.raw = text ? text + trailingBreaks(known.raw) : '';
          known.token = undefined;
          known.stale = true;
        }
        next.push(known);
      } else {
        const text = node.nodeType === 1 || (node.textContent ?? '').trim() ? convert(node).replace(/\n+$/, '') : '';
        if (!text) continue;
        const block: Block = { raw: `${text}\n\n`, el: node, stale: true };
        this.byNode.set(node, block);
        next.push(block);
      }
    }
    for (let i = cursor; i < old.length; i++) if (!old[i]!.el) next.push(old[i]!);
    this.blocksList = next;
    return this.source;
  }
}

/** The line breaks that ended the block's markdown (kept as they were; the blank lines between blocks are blocks of their own). */
function trailingBreaks(raw: string): string {
  const match = /\n*$/.exec(raw);
  return match ? match[0] : '';
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function measure(name: string, start: number) {
  try {
    if (typeof performance !== 'undefined' && typeof performance.measure === 'function') performance.measure(name, { start, end: now() });
  } catch {
    // no User Timing here
  }
}
