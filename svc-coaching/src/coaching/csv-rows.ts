import { parse } from 'csv-parse/sync';
import {
  COACHING_LIMITS as L,
  COACHING_MESSAGES as M,
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  isQuestionnaireType,
  QUESTIONNAIRE_TYPES,
  REQUEST_MESSAGES,
  type QuestionnaireType,
} from '@cc/contracts';

/** One checked CSV row: a question of a section of a questionnaire. */
export interface CsvQuestion {
  row: number;
  type: QuestionnaireType;
  sectionTitle: string;
  sectionDescription: string;
  title: string;
  text: string;
  prompt: string;
  position?: number;
}

/** The rows, or why the file (`file`) or which rows (`rows`) cannot be imported. */
export type CsvReading = { ok: true; questions: CsvQuestion[] } | { ok: false; file: string } | { ok: false; rows: string[] };

type Column = (typeof CSV_COLUMNS)[number];

/**
 * Reads and checks every row of a questions CSV (the README documents the format). A row's
 * number is its line in the file, the header being line 1, as a spreadsheet shows it.
 */
export function readQuestionsCsv(text: string, formType: QuestionnaireType | undefined): CsvReading {
  // Postgres text cannot hold U+0000 (a binary file saved as .csv).
  if (text.includes('\u0000')) return { ok: false, file: REQUEST_MESSAGES.nulCharacter };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (err) {
    return { ok: false, file: M.csvUnreadable((err as Error).message.replace(/^Invalid Record Length: /, '')) };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, file: M.csvNoRows };
  const index = new Map<string, number>(header.record.map((name, i) => [name.trim().toLowerCase(), i]));
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) return { ok: false, file: M.csvMissingColumns(missing) };
  if (!rows.length) return { ok: false, file: M.csvNoRows };
  if (rows.length > L.csvRows) return { ok: false, file: M.csvTooManyRows };

  const problems: string[] = [];
  const questions: CsvQuestion[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of rows) {
    const cell = (c: Column) => (index.has(c) ? (record[index.get(c)!] ?? '').trim() : '');
    const row = info.lines;
    const reasons: string[] = [];
    const rawType = cell('questionnaire_type');
    const type = rawType || formType;
    if (!type) reasons.push('questionnaire_type is empty and the form names no questionnaire');
    else if (!isQuestionnaireType(type)) reasons.push(`questionnaire_type '${type}' is not one of: ${QUESTIONNAIRE_TYPES.join(', ')}`);
    const required = (c: Column, max: number) => {
      const value = cell(c);
      if (!value) reasons.push(`${c} is empty`);
      else if (value.length > max) reasons.push(`${c} is longer than ${max} characters`);
      return value;
    };
    const optional = (c: Column, max: number) => {
      const value = cell(c);
      if (value.length > max) reasons.push(`${c} is longer than ${max} characters`);
      return value;
    };
    const sectionTitle = required('section_title', L.title);
    const sectionDescription = optional('section_description', L.description);
    const title = required('question_title', L.title);
    const text = required('question_text', L.questionText);
    const prompt = optional('prompt', L.questionPrompt);
    const rawPosition = cell('position');
    let position: number | undefined;
    if (rawPosition) {
      position = /^\d{1,5}$/.test(rawPosition) ? Number(rawPosition) : NaN;
      if (!(position >= 1 && position <= L.position))
        reasons.push(`position '${rawPosition}' is not a whole number from 1 to ${L.position}`);
    }
    if (!reasons.length) {
      const key = [type, sectionTitle, title].map((v) => v!.toLowerCase()).join('\u0001');
      const first = seen.get(key);
      if (first !== undefined) reasons.push(`repeats the question '${title}' of row ${first}`);
      else seen.set(key, row);
    }
    if (reasons.length) problems.push(M.csvRow(row, reasons.join('; ')));
    else questions.push({ row, type: type as QuestionnaireType, sectionTitle, sectionDescription, title, text, prompt, position });
  }
  return problems.length ? { ok: false, rows: problems } : { ok: true, questions };
}
