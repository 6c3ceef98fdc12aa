import type { Row } from '../../bench/lib/types';
import type { RestartTiming } from './restarts';
import type { RequestRecord } from './transport';
import { editLine, type UserOutcome } from './user';

/** What the check found, and whether it holds (0 lost saves, 0 silent overwrites, 0 read 5xx). */
export interface Findings {
  rows: Row[];
  lostSaves: number;
  silentOverwrites: number;
  read5xx: number;
  summary: Record<string, unknown>;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : `${Math.round(v)} ms`);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Which edits of a user are in the text the server holds at the end, split by whether their save was acknowledged. */
function lostOf(outcome: UserOutcome, finalText: string) {
  const lines = new Set(finalText.split('\n'));
  let acknowledged = 0;
  let unacknowledged = 0;
  for (let edit = 1; edit <= outcome.typed; edit += 1) {
    if (lines.has(editLine(outcome.index, edit).slice(0, -1))) continue;
    if (edit <= outcome.acknowledged) acknowledged += 1;
    else unacknowledged += 1;
  }
  return { acknowledged, unacknowledged };
}

export interface Run {
  records: RequestRecord[];
  outcomes: UserOutcome[];
  /** The text each file holds at the end, read back once the load stopped (by file id). */
  finalTexts: Map<number, string>;
  timings: RestartTiming[];
  /** performance.now() of the load's start, the first SIGTERM, the last replica ready, the load's end. */
  loadFrom: number;
  restartFrom: number;
  restartTo: number;
  loadTo: number;
}

export function findings(run: Run): Findings {
  const { records, outcomes, finalTexts, timings } = run;
  const rows: Row[] = [];
  const add = (bench: string, metric: string, value: string | number, notes?: string) =>
    rows.push({ bench, metric, value: String(value), ...(notes ? { notes } : {}) });

  const kinds = ['save', 'read', 'other'] as const;
  add('requests', 'total', records.length, `${outcomes.length} users, ${((run.loadTo - run.loadFrom) / 1000).toFixed(0)} s of load`);
  for (const kind of kinds) add('requests', kind, records.filter((r) => r.kind === kind).length);

  const errors = new Map<string, number>();
  for (const r of records) {
    if (r.status >= 200 && r.status < 400) continue;
    const key = r.status === 0 ? `no answer (${r.error ?? 'unknown'}) ${r.kind}` : `${r.status} ${r.kind}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  if (errors.size === 0) add('errors by status', 'none', 0);
  for (const [key, count] of [...errors].sort()) add('errors by status', key, count);

  const read5xx = records.filter((r) => r.kind === 'read' && r.status >= 500).length;
  const readNoAnswer = records.filter((r) => r.kind === 'read' && r.status === 0).length;

  const lost = outcomes.map((o) => lostOf(o, finalTexts.get(o.fileId) ?? ''));
  const lostAcknowledged = sum(lost.map((l) => l.acknowledged));
  const lostUnacknowledged = sum(lost.map((l) => l.unacknowledged));
  const lostSaves = lostAcknowledged + lostUnacknowledged;
  const silentOverwrites = sum(outcomes.map((o) => o.saves.silentOverwrites));
  const differing = outcomes.filter((o) => finalTexts.get(o.fileId) !== o.text).length;
  const saves = (key: keyof UserOutcome['saves']) => sum(outcomes.map((o) => o.saves[key]));

  add('outcome', 'lost saves', lostSaves, `${lostAcknowledged} acknowledged but missing, ${lostUnacknowledged} never saved`);
  add('outcome', 'silent overwrites', silentOverwrites, 'saves accepted on another base than the text they replaced');
  add('outcome', 'read 5xx', read5xx, `${readNoAnswer} reads with no answer from nginx`);
  add('outcome', 'edits typed', sum(outcomes.map((o) => o.typed)));
  add('outcome', 'files not as typed', differing, 'the server text differs from the text on screen at the end');
  add('outcome', 'users gave up', outcomes.filter((o) => o.gaveUp).length, 'unsaved text (or a conflict) when the check stopped waiting');
  add(
    'outcome',
    'saves sent / accepted',
    `${saves('sent')} / ${saves('accepted')}`,
    `${saves('retried')} retried after a 5xx or no answer`,
  );
  add('outcome', '409: own lost save / shown', `${saves('ownConflicts')} / ${saves('shownConflicts')}`, 'a shown one stops autosaving');
  add('outcome', 'refused saves (4xx)', saves('refused'));
  add('outcome', 'reads failed after retries', sum(outcomes.map((o) => o.failedReads)), 'what a page would show as an error');
  add('outcome', 'stale file reads', sum(outcomes.map((o) => o.staleReads)), 'GET /files/{id} missing an edit acknowledged before it');

  for (const t of timings) {
    add(
      'restart',
      `${t.service} #${t.replica} (:${t.port})`,
      ms(t.readyMs),
      `${t.outMs ? `out of rotation in ${ms(t.outMs)}, ` : ''}SIGTERM at ${t.at.slice(11, 23)} UTC with ${t.acceptQueue ?? '?'} connections in its accept queue, drained in ${ms(t.drainMs)}, pid ${t.oldPid} → ${t.newPid}`,
    );
  }

  const phases = [
    ['before', run.loadFrom, run.restartFrom],
    ['during restarts', run.restartFrom, run.restartTo],
    ['after', run.restartTo, run.loadTo],
  ] as const;
  for (const kind of ['save', 'read'] as const) {
    for (const [phase, from, to] of phases) {
      const times = records.filter((r) => r.kind === kind && r.status !== 0 && r.at >= from && r.at < to).map((r) => r.ms);
      add('latency', `${kind} ${phase}`, `${ms(percentile(times, 50))} / ${ms(percentile(times, 99))}`, `p50 / p99, n=${times.length}`);
    }
  }

  return {
    rows,
    lostSaves,
    silentOverwrites,
    read5xx,
    summary: {
      requests: records.length,
      byKind: Object.fromEntries(kinds.map((k) => [k, records.filter((r) => r.kind === k).length])),
      errors: Object.fromEntries(errors),
      lostSaves,
      lostAcknowledged,
      lostUnacknowledged,
      silentOverwrites,
      read5xx,
      readNoAnswer,
      timings: timings.map(({ service, replica, port, at, acceptQueue, outMs, drainMs, readyMs }) => ({
        service,
        replica,
        port,
        at,
        acceptQueue,
        outMs,
        drainMs,
        readyMs,
      })),
    },
  };
}
