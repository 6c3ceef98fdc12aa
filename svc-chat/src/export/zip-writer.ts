import type { Writable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip written entry by entry into a Writable, never ahead of it: fflate compresses an entry
 * synchronously as it is pushed, and after each push the writer waits for the socket to drain,
 * so memory holds one entry's text at a time however large the export (docs/export.md).
 */
export class ZipWriter {
  private readonly zip: Zip;
  private readonly used = new Set<string>();
  private failed: Error | undefined;
  private finished: Promise<void>;
  bytes = 0;

  constructor(private readonly out: Writable) {
    let resolveFinished!: () => void;
    this.finished = new Promise((resolve) => (resolveFinished = resolve));
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failed = err;
        return;
      }
      this.bytes += chunk.length;
      out.write(chunk);
      if (final) resolveFinished();
    });
    out.once('close', () => {
      this.failed ??= new Error('the reader went away');
    });
  }

  /**
   * A path inside the zip that no earlier entry took (compared without case, as Windows and macOS
   * do): "Ada.md", then "Ada (2).md". A path that is not relative and plain is refused.
   */
  uniquePath(path: string): string {
    const segments = path.split('/');
    if (path.startsWith('/') || segments.some((s, i) => s === '..' || s === '.' || (s === '' && i < segments.length - 1)))
      throw new Error('an export path must be relative and plain');
    const dir = path.endsWith('/');
    const dot = dir ? -1 : path.lastIndexOf('.');
    const slash = path.lastIndexOf('/', dir ? path.length - 2 : path.length);
    const [stem, ext] = dot > slash ? [path.slice(0, dot), path.slice(dot)] : [dir ? path.slice(0, -1) : path, dir ? '/' : ''];
    let candidate = path;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }

  /** One whole entry (a markdown file, the README); a path ending in "/" is an empty folder. */
  async add(path: string, text: string): Promise<string> {
    const name = this.uniquePath(path);
    if (name.endsWith('/')) {
      const folder = new ZipPassThrough(name);
      this.zip.add(folder);
      folder.push(new Uint8Array(0), true);
    } else {
      const file = new ZipDeflate(name, { level: 6 });
      this.zip.add(file);
      file.push(strToU8(text), true);
    }
    await this.drained();
    return name;
  }

  /** An entry written in pieces (workspace.json): push each piece, then end it. */
  open(path: string): { push(text: string | Uint8Array): Promise<void>; end(): Promise<void> } {
    const file = new ZipDeflate(this.uniquePath(path), { level: 6 });
    this.zip.add(file);
    return {
      push: async (piece) => {
        file.push(typeof piece === 'string' ? strToU8(piece) : piece, false);
        await this.drained();
      },
      end: async () => {
        file.push(new Uint8Array(0), true);
        await this.drained();
      },
    };
  }

  async close(): Promise<void> {
    this.zip.end();
    await this.finished;
    this.check();
    this.out.end();
  }

  private check(): void {
    if (this.failed) throw this.failed;
  }

  private async drained(): Promise<void> {
    this.check();
    if (this.out.writableNeedDrain) await drainOrClose(this.out);
    this.check();
  }
}

/** Waits for `out` to drain or close, leaving no listener behind (one wait per entry adds up). */
function drainOrClose(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}
