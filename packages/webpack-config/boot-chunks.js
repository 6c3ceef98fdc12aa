// The chunks a page's first render cannot do without: the entry chunk, the chunks behind its async
// boundary (`import('./bootstrap')`) and, transitively, the chunks of the shell's provided copy of
// every shared module those consume (the shell's copies win: see shared.js). Asked for by the
// HTML (preload.js) and compiled eagerly (compile-hints.js).

/** The chunks a chunk group needs, plus, transitively, those of the provided copy of every shared module their code consumes. */
function withSharedChunks(compilation, groups) {
  const { chunkGraph } = compilation;
  /** share key -> the chunk groups its provided copy loads */
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module' || typeof module._name !== 'string') continue;
    const loads = module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
    provided.set(module._name, [...(provided.get(module._name) ?? []), ...loads]);
  }
  const chunks = new Set();
  const pending = [...groups];
  while (pending.length > 0) {
    const group = pending.pop();
    for (const chunk of group.chunks) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        pending.push(...(provided.get(module.options?.shareKey) ?? []));
      }
    }
  }
  return chunks;
}

/**
 * The boot of entry point `entry`: its entry chunk, and the chunks its own dynamic imports load
 * with the shared modules they consume (the entry chunk not among them). Undefined when the
 * compilation has no such entry point.
 * @returns {{ entryChunk: import('webpack').Chunk, chunks: Set<import('webpack').Chunk> } | undefined}
 */
export function bootChunks(compilation, entry) {
  const entrypoint = compilation.entrypoints.get(entry);
  if (!entrypoint) return undefined;
  const entryChunk = entrypoint.getEntrypointChunk();
  const groups = [];
  for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(entryChunk)) {
    for (const block of module.blocks) {
      const group = compilation.chunkGraph.getBlockChunkGroup(block);
      if (group) groups.push(group);
    }
  }
  const chunks = withSharedChunks(compilation, groups);
  chunks.delete(entryChunk);
  return { entryChunk, chunks };
}
