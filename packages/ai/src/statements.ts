/**
 * Statement extraction from a generated profile (docs/about-me.md#statements): stop at a
 * "References" line, take "Information from X:" lines as the source of what follows, strip
 * bullet markers, skip headings and blank lines, keep at most 200. Pure, no Node APIs.
 */
import type { Statement } from './types';

export const MAX_STATEMENTS = 200;

const REFERENCES = /^\s*(#{1,6}\s*)?[*_]*references[*_]*\s*:?\s*$/i;
const SOURCE_LABEL = /^\s*(?:[-*+]\s+)?[*_]*information from\s+(.+?)[*_]*\s*:\s*[*_]*\s*$/i;
const HEADING = /^\s*#{1,6}\s/;
const BULLET = /^\s*(?:[-*+•]|\d+[.)])\s+/;

export function extractStatements(markdown: string): Statement[] {
  const statements: Statement[] = [];
  let source = '';
  for (const line of markdown.split(/\r?\n/)) {
    if (REFERENCES.test(line)) break;
    if (!line.trim() || HEADING.test(line)) continue;
    const label = line.match(SOURCE_LABEL);
    if (label) {
      source = label[1]!.replace(/[*_]+/g, '').trim();
      continue;
    }
    const text = line.replace(BULLET, '').trim();
    if (!text) continue;
    statements.push({ text, source });
    if (statements.length >= MAX_STATEMENTS) break;
  }
  return statements;
}
