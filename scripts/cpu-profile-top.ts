// The top frames of a V8 CPU profile (`node --cpu-prof` writes one at exit), by self time and
// by total time, as plain text: the closing note's "flame graph's top frames" without a viewer.
//
//   npx tsx scripts/cpu-profile-top.ts <file.cpuprofile> [--top=20]
//
// A frame is a function at its place in the code; the services' bundles (svc-*/dist/main.js)
// are mapped back to their TypeScript sources with the bundle's source map. Percentages are of
// the busy time (everything but "(idle)"), so a profile taken on a half-idle process still reads.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const maps = new Map<string, SourceMap | null>();

/** The bundle's source map, once per file (null: none). */
function mapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file)!;
}

/** Where a frame is, readably: a package's name, or a repository path (its TypeScript source when mapped). */
function placeOf(frame: CallFrame): string {
  if (!frame.url) return '';
  if (frame.url.startsWith('node:')) return frame.url;
  const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  if (pkg) return `${pkg[1]} ${pkg[2]}`;
  // findEntry answers {} where the map has nothing.
  const entry = (frame.lineNumber >= 0 ? mapOf(file)?.findEntry(frame.lineNumber, frame.columnNumber) : undefined) as
    { originalSource?: string; originalLine?: number } | undefined;
  if (entry?.originalSource) {
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(file), entry.originalSource);
    return `${path.relative(root, source)}:${(entry.originalLine ?? 0) + 1}`;
  }
  return `${path.relative(root, file)}:${frame.lineNumber + 1}`;
}

function frameKey(frame: CallFrame): string {
  const place = placeOf(frame);
  return `${frame.functionName || '(anonymous)'}${place ? `  ${place}` : ''}`;
}

export function summarise(profile: Profile, top = 20): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keys = new Map<number, string>();
  const keyOf = (id: number) => {
    let key = keys.get(id);
    if (key === undefined) keys.set(id, (key = frameKey(byId.get(id)!.callFrame)));
    return key;
  };

  const self = new Map<string, number>();
  /** Self time by where the code lives: a package, a source file, node's internals. */
  const byPlace = new Map<string, number>();
  const total = new Map<string, number>();
  let idle = 0;
  let all = 0;
  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next one (the last sample gets none).
    const dt = profile.timeDeltas[i + 1] ?? 0;
    all += dt;
    const key = keyOf(id);
    if (key === '(idle)') {
      idle += dt;
      return;
    }
    self.set(key, (self.get(key) ?? 0) + dt);
    const frame = byId.get(id)!.callFrame;
    const place = placeOf(frame).replace(/:\d+$/, '');
    const where = frame.url.startsWith('node:') ? 'node internals' : (/^(@[^/ ]+\/[^/ ]+|[^/ ]+) /.exec(place)?.[1] ?? (place || key));
    byPlace.set(where, (byPlace.get(where) ?? 0) + dt);
    // Each function once per sample, however often it recurs on the stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = keyOf(at);
      if (k === '(root)' || seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  });
  const busy = all - idle;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const table = (title: string, figures: Map<string, number>) =>
    [
      title,
      ...[...figures]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([key, us], i) => `${String(i + 1).padStart(3)}. ${ms(us)} ${pct(us)}  ${key}`),
    ].join('\n');
  return [
    `${ms(all).trim()} profiled, ${ms(busy).trim()} busy (${ms(idle).trim()} idle); percentages are of the busy time`,
    '',
    table(`Top ${top} by self time`, self),
    '',
    table(`Top ${top} by total time (the frame and everything it called)`, total),
    '',
    table(`Self time by package or source file (top ${top})`, byPlace),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 20);
  if (!file) {
    console.error('usage: npx tsx scripts/cpu-profile-top.ts <file.cpuprofile> [--top=20]');
    process.exit(2);
  }
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, top));
}
