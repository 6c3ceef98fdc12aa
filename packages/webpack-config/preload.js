import { bootChunks } from './boot-chunks.js';

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
        const boot = bootChunks(compilation, this.entry);
        if (!boot) return data;
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '', {});
        const files = [...boot.chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))).sort();
        const links = files.map((file) =>
          this.HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

// What the page's address needs first, asked for by the HTML instead of by main.js once it has run.
//
// The shell's entry chunk (main.js) sends the session probe and the page's first reads, and the
// federation runtime in it asks for the page's /mfe/<remote>/remoteEntry.js, only once main.js has
// downloaded and run; the remote's own chunks come one round trip after that entry. None of these
// addresses needs main.js: the session probe is the same for every page, the first reads and the
// remote entries (stable names, no content hash) come from the route table. So a small inline
// script at the end of the head sends the probe, matches the address against the page routes (a
// table computed at build time) and sends the page's first reads and adds
// <link rel="preload" as="script"> for its remote entries (its own remote's and those its first
// view also loads). It leaves the requests on `window[global]` (`{ session, reads: { [path]: { at,
// response } } }`), where the entry chunk takes them instead of sending its own. The runtime's
// script tag for an entry (same URL, no crossorigin attribute, as the preload) takes the preloaded
// response instead of fetching it again. A remote that is down fails its preload harmlessly: the
// runtime's own load fails as before and the page shows the section's "unavailable" notice.

/**
 * @typedef {{ path: string, entries: readonly string[], reads?: readonly string[] }} EarlyPage
 * A page route in react-router syntax (`/journal/:date`), the remote entries its first view
 * loads and the paths of the reads it makes first (GETs of the route table), in order.
 */

/**
 * The inline script's source. It matches `location.pathname` as the shell's `remotePageAt`
 * does (same number of segments; a `:param` segment matches any segment, the others compare
 * case-insensitively; the first route that matches wins).
 * @param {readonly EarlyPage[]} pages
 * @param {{ global: string, session?: string }} early where the requests are left, and the session probe's path
 */
export function earlyPageRequestsScript(pages, { global, session }) {
  // [[segments ('' for a param), entries, reads], ...]
  const table = pages.map(({ path, entries, reads = [] }) => [
    path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '' : segment.toLowerCase())),
    entries,
    reads,
  ]);
  return (
    `(function(t,g,s){var e=window[g]={reads:{}},f=typeof fetch==='function';` +
    `function get(u){var r=fetch(u,{headers:{Accept:'application/json'},credentials:'same-origin'});r.catch(function(){});return r}` +
    `if(f&&s)e.session=get(s);var w=location.pathname.split('/').filter(Boolean);` +
    `for(var i=0;i<t.length;i++){var p=t[i][0],j=0;if(p.length!==w.length)continue;` +
    `while(j<p.length&&(p[j]===''||p[j]===w[j].toLowerCase()))j++;if(j<p.length)continue;` +
    `if(f)t[i][2].forEach(function(u){e.reads[u]={at:performance.now(),response:get(u)}});` +
    `t[i][1].forEach(function(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h;document.head.appendChild(l)});return}` +
    `})(${JSON.stringify(table)},${JSON.stringify(global)},${JSON.stringify(session ?? '')})`
  );
}

const EARLY_NAME = 'EarlyPageRequestsPlugin';

/** Adds the inline script of `earlyPageRequestsScript(pages, early)` at the end of the HTML's head. */
export class EarlyPageRequestsPlugin {
  /** @param {{ HtmlWebpackPlugin: any, pages: readonly EarlyPage[], early: { global: string, session?: string } }} options */
  constructor({ HtmlWebpackPlugin, pages, early }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.source = earlyPageRequestsScript(pages, early);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(EARLY_NAME, (compilation) => {
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(EARLY_NAME, (data) => {
        data.headTags.push(this.HtmlWebpackPlugin.createHtmlTagObject('script', {}, this.source));
        return data;
      });
    });
  }
}
