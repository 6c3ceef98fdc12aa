/** The eval's printout: one row per task, then every failure, then `N passed, N failed`. */

export interface TaskStats {
  task: string;
  cases: number;
  passed: number;
  failed: number;
  latenciesMs: number[];
  promptTokens: number;
  completionTokens: number;
  /** Whether the endpoint reported usage for any call. */
  usageSeen: boolean;
}

export interface Failure {
  task: string;
  caseName: string;
  check: string;
  message: string;
}

export const emptyStats = (task: string): TaskStats => ({
  task,
  cases: 0,
  passed: 0,
  failed: 0,
  latenciesMs: [],
  promptTokens: 0,
  completionTokens: 0,
  usageSeen: false,
});

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** `model`: against a model the table also shows latency and, where reported, tokens. */
export function report(stats: TaskStats[], failures: Failure[], { model }: { model: boolean }): string[] {
  const header = ['task', 'cases', 'passed', 'failed', ...(model ? ['p50 ms', 'max ms', 'tokens in', 'tokens out'] : [])];
  const rows = stats.map((s) => [
    s.task,
    String(s.cases),
    String(s.passed),
    String(s.failed),
    ...(model
      ? [
          String(Math.round(percentile(s.latenciesMs, 50))),
          String(Math.round(Math.max(0, ...s.latenciesMs))),
          s.usageSeen ? String(s.promptTokens) : '-',
          s.usageSeen ? String(s.completionTokens) : '-',
        ]
      : []),
  ]);
  const lines = table(header, rows);
  if (failures.length) {
    lines.push('', 'Failures:');
    for (const f of failures) lines.push(`  ${f.task} / ${f.caseName}: ${f.check}: ${f.message}`);
  }
  const passed = stats.reduce((n, s) => n + s.passed, 0);
  const failed = stats.reduce((n, s) => n + s.failed, 0);
  lines.push('', `${passed} passed, ${failed} failed`);
  return lines;
}
