import type { Token } from 'marked';
import { BLOCK_CLASS, detachBlock, inPreview, insertBlocks, isChunk, topLevelOf, topNodes } from './preview-chunks';
import { keepUnchangedLines, patchBlock, trailingBreaks } from './preview-patch';
import { collectLinks, renderBlock, SectionLexer } from './section-lexer';
import { enableTaskBoxes } from './task-boxes';

export { collectLinks, SectionLexer, splitSections } from './section-lexer';

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
 * Lexing is in section-lexer.ts, the layout of the block elements in preview-chunks.ts.
 */

export interface Block {
  raw: string;
  token?: Token;
  /** The element showing it; null for blocks that render nothing (blank lines, link definitions). */
  el: Node | null;
  /** Edited in the preview: rendered again from its markdown on the next update. */
  stale?: boolean;
  /** The HTML the element showed for `raw` (an edit is found by comparing with it). */
  html?: string;
}

/** HTML to markdown; `source` is the block's markdown before the edit (its style is kept). */
export type HtmlToMarkdown = (html: string, source?: string) => string;

/** A big first render yields to the browser this often. */
const SLICE_MS = 8;

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
  /** Task-list boxes can be ticked (an editable preview). */
  tasks = false;
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
      if (block.el && inPreview(this.root, block.el)) detachBlock(this.root, block.el);
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
    const anchor = after.find((b) => b.el && inPreview(this.root, b.el))?.el ?? null;
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
          if (this.tasks) enableTaskBoxes(el);
          els.push(el);
        }
        const block: Block = { raw: token.raw, token, el, html: el ? el.innerHTML : undefined };
        if (el) this.byNode.set(el, block);
        made.push(block);
        // Small updates finish in one go; a big first render yields every ~8 ms.
        if (pending.length > 50 && now() - started > SLICE_MS) break;
      }
      insertBlocks(this.root, els, anchor && inPreview(this.root, anchor) ? anchor : null);
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

  /** The block a node of the preview shows (null: a node the user made). */
  blockAt(node: Node): Block | null {
    const top = topLevelOf(this.root, node);
    return top ? (this.byNode.get(top) ?? null) : null;
  }

  /* ------------------------------------------------------- edits made in the preview */

  private record(records: MutationRecord[]) {
    for (const r of records) {
      if (r.target === this.root || isChunk(this.root, r.target)) {
        this.structural = true;
        r.addedNodes.forEach((n) => this.dirty.add(n));
        continue;
      }
      const top = topLevelOf(this.root, r.target);
      if (top) this.dirty.add(top);
    }
  }

  /** Forgets DOM changes made by us (not by the user), e.g. switching contentEditable. */
  discardRecords() {
    this.observer?.takeRecords();
  }

  /** Whether the user changed something in the preview since the last `takeEdits`. */
  get edited(): boolean {
    if (this.observer) this.record(this.observer.takeRecords());
    return this.dirty.size > 0 || this.structural;
  }

  /**
   * Turns what the user changed in the preview back into markdown: the touched blocks are
   * patched (or go through `toMarkdown`), the others keep their text. Returns the new source
   * (null: the markdown did not change). The DOM is left as the user made it (no re-render
   * under the cursor).
   */
  takeEdits(toMarkdown: HtmlToMarkdown): string | null {
    if (this.observer) this.record(this.observer.takeRecords());
    if (this.dirty.size === 0 && !this.structural) return null;
    const dirty = new Set(this.dirty);
    this.dirty.clear();
    this.structural = false;

    const old = this.blocksList;
    const previous = this.source;
    const next: Block[] = [];
    let cursor = 0;
    let links: ReturnType<typeof collectLinks> | null = null;
    const context = () => ({ links: (links ??= collectLinks(this.source)), images: this.images });
    const convert = (node: Node): string => {
      if (node.nodeType === 3) return (node.textContent ?? '').trim() ? toMarkdown(escapeText(node.textContent ?? '')) : '';
      const el = node as Element;
      return toMarkdown(el.classList?.contains(BLOCK_CLASS) ? el.innerHTML : el.outerHTML);
    };
    for (const node of topNodes(this.root)) {
      const known = this.byNode.get(node);
      if (known) {
        const at = old.indexOf(known, cursor);
        if (at !== -1) {
          // Blocks before it that render nothing stay; shown ones that are gone were deleted.
          for (let i = cursor; i < at; i++) if (!old[i]!.el) next.push(old[i]!);
          cursor = at + 1;
        }
        if (dirty.has(node)) this.applyEdit(known, node, toMarkdown, context);
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
    const source = this.source;
    return source === previous ? null : source;
  }

  /**
   * The block's markdown after the user edited its element: the changed words patched into
   * the source where that explains the edit (the rest of the block byte for byte), else the
   * block through turndown in the source's style, keeping the source's lines that did not change.
   */
  private applyEdit(block: Block, node: Node, toMarkdown: HtmlToMarkdown, context: () => Parameters<typeof patchBlock>[3]) {
    const el = node as Element;
    const html = el.innerHTML;
    let raw: string | null = null;
    if (block.html !== undefined && node.nodeType === 1) {
      raw = patchBlock(block.raw, block.html, el, context());
      if (raw === block.raw) return;
    }
    if (raw === null) {
      const text = toMarkdown(html, block.raw).replace(/\n+$/, '');
      const merged = text && block.html !== undefined ? keepUnchangedLines(block.raw, toMarkdown(block.html, block.raw), text) : text;
      raw = merged ? merged.replace(/\n+$/, '') + trailingBreaks(block.raw) : '';
    }
    block.raw = raw;
    block.html = html;
    block.token = undefined;
    block.stale = true;
  }
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
