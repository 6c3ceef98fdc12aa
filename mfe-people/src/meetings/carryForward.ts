/**
 * Carry-forward (added, docs/people.md#meetings): what the last meeting with a person left open. A line
 * ticked as done ('- [x] …', '✓ …', '… (done)') is finished; every other written line of its
 * follow-ups and agenda is still open.
 */
const DONE = /^\s*(?:[-*+]\s*)?(?:\[[xX]\]|✓|✔)|\((?:done|closed)\)\s*$/i;

export function openLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s*#/.test(line) && !DONE.test(line))
    .map((line) => line.replace(/^\s*(?:[-*+]\s*)?(?:\[ \]\s*)?/, '').trim())
    .filter((line) => line !== '');
}

/** The open items as a list to take over: '- item' per line. */
export const asList = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');
