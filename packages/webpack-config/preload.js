// The shell's boot code, asked for by the HTML instead of by main.js once it has run.
//
// main.js only reaches its async boundary (`import('./bootstrap')`) after it has downloaded and
// run; only then does the federation runtime ask for the bootstrap chunks and, one by one as each
// chunk's shared imports are negotiated, the chunks of the shell's own copies of React, the
// router, the query client... A cold visit spent that whole wave after main.js. Every one of
// those chunks is certain to load (the shell's copies win: see shared.js), so the page names
// them as <link rel="preload"> next to main.js and the browser fetches them while main.js is
// still on its way; the runtime's script tags then find them in the preload cache.

const NAME = 'PreloadBootChunksPlugin';

/** The chunks a chunk group needs, plus, transitively, those of the shell's provided copy of every shared module their code consumes. */
function bootChunks(compilation, groups) {
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
 * Adds `<link rel="preload" as="script">` for every chunk the entry's own dynamic imports load
 * (its async boundary) and for the shared modules those consume, after the entry's script tag.
 */
export class PreloadBootChunksPlugin {
  /** @param {{ HtmlWebpackPlugin: any, entry?: string }} options */
  constructor({ HtmlWebpackPlugin, entry = 'main' }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const entrypoint = compilation.entrypoints.get(this.entry);
        if (!entrypoint) return data;
        const entryChunk = entrypoint.getEntrypointChunk();
        const groups = [];
        for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(entryChunk)) {
          for (const block of module.blocks) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            if (group) groups.push(group);
          }
        }
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '', {});
        const files = [...bootChunks(compilation, groups)]
          .filter((chunk) => chunk !== entryChunk)
          .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
          .sort();
        const links = files.map((file) =>
          this.HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

// The remotes' entries, asked for by the HTML instead of by main.js once it has run.
//
// The federation runtime (in main.js) only asks for a page's /mfe/<remote>/remoteEntry.js once
// main.js has downloaded and run; the remote's own chunks come one round trip after that. The
// entries' names are stable (no content hash), so the page can name them before main.js exists:
// a small inline script matches the address against the page routes (a table computed at build
// time from the route table) and adds <link rel="preload" as="script"> for the page's remote and
// the remotes its first view also loads. The runtime's script tag (same URL, no crossorigin
// attribute, as the preload) then takes the preloaded response instead of fetching it again. A
// remote that is down fails its preload harmlessly: the runtime's own load fails as before and
// the page shows the section's "unavailable" notice.

/**
 * @typedef {{ path: string, entries: readonly string[] }} EntryPreload
 * A page route in react-router syntax (`/journal/:date`) and the remote entries its first view
 * loads, in order.
 */

/**
 * The inline script's source. It matches `location.pathname` as the shell's `remotePageAt`
 * does (same number of segments; a `:param` segment matches any segment, the others compare
 * case-insensitively; the first route that matches wins) and adds one preload link per entry.
 * @param {readonly EntryPreload[]} pages
 */
export function remoteEntryPreloadScript(pages) {
  // [[segments ('' for a param), entries], ...]
  const table = pages.map(({ path, entries }) => [
    path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '' : segment.toLowerCase())),
    entries,
  ]);
  return (
    `(function(t){var w=location.pathname.split('/').filter(Boolean);` +
    `for(var i=0;i<t.length;i++){var p=t[i][0],j=0;if(p.length!==w.length)continue;` +
    `while(j<p.length&&(p[j]===''||p[j]===w[j].toLowerCase()))j++;if(j<p.length)continue;` +
    `t[i][1].forEach(function(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h;document.head.appendChild(l)});return}` +
    `})(${JSON.stringify(table)})`
  );
}

const ENTRIES_NAME = 'PreloadRemoteEntriesPlugin';

/** Adds the inline script of `remoteEntryPreloadScript(pages)` at the end of the HTML's head. */
export class PreloadRemoteEntriesPlugin {
  /** @param {{ HtmlWebpackPlugin: any, pages: readonly EntryPreload[] }} options */
  constructor({ HtmlWebpackPlugin, pages }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.source = remoteEntryPreloadScript(pages);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(ENTRIES_NAME, (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(ENTRIES_NAME, (data) => {
        data.headTags.push(this.HtmlWebpackPlugin.createHtmlTagObject('script', {}, this.source));
        return data;
      });
    });
  }
}
