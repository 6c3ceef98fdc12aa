/**
 * `npm run eval` (eval/README.md): asks the coach every scenario, checks each answer, prints a
 * table and ends with `N passed, N failed`; exit code 1 on any failure.
 *
 *   --task <name>       only this task (repeatable)
 *   --case <text>       only cases whose name contains the text
 *   --provider offline|model   default: model when AI_BASE_URL is set, else offline
 *   --verbose           print every answer
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { AiMalformedAnswerError, createAiProvider, type AiEnv, type AiProvider } from '@cc/ai';
import { CHECKS } from './checks';
import type { Reading, Subject } from './checks/types';
import { stringsIn } from './checks/text';
import { emptyStats, report, type Failure, type TaskStats } from './report';
import { loadScenarios, type Case, type ScenarioFile } from './scenario';
import { TASKS, type Task } from './tasks';

export interface EvalOptions {
  tasks?: string[];
  caseFilter?: string;
  provider?: 'offline' | 'model';
  /** Where AI_* settings are read (default: process.env). */
  env?: AiEnv;
  /** Default: every file in eval/scenarios. */
  scenarios?: ScenarioFile[];
  verbose?: boolean;
  print?: (line: string) => void;
}

export interface EvalResult {
  passed: number;
  failed: number;
  lines: string[];
}

/** Input fields that name things for the program (a mode, a file name, a tab), not what the user said. */
const TECHNICAL = new Set([
  'mode',
  'folder',
  'fileName',
  'fileLabel',
  'updateButton',
  'kind',
  'today',
  'periodKey',
  'system',
  'user',
  'tab',
  'section',
]);

function wordsGiven(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(wordsGiven);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (TECHNICAL.has(k) ? [] : wordsGiven(v)));
  }
  return stringsIn(value);
}

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const errorText = (err: unknown) =>
  err instanceof AiMalformedAnswerError
    ? `the answer stayed malformed after the retry (${err.message})`
    : `the call failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;

interface Outcome {
  problems: { check: string; message: string }[];
  answer?: unknown;
}

async function runCase(ai: AiProvider, task: Task, kase: Case): Promise<Outcome> {
  const today = kase.today ?? localToday();
  const input: Record<string, unknown> = { ...kase.input };
  if (task.takesToday && input.today === undefined) input.today = today;
  let answer: unknown;
  try {
    answer = await task.call(ai, input);
  } catch (err) {
    return { problems: [{ check: 'schema', message: errorText(err) }] };
  }
  const parsed = task.schema.safeParse(answer);
  if (!parsed.success) {
    return {
      answer,
      problems: [{ check: 'schema', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }],
    };
  }
  const reading: Reading = task.read(parsed.data, input, today);
  const lastMessage = task.lastMessage?.(input);
  const sources = task.sources?.(input);
  const subject: Subject = {
    page: task.page,
    reading,
    input,
    today,
    datesFromToday: Boolean(task.takesToday),
    given: wordsGiven(input),
    ...(lastMessage ? { lastMessage } : {}),
    ...(sources ? { sources } : {}),
    expect: kase.expect ?? {},
  };
  const checks = { ...CHECKS, ...task.checks };
  const problems = Object.entries(checks).flatMap(([check, run]) => run(subject).map((message) => ({ check, message })));
  return { answer, problems };
}

export async function runEval(options: EvalOptions = {}): Promise<EvalResult> {
  const env = options.env ?? process.env;
  const scenarios = options.scenarios ?? loadScenarios();
  const unknownTasks = [...(options.tasks ?? []), ...scenarios.map((s) => s.task)].filter((t) => !TASKS[t]);
  if (unknownTasks.length)
    throw new Error(`Unknown task(s): ${[...new Set(unknownTasks)].join(', ')}. Known: ${Object.keys(TASKS).join(', ')}`);

  const model = (options.provider ?? (env.AI_BASE_URL?.trim() ? 'model' : 'offline')) === 'model';
  if (model && !env.AI_BASE_URL?.trim()) throw new Error('--provider model needs AI_BASE_URL (and AI_MODEL, AI_API_KEY if needed).');
  let current: TaskStats | undefined;
  const ai = createAiProvider(model ? env : {}, {
    onUsage: (usage) => {
      if (!current) return;
      current.usageSeen = true;
      current.promptTokens += usage.promptTokens;
      current.completionTokens += usage.completionTokens;
    },
  });
  const print = options.print ?? ((line: string) => console.log(line));
  print(`AI eval: ${model ? `model ${ai.info().model} at ${env.AI_BASE_URL}` : 'offline coach'}`);

  const stats: TaskStats[] = [];
  const failures: Failure[] = [];
  for (const file of scenarios) {
    if (options.tasks?.length && !options.tasks.includes(file.task)) continue;
    const task = TASKS[file.task]!;
    const cases = file.cases.filter((c) => !options.caseFilter || c.name.includes(options.caseFilter));
    if (!cases.length) continue;
    current = emptyStats(file.task);
    stats.push(current);
    for (const kase of cases) {
      const started = performance.now();
      const { problems, answer } = await runCase(ai, task, kase);
      current.latenciesMs.push(performance.now() - started);
      current.cases++;
      if (problems.length) current.failed++;
      else current.passed++;
      for (const p of problems) failures.push({ task: file.task, caseName: kase.name, ...p });
      if (options.verbose) {
        print(`\n── ${file.task} / ${kase.name} ${problems.length ? 'FAILED' : 'ok'}`);
        print(typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2));
      }
    }
  }
  current = undefined;
  const lines = report(stats, failures, { model });
  print('');
  for (const line of lines) print(line);
  const passed = stats.reduce((n, s) => n + s.passed, 0);
  const failed = stats.reduce((n, s) => n + s.failed, 0);
  return { passed, failed, lines };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      task: { type: 'string', multiple: true },
      case: { type: 'string' },
      provider: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (values.provider && values.provider !== 'offline' && values.provider !== 'model') {
    throw new Error(`--provider is offline or model, not "${values.provider}"`);
  }
  const result = await runEval({
    ...(values.task ? { tasks: values.task } : {}),
    ...(values.case ? { caseFilter: values.case } : {}),
    ...(values.provider ? { provider: values.provider as 'offline' | 'model' } : {}),
    verbose: values.verbose,
  });
  process.exitCode = result.failed || !result.passed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
