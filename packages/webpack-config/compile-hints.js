// V8 compiles a function lazily, on the main thread when it is first called, unless told that the
// whole file runs at load: a first line `//# allFunctionsCalledOnLoad` (Chromium 136+, V8's
// explicit compile hints) makes it compile every function eagerly, on a background thread while
// the file is still arriving. Other engines read the line as a comment.
//
// That pays only for code that does run at load: a page's boot (the shell's entry chunk, what
// its async boundary loads, the shared copies those use) and every remote's container entry.
// A page's own chunks, CodeMirror and the rest load when asked for, where most functions never
// run during the load, so eager compiling would only add work (all files marked: the action plan
// page was about 90 ms slower). Measured in bench/README.md ("Compile hints").
import { bootChunks } from './boot-chunks.js';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const NAME = 'EagerCompileBootPlugin';

/**
 * Puts the compile hint first in the JS files of every entry point's chunk (a remote's
 * remoteEntry.js, the shell's main.js) and, with `boot: '<entry name>'`, of what that entry
 * point needs behind its async boundary (as `PreloadBootChunksPlugin` names them): not a
 * container's exposed modules, which load when a page asks for them. After minifying, which
 * drops comments, and before the real content hash, so the file names still match the content.
 */
export class EagerCompileBootPlugin {
  /** @param {{ boot?: string }} [options] */
  constructor({ boot } = {}) {
    this.boot = boot;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
        const chunks = new Set();
        for (const entrypoint of compilation.entrypoints.values()) chunks.add(entrypoint.getEntrypointChunk());
        if (this.boot) for (const chunk of bootChunks(compilation, this.boot)?.chunks ?? []) chunks.add(chunk);
        for (const chunk of chunks) {
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}
