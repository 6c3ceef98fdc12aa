// The export and import bench (issue 22): the search bench's account (10,000 files, 2,000 journal
// days, 1,000 people, 5,000 meetings, 2,000 todos, written straight into the tables) exported
// through the gateway, then that zip imported into a new, empty account. It reports the time of
// each, the zip's size against the estimate the download's progress bar divides by, and the
// resident memory of the services at work (sampled every 25 ms from /proc: the peak above what each
// held before) — the figure that shows an export streams and an import reads a batch at a time.
import { readdirSync, readFileSync } from 'node:fs';
import type { ImportStatus } from '@cc/contracts/import';
import { ms } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';
import { seed } from './search';

const SERVICES = ['svc-chat', 'svc-files', 'svc-people', 'svc-coaching'] as const;

/** The pid of each service of the running stack (by its entry point on the command line). */
function servicePids(): Partial<Record<(typeof SERVICES)[number], number>> {
  const found: Partial<Record<(typeof SERVICES)[number], number>> = {};
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    for (const name of SERVICES) if (cmd.includes(`${name}/dist/main.js`)) found[name] ??= Number(entry);
  }
  return found;
}

const rssOf = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

/** Samples each service's resident memory while `work` runs: its peak above what it held before. */
async function withMemory<T>(work: () => Promise<T>): Promise<{ result: T; growth: Record<string, number>; peak: Record<string, number> }> {
  const pids = servicePids();
  const before: Record<string, number> = {};
  const peak: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) peak[name] = before[name] = rssOf(pid!);
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) {
      try {
        peak[name] = Math.max(peak[name]!, rssOf(pid!));
      } catch {
        /* gone */
      }
    }
  }, 25);
  try {
    const result = await work();
    const growth = Object.fromEntries(Object.keys(peak).map((name) => [name, peak[name]! - before[name]!]));
    return { result, growth, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function exportZip(ctx: BenchContext, user: BenchUser): Promise<{ zip: Uint8Array; estimate: number; time: number }> {
  const started = performance.now();
  const res = await fetch(new URL('/export', ctx.baseURL), { headers: { cookie: user.cookie, accept: 'application/zip' } });
  if (!res.ok) throw new Error(`/export answered ${res.status}`);
  const zip = new Uint8Array(await res.arrayBuffer());
  return { zip, estimate: Number(res.headers.get('x-export-estimate')), time: performance.now() - started };
}

async function importZip(
  ctx: BenchContext,
  user: BenchUser,
  zip: Uint8Array,
): Promise<{ status: ImportStatus; upload: number; time: number }> {
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([zip as BlobPart]), 'career-workspace.zip');
  const res = await fetch(new URL('/import', ctx.baseURL), {
    method: 'POST',
    headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, accept: 'application/json' },
    body: form,
  });
  const body = (await res.json()) as { import?: ImportStatus; errors?: string[] };
  if (res.status !== 202 || !body.import) throw new Error(`/import answered ${res.status}: ${body.errors?.join(' ')}`);
  const upload = performance.now() - started;
  for (;;) {
    const poll = await fetch(new URL(`/import/${body.import.id}`, ctx.baseURL), {
      headers: { cookie: user.cookie, accept: 'application/json' },
    });
    const status = ((await poll.json()) as { import: ImportStatus }).import;
    if (status.state !== 'running') return { status, upload, time: performance.now() - started };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const memoryNotes = (growth: Record<string, number>, peak: Record<string, number>) =>
  Object.keys(growth)
    .sort()
    .map((name) => `${name} +${mb(growth[name]!)} (peak ${mb(peak[name]!)})`)
    .join(', ');

export const exportImport: BenchModule = {
  name: 'export',
  description: 'GET /export of a 10,000-file account, then POST /import of its zip into an empty account: time, size, memory',
  async run(ctx: BenchContext): Promise<Row[]> {
    const owner = await ctx.newUser('export');
    ctx.log('export: seeding 10,000 files, 2,000 journal days, 1,000 people, 5,000 meetings, 2,000 todos…');
    await seed(ctx, owner);

    ctx.log('export: GET /export…');
    const exported = await withMemory(() => exportZip(ctx, owner));
    const { zip, estimate, time } = exported.result;

    ctx.log(`export: POST /import of ${mb(zip.length)}…`);
    const target = await ctx.newUser('import');
    const imported = await withMemory(() => importZip(ctx, target, zip));
    const { status } = imported.result;
    if (status.state !== 'done') throw new Error(`the import failed: ${status.errors.join(' ')}`);
    const created = status.summary.created;

    return [
      { bench: 'export', metric: 'GET /export, 10,000 files (to the last byte)', value: ms(time), notes: `zip ${mb(zip.length)}` },
      {
        bench: 'export',
        metric: 'zip size ÷ the estimate the progress bar divides by',
        value: (zip.length / Math.max(estimate, 1)).toFixed(2),
        notes: `estimate ${mb(estimate)}`,
      },
      {
        bench: 'export',
        metric: 'memory while exporting',
        value: mb(Math.max(...Object.values(exported.growth))),
        notes: memoryNotes(exported.growth, exported.peak),
      },
      {
        bench: 'import',
        metric: 'POST /import of that zip, to done',
        value: ms(imported.result.time),
        notes: `upload and check ${ms(imported.result.upload)}; ${created.file ?? 0} files, ${created.journal ?? 0} days, ${created.person ?? 0} people, ${created.meeting ?? 0} meetings, ${created.todo ?? 0} todos`,
      },
      {
        bench: 'import',
        metric: 'memory while importing',
        value: mb(Math.max(...Object.values(imported.growth))),
        notes: memoryNotes(imported.growth, imported.peak),
      },
    ];
  },
};
