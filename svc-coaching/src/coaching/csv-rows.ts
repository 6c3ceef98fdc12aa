import { parse } from 'csv-parse/sync';
import { checkQuestionsCsv, COACHING_MESSAGES as M, type CsvQuestion, type QuestionnaireType } from '@cc/contracts';

export type { CsvQuestion };

/** The rows, or why the file (`file`) or which rows (`rows`) cannot be imported. */
export type CsvReading = { ok: true; questions: CsvQuestion[] } | { ok: false; file: string } | { ok: false; rows: string[] };

/**
 * Reads and checks every row of a questions CSV (the README documents the format) by the rules
 * the admin page's preview also applies (`@cc/contracts/questions-csv`). A row's number is its
 * first line in the file, the header being line 1.
 */
export function readQuestionsCsv(text: string, formType: QuestionnaireType | undefined): CsvReading {
  const check = checkQuestionsCsv(text, formType, parse);
  if (!check.ok) return { ok: false, file: check.error };
  if (check.bad)
    return { ok: false, rows: check.rows.filter((r) => r.problems.length).map((r) => M.csvRow(r.line, r.problems.join('; '))) };
  return { ok: true, questions: check.rows.map((r) => r.question!) };
}
