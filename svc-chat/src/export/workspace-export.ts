import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { EXPORT_FORMAT_VERSION, exportLine, type ExportDomain } from '@cc/contracts/export';
import type { ExportPart } from '@cc/service-kit';
import { exportReadme } from './readme';
import type { ZipWriter } from './zip-writer';

/**
 * Writes the whole export (docs/export.md): each domain's entries as they arrive, its records
 * spooled to a temporary file (not memory), then workspace.json from that file and README.md
 * with what the export holds. A part that breaks off, answers a line off the contract or does
 * not end with its `done` throws: the caller ends the download as failed, never as a zip with a
 * domain missing.
 */

/** One domain's part, opened: its totals line already read, the rest to come. */
export interface OpenPart {
  domain: ExportDomain;
  totals: { records: number; bytes: number };
  rest: AsyncIterator<string>;
  cancel(): void;
}

/** Opens a part: reads its first line, which must be the totals. */
export async function openPart(domain: ExportDomain, body: ReadableStream<Uint8Array>, cancel: () => void): Promise<OpenPart> {
  const lines = createInterface({ input: Readable.fromWeb(body as never), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const parsed = first.done ? undefined : exportLine.safeParse(JSON.parse(first.value));
  if (!parsed?.success || !('total' in parsed.data)) throw new Error(`${domain}: the part did not start with its totals`);
  return { domain, totals: { records: parsed.data.total, bytes: parsed.data.bytes }, rest: lines, cancel };
}

/** This service's own part, read in-process with the same lines a peer's would send. */
export async function localPart(domain: ExportDomain, part: ExportPart): Promise<OpenPart> {
  const totals = await part.totals();
  async function* lines(): AsyncGenerator<string> {
    let records = 0;
    for await (const line of part.lines()) {
      if ('record' in line) records += 1;
      yield JSON.stringify(line);
    }
    yield JSON.stringify({ done: { records } });
  }
  const rest = lines();
  return { domain, totals, rest, cancel: () => void rest.return(undefined) };
}

export interface ExportSummary {
  /** Records per domain and table, as workspace.json counts them. */
  counts: Record<string, Record<string, number>>;
  entries: number;
}

export async function writeWorkspaceExport(zip: ZipWriter, parts: OpenPart[], exportedAt: Date): Promise<ExportSummary> {
  const dir = await mkdtemp(join(tmpdir(), 'cc-export-'));
  try {
    const spoolPath = join(dir, 'records.jsonl');
    const spool = createWriteStream(spoolPath);
    const counts: ExportSummary['counts'] = {};
    let entries = 0;
    let first = true;
    for (const part of parts) {
      const domainCounts: Record<string, number> = (counts[part.domain] = {});
      let done = false;
      let seen = 0;
      for (let next = await part.rest.next(); !next.done; next = await part.rest.next()) {
        if (!next.value) continue;
        if (done) throw new Error(`${part.domain}: a line came after done`);
        const line = exportLine.safeParse(JSON.parse(next.value));
        if (!line.success) throw new Error(`${part.domain}: a line off the contract`);
        const l = line.data;
        if ('entry' in l) {
          await zip.add(l.entry.path, l.entry.text);
          entries += 1;
        } else if ('record' in l) {
          seen += 1;
          domainCounts[l.record.table] = (domainCounts[l.record.table] ?? 0) + 1;
          const text = `${first ? '' : ',\n'}${JSON.stringify({ domain: part.domain, table: l.record.table, row: l.record.row })}`;
          first = false;
          if (!spool.write(text)) await once(spool, 'drain');
        } else if ('done' in l) {
          if (l.done.records !== seen) throw new Error(`${part.domain}: ${seen} records arrived of ${l.done.records}`);
          done = true;
        } else throw new Error(`${part.domain}: totals twice`);
      }
      if (!done) throw new Error(`${part.domain}: the part was cut short`);
    }
    spool.end();
    await once(spool, 'finish');

    // Keys in this order, so a reader sees the version before the records (docs/export.md).
    const json = zip.open('workspace.json');
    await json.push(
      `{"format_version":${EXPORT_FORMAT_VERSION},"product":"career-workspace","exported_at":${JSON.stringify(exportedAt.toISOString())},"counts":${JSON.stringify(counts)},"records":[\n`,
    );
    for await (const chunk of createReadStream(spoolPath, { highWaterMark: 256 * 1024 })) await json.push(chunk as Buffer);
    await json.push('\n]}\n');
    await json.end();
    await zip.add('README.md', exportReadme(counts, exportedAt));
    return { counts, entries: entries + 2 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
