import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { kib } from './stats';
import type { Row } from './types';

export interface ScriptSize {
  path: string;
  raw: number;
  /** As transferred (gzip from nginx). */
  wire: number;
  /** The body re-gzipped at level 9, for reference. */
  gzip9: number;
  encoding: string;
}

export async function scriptSizes(scripts: readonly Response[]): Promise<ScriptSize[]> {
  const sizes: ScriptSize[] = [];
  for (const response of scripts) {
    // A revalidation (304: the preloaded remote entry asked again with no-cache) has no body:
    // its file was counted on its first, full answer.
    if (response.status() >= 300 && response.status() < 400) continue;
    await response.finished();
    const body = await response.body();
    sizes.push({
      path: new URL(response.url()).pathname,
      raw: body.length,
      wire: (await response.request().sizes()).responseBodySize,
      gzip9: gzipSync(body, { level: 9 }).length,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  }
  return sizes;
}

/** Which part of the product a script belongs to: the shell, or mfe/<remote>. */
export function scriptOwner(pathname: string): string {
  const remote = /^\/mfe\/([^/]+)\//.exec(pathname)?.[1];
  return remote ? `mfe/${remote}` : 'shell';
}

/** The rows of a first visit's JavaScript: files, bytes (raw, wire, gzip -9), then each part of the product. */
export function scriptRows(bench: string, sizes: readonly ScriptSize[], notes: { files: string; wire?: string }): Row[] {
  const sum = (key: 'raw' | 'wire' | 'gzip9', list = sizes) => list.reduce((n, s) => n + s[key], 0);
  const encodings = [...new Set(sizes.map((s) => s.encoding))].join(', ');
  const rows: Row[] = [
    { bench, metric: 'JS files', value: String(sizes.length), notes: notes.files },
    { bench, metric: 'JS bytes, raw', value: kib(sum('raw')), notes: `${sum('raw')} B decoded` },
    {
      bench,
      metric: 'JS bytes, gzip (wire)',
      value: kib(sum('wire')),
      notes: `${sum('wire')} B as transferred by nginx (Content-Encoding: ${encodings})${notes.wire ? `; ${notes.wire}` : ''}`,
    },
    { bench, metric: 'JS bytes, gzip -9 (zlib)', value: kib(sum('gzip9')), notes: 'bodies re-gzipped by the bench, for reference' },
  ];
  const groups = new Map<string, ScriptSize[]>();
  for (const s of sizes) groups.set(scriptOwner(s.path), [...(groups.get(scriptOwner(s.path)) ?? []), s]);
  for (const [group, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    rows.push({
      bench,
      metric: `  ${group}`,
      value: kib(sum('raw', list)),
      notes: `raw; ${kib(sum('wire', list))} wire; ${list.length} file(s)`,
    });
  }
  return rows;
}
