/**
 * The scenario files (eval/scenarios/<task>.yaml, eval/README.md#a-scenario-file): read and
 * checked strictly, so a misspelt `expect` key fails loudly instead of checking nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const words = z.array(z.string().min(1));

export const expectSchema = z.strictObject({
  mentions: words.optional(),
  mentionsAny: words.optional(),
  avoids: words.optional(),
  minItems: z.number().int().min(0).optional(),
  maxItems: z.number().int().min(0).optional(),
  score: z.strictObject({ min: z.number(), max: z.number() }).nullable().optional(),
  action: z.enum(['create_todo', 'create_workback_plan', 'none']).optional(),
  actionDate: isoDay.optional(),
  known: words.optional(),
});
export type Expect = z.infer<typeof expectSchema>;

export const caseSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a short kebab-case name'),
  situation: z.string().min(1),
  // YAML reads an unquoted 2026-03-12 as a date: take it back as the day it says.
  today: z.preprocess((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v), isoDay).optional(),
  input: z.record(z.string(), z.unknown()),
  expect: expectSchema.optional(),
});
export type Case = z.infer<typeof caseSchema>;

export const scenarioFileSchema = z.strictObject({
  task: z.string().min(1),
  about: z.string().min(1),
  cases: z.array(caseSchema).min(1),
});
export type ScenarioFile = z.infer<typeof scenarioFileSchema>;

export const SCENARIOS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'scenarios');

/** YAML reads unquoted dates as Date objects: inputs carry them as the strings the services send. */
function datesAsStrings(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(datesAsStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, datesAsStrings(v)]));
  return value;
}

export function parseScenarioFile(text: string, file: string): ScenarioFile {
  const parsed = scenarioFileSchema.safeParse(datesAsStrings(parse(text)));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`${file} is not a valid scenario file:\n  ${problems.join('\n  ')}`);
  }
  const expected = path.basename(file, '.yaml');
  if (parsed.data.task !== expected) throw new Error(`${file}: task is "${parsed.data.task}", the file is named for "${expected}"`);
  const seen = new Set<string>();
  for (const c of parsed.data.cases) {
    if (seen.has(c.name)) throw new Error(`${file}: two cases are named "${c.name}"`);
    seen.add(c.name);
  }
  return parsed.data;
}

export function loadScenarios(dir = SCENARIOS_DIR): ScenarioFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => parseScenarioFile(readFileSync(path.join(dir, f), 'utf8'), f));
}
