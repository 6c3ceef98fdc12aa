import { lexMarkdown, renderMarkdownTokens, type MarkdownLinks } from '../markdown';
import type { PreviewModel } from './preview-model';
import { collectLinks } from './section-lexer';

/**
 * Task-list checkboxes in the editable preview: marked renders them disabled; the preview
 * makes them clickable, and a click writes `[x]` or `[ ]` into the block's markdown at exactly
 * that item (one character changes, the rest of the source is kept byte for byte).
 */

/** Attributes the preview adds to a task box: not content (an edit's comparison ignores them). */
export const TASK_BOX_ATTRIBUTES = ['disabled', 'aria-label'] as const;

const BOXES = 'input[type="checkbox"]';

/** Makes the task boxes of a rendered block clickable, each named by its item's text. */
export function enableTaskBoxes(el: Element): void {
  for (const box of Array.from(el.querySelectorAll<HTMLInputElement>(BOXES))) {
    const item = box.closest('li');
    if (!item) continue;
    box.removeAttribute('disabled');
    box.setAttribute('aria-label', `Done: ${itemText(item) || 'task'}`);
  }
}

/** The item's own words (its nested lists left out), for the box's accessible name. */
function itemText(item: Element): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (node.nodeType === 1 && !['UL', 'OL', 'PRE'].includes(node.nodeName)) node.childNodes.forEach(walk);
  };
  item.childNodes.forEach(walk);
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}

export interface TaskContext {
  links: MarkdownLinks;
  images: boolean;
}

/** A task item's marker: the list marker (in block quotes too), then `[ ]`, `[x]` or `[X]`; group 1 ends where the box's letter is. */
const TASK_MARKER = /^((?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[)[ xX]\]/gm;

/**
 * `raw` (one block's markdown) with its `index`-th task box (in the order shown) ticked or not;
 * null when no single-character change gives exactly that (the box is not a task item's).
 */
export function toggleTaskInBlock(raw: string, index: number, checked: boolean, context: TaskContext): string | null {
  const before = boxStates(raw, context);
  if (index < 0 || index >= before.length || before[index] === checked) return null;
  const expected = before.map((state, i) => (i === index ? checked : state));
  const positions: number[] = [];
  TASK_MARKER.lastIndex = 0;
  for (let m = TASK_MARKER.exec(raw); m; m = TASK_MARKER.exec(raw)) positions.push(m.index + m[1]!.length);
  // The n-th marker is the n-th box unless something else (a code block) looks like one: the others are tried next.
  const order = positions[index] !== undefined ? [positions[index]!, ...positions.filter((_, i) => i !== index)] : positions;
  for (const at of order) {
    if ((raw[at] !== ' ') !== checked) {
      const candidate = raw.slice(0, at) + (checked ? 'x' : ' ') + raw.slice(at + 1);
      const after = boxStates(candidate, context);
      if (after.length === expected.length && after.every((state, i) => state === expected[i])) return candidate;
    }
  }
  return null;
}

let template: HTMLTemplateElement | null = null;

function boxStates(markdown: string, { links, images }: TaskContext): boolean[] {
  template ??= document.createElement('template');
  template.innerHTML = renderMarkdownTokens(lexMarkdown(markdown, links), { images });
  return Array.from(template.content.querySelectorAll<HTMLInputElement>(BOXES)).map((box) => box.hasAttribute('checked'));
}

/**
 * A click on a task box of the preview: the block's markdown gets the new mark and is shown
 * again. Returns the new source and the box now shown in its place, or null (not a task box).
 */
export function toggleTaskBox(model: PreviewModel, box: HTMLInputElement): { source: string; box: HTMLInputElement | null } | null {
  const block = model.blockAt(box);
  if (!block || !block.el) return null;
  const index = Array.from((block.el as Element).querySelectorAll(BOXES)).indexOf(box);
  const at = model.blocks.indexOf(block);
  const raw = toggleTaskInBlock(block.raw, index, !box.defaultChecked, { links: collectLinks(model.source), images: model.images });
  if (raw === null || at === -1) return null;
  const source = model.blocks.map((b) => (b === block ? raw : b.raw)).join('');
  model.update(source);
  const shown = model.blocks[at]?.el as Element | null | undefined;
  return { source, box: shown?.querySelectorAll<HTMLInputElement>(BOXES)[index] ?? null };
}
