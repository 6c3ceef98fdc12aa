import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { IMPORT_LIMITS, IMPORT_MESSAGES as M } from '@cc/contracts/import';

/**
 * The entries of an uploaded zip, read from disk as a stream (fflate's streaming unzip) and
 * checked as they expand, never trusting what the zip says of itself: a path must stay inside the
 * archive, an entry and the whole may only grow so far and so fast (a zip bomb stops at the
 * limit, not at the end), and there may only be so many. Memory holds one entry at a time.
 */

export class ImportRefused extends Error {
  constructor(readonly errors: string[]) {
    super(errors[0]);
  }
}

export interface ZipEntry {
  /** The path inside the zip, as it is written there (forward slashes). */
  path: string;
  data: Uint8Array;
}

/** Why a path cannot be taken: absolute, a drive letter, a backslash, `..`, or too long. */
export function unsafePath(path: string): boolean {
  return (
    path.length === 0 ||
    path.length > IMPORT_LIMITS.pathLength ||
    path.startsWith('/') ||
    path.includes('\\') ||
    /^[a-zA-Z]:/.test(path) ||
    // eslint-disable-next-line no-control-regex -- a control character in a path is what this refuses
    /[\u0000-\u001f]/.test(path) ||
    path.split('/').some((segment) => segment === '..')
  );
}

/** A zip starts with a local file header, or is an empty zip's end record. */
export async function looksLikeZip(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return (
      bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))
    );
  } finally {
    await handle.close();
  }
}

/**
 * Every file entry of the zip at `filePath`, in order; folders (paths ending in "/") are left
 * out. `select` says which entries to expand (the others are skipped unread); the checks of
 * paths, counts and sizes apply to all. Throws ImportRefused with the reason.
 */
export async function* zipEntries(
  filePath: string,
  select: (path: string) => boolean = () => true,
  /** Told every entry's path, folders and unselected ones included, once it passed the checks. */
  onPath?: (path: string) => void,
): AsyncGenerator<ZipEntry> {
  const compressedSize = (await open(filePath, 'r').then(async (h) => (await h.stat().finally(() => h.close())).size)) || 1;
  const ready: ZipEntry[] = [];
  let failure: Error | undefined;
  let entries = 0;
  let expanded = 0;

  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file: UnzipFile) => {
    if (failure) return;
    entries += 1;
    if (entries > IMPORT_LIMITS.entries) {
      failure = new ImportRefused([M.tooManyEntries(IMPORT_LIMITS.entries)]);
      return;
    }
    if (unsafePath(file.name)) {
      failure = new ImportRefused([M.unsafePath(file.name.slice(0, 200))]);
      return;
    }
    if (file.compression !== 0 && file.compression !== 8) {
      failure = new ImportRefused([M.unsupportedEntry(file.name)]);
      return;
    }
    onPath?.(file.name);
    if (file.name.endsWith('/') || !select(file.name)) return;
    const parts: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = new ImportRefused([M.unreadableEntry(file.name)]);
        return;
      }
      size += data.length;
      expanded += data.length;
      if (size > IMPORT_LIMITS.entryBytes || expanded > IMPORT_LIMITS.expandedBytes) {
        failure = new ImportRefused([M.tooLarge]);
        file.terminate();
        return;
      }
      if (expanded > IMPORT_LIMITS.ratioFrom && expanded / compressedSize > IMPORT_LIMITS.ratio) {
        failure = new ImportRefused([M.tooLarge]);
        file.terminate();
        return;
      }
      parts.push(data);
      if (final) ready.push({ path: file.name, data: parts.length === 1 ? parts[0]! : Buffer.concat(parts) });
    };
    file.start();
  };

  const stream = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) {
      // fflate's unzip recurses once per entry a push completes: small pushes keep a zip of
      // many tiny entries from overflowing the stack.
      for (let at = 0; at < (chunk as Buffer).length && !failure; at += PUSH_BYTES) {
        try {
          unzip.push((chunk as Buffer).subarray(at, at + PUSH_BYTES), false);
        } catch {
          failure ??= new ImportRefused([M.notAZip]);
        }
      }
      if (failure) throw failure;
      while (ready.length) yield ready.shift()!;
    }
    try {
      unzip.push(new Uint8Array(0), true);
    } catch {
      failure ??= new ImportRefused([M.notAZip]);
    }
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  } finally {
    stream.destroy();
  }
}

/** What one push hands the unzip (see zipEntries). */
const PUSH_BYTES = 16 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** An entry's text: UTF-8 (a BOM is dropped) without NUL, else ImportRefused naming the entry. */
export function entryText(entry: ZipEntry): string {
  let text: string;
  try {
    text = utf8.decode(entry.data);
  } catch {
    throw new ImportRefused([M.notUtf8(entry.path)]);
  }
  if (text.includes('\u0000')) throw new ImportRefused([M.nulCharacter(entry.path)]);
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}
