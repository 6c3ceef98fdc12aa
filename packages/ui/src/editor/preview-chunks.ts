/**
 * The preview's DOM layout: each block's element sits in a chunk under the root. Chunks have
 * `content-visibility: auto`, so the browser skips those out of view. (One per block would
 * make it track thousands of elements on every frame, which costs more than it saves; none at
 * all makes every keystroke in the editor walk the whole preview.)
 */

/** The wrapper of one rendered block. */
export const BLOCK_CLASS = 'cc-md-block';
const CHUNK_CLASS = 'cc-md-chunk';
const CHUNK_BLOCKS = 64;

export function isChunk(root: Node, node: Node | null): boolean {
  return node !== null && node.parentNode === root && node.nodeType === 1 && (node as Element).classList.contains(CHUNK_CLASS);
}

/** A block's node is in the preview: under the root, or in one of its chunks. */
export function inPreview(root: Node, node: Node): boolean {
  const parent = node.parentNode;
  return parent === root || (parent !== null && isChunk(root, parent));
}

/** Removes a block's node; a chunk it leaves empty goes too. */
export function detachBlock(root: Node, node: Node): void {
  const parent = node.parentNode;
  if (!parent) return;
  parent.removeChild(node);
  if (parent !== root && parent.childNodes.length === 0 && parent.parentNode === root) root.removeChild(parent);
}

function newChunk(): HTMLElement {
  const chunk = document.createElement('div');
  chunk.className = CHUNK_CLASS;
  return chunk;
}

/** Inserts block nodes before `anchor` (in its chunk), or at the end (filling chunks of 64). */
export function insertBlocks(root: Node, nodes: Node[], anchor: Node | null): void {
  if (nodes.length === 0) return;
  if (anchor) {
    const chunk = anchor.parentNode!;
    const fragment = document.createDocumentFragment();
    for (const n of nodes) fragment.appendChild(n);
    chunk.insertBefore(fragment, anchor);
    if (chunk !== root && chunk.childNodes.length > 2 * CHUNK_BLOCKS) {
      // Split a chunk that grew: its second half moves to a new chunk after it.
      const rest = newChunk();
      const moving = Array.from(chunk.childNodes).slice(CHUNK_BLOCKS);
      for (const n of moving) rest.appendChild(n);
      root.insertBefore(rest, chunk.nextSibling);
    }
    return;
  }
  let i = 0;
  while (i < nodes.length) {
    let chunk = root.lastChild;
    if (!isChunk(root, chunk) || chunk!.childNodes.length >= CHUNK_BLOCKS) {
      chunk = newChunk();
      root.appendChild(chunk);
    }
    const fragment = document.createDocumentFragment();
    const room = CHUNK_BLOCKS - chunk!.childNodes.length;
    for (const n of nodes.slice(i, i + room)) fragment.appendChild(n);
    i += room;
    chunk!.appendChild(fragment);
  }
}

/** The top-level nodes in document order: the blocks in the chunks, and anything the user put at the top. */
export function topNodes(root: Node): Node[] {
  const out: Node[] = [];
  for (const child of Array.from(root.childNodes)) {
    if (isChunk(root, child)) out.push(...Array.from(child.childNodes));
    else out.push(child);
  }
  return out;
}

/** The top-level node (block or user-made) that `node` is in; null for the root and chunks themselves. */
export function topLevelOf(root: Node, node: Node): Node | null {
  let n: Node | null = node;
  while (n && n.parentNode !== root && !isChunk(root, n.parentNode)) n = n.parentNode;
  return n && !isChunk(root, n) ? n : null;
}
