/** A case's own expectations (eval/README.md#a-scenario-file, `expect`). */
import { normalize } from './text';
import type { Check } from './types';

const has = (text: string, word: string) => normalize(text).includes(normalize(word));

export const meetsExpectations: Check = ({ reading, expect }) => {
  const problems: string[] = [];
  const text = reading.whole ?? reading.text;
  const missing = (expect.mentions ?? []).filter((w) => !has(text, w));
  if (missing.length) problems.push(`does not mention ${missing.map((w) => `"${w}"`).join(', ')}`);
  if (expect.mentionsAny?.length && !expect.mentionsAny.some((w) => has(text, w))) {
    problems.push(`mentions none of ${expect.mentionsAny.map((w) => `"${w}"`).join(', ')}`);
  }
  const said = (expect.avoids ?? []).filter((w) => has(text, w));
  if (said.length) problems.push(`says ${said.map((w) => `"${w}"`).join(', ')}, which it should avoid`);

  const count = reading.items?.length;
  if (expect.minItems !== undefined && (count ?? 0) < expect.minItems)
    problems.push(`has ${count ?? 0} items, fewer than ${expect.minItems}`);
  if (expect.maxItems !== undefined && (count ?? 0) > expect.maxItems)
    problems.push(`has ${count ?? 0} items, more than ${expect.maxItems}`);

  if (expect.score === null && reading.score !== null) problems.push(`scores ${reading.score}, where there is no answer to score`);
  if (expect.score) {
    const { min, max } = expect.score;
    if (reading.score === null || reading.score === undefined) problems.push(`gives no score, expected ${min}-${max}`);
    else if (reading.score < min || reading.score > max) problems.push(`scores ${reading.score}, expected ${min}-${max}`);
  }
  if (expect.action && (reading.action ?? 'none') !== expect.action)
    problems.push(`carries ${reading.action ?? 'no'} action, expected ${expect.action}`);
  if (expect.actionDate && reading.actionDate !== expect.actionDate) {
    problems.push(`dates its action ${reading.actionDate ?? '(none)'}, expected ${expect.actionDate}`);
  }
  return problems;
};
