/**
 * `@cc/contracts/questions-csv`: how a questions CSV is read and checked, once, for svc-coaching's
 * import and the admin page's preview. Zod-free and parser-free: each side hands in csv-parse's
 * `parse` (the Node build on the server, the browser build in the page, loaded only when a file
 * is chosen), called with the same options, so the preview and the import cannot disagree on a
 * file. The server checks again and imports all or nothing.
 */
import { REQUEST_MESSAGES } from './requests';
import {
  COACHING_LIMITS as L,
  COACHING_MESSAGES as M,
  isQuestionnaireType,
  QUESTIONNAIRE_TYPES,
  type QuestionnaireType,
} from './coaching-rules';

/** The CSV's columns (the root README documents the format). */
export const CSV_COLUMNS = [
  'questionnaire_type',
  'section_title',
  'section_description',
  'question_title',
  'question_text',
  'prompt',
  'position',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_REQUIRED_COLUMNS = CSV_COLUMNS.filter((c) => c !== 'position' && c !== 'questionnaire_type');

/** csv-parse's options: records with their line, blank lines skipped, cells trimmed, short rows allowed. */
export const QUESTIONS_CSV_PARSE_OPTIONS = {
  bom: true,
  info: true,
  skip_empty_lines: true,
  relax_column_count: true,
  trim: true,
} as const;

/** csv-parse's synchronous `parse` (either build), as called here. */
export type CsvParse = (text: string, options: typeof QUESTIONS_CSV_PARSE_OPTIONS) => unknown;

/** One checked row: a question of a section of a questionnaire. */
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

export interface CsvRow {
  /** The row's first line in the file, the header being line 1 (`Row N` in the import's errors). */
  line: number;
  /** Every column, trimmed; an empty questionnaire_type holds the form's. */
  cells: Record<CsvColumn, string>;
  /** Why the import would refuse the row (empty when it is fine). */
  problems: string[];
  /** The question, when the row has no problem. */
  question?: CsvQuestion;
}

/** Every row with its problems, or why the whole file cannot be read. */
export type QuestionsCsvCheck = { ok: true; rows: CsvRow[]; bad: number } | { ok: false; error: string };

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/**
 * Reads and checks every row of a questions CSV. `formType` is the questionnaire of a row whose
 * questionnaire_type is empty (the form's, or the preview's tab).
 */
export function checkQuestionsCsv(text: string, formType: QuestionnaireType | undefined, parse: CsvParse): QuestionsCsvCheck {
  // Postgres text cannot hold U+0000 (a binary file saved as .csv).
  if (text.includes('\u0000')) return { ok: false, error: REQUEST_MESSAGES.nulCharacter };
  // One line ending: csv-parse takes the first one it meets as the record delimiter (a lone
  // line feed after CRLF rows would stay inside a cell) and counts a CRLF inside quotes as two lines.
  const normalized = text.replace(/\r\n?/g, '\n');
  let records: ParsedRecord[];
  try {
    records = parse(normalized, QUESTIONS_CSV_PARSE_OPTIONS) as ParsedRecord[];
  } catch (err) {
    return { ok: false, error: M.csvUnreadable((err as Error).message.replace(/^Invalid Record Length: /, '')) };
  }
  const [header, ...rest] = records;
  if (!header) return { ok: false, error: M.csvNoRows };
  const index = new Map<string, number>(header.record.map((name, i) => [name.trim().toLowerCase(), i]));
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) return { ok: false, error: M.csvMissingColumns(missing) };
  if (!rest.length) return { ok: false, error: M.csvNoRows };
  if (rest.length > L.csvRows) return { ok: false, error: M.csvTooManyRows };

  const seen = new Map<string, number>();
  const rows = rest.map(({ record, info }) => {
    const cells = Object.fromEntries(CSV_COLUMNS.map((c) => [c, index.has(c) ? (record[index.get(c)!] ?? '').trim() : ''])) as Record<
      CsvColumn,
      string
    >;
    // csv-parse gives the record's last line; a quoted cell's line breaks lead back to its first.
    const line = info.lines - record.reduce((n, field) => n + field.split('\n').length - 1, 0);
    cells.questionnaire_type ||= formType ?? '';
    return checkRow(cells, line, seen);
  });
  return { ok: true, rows, bad: rows.filter((r) => r.problems.length > 0).length };
}

function checkRow(cells: Record<CsvColumn, string>, line: number, seen: Map<string, number>): CsvRow {
  const problems: string[] = [];
  const type = cells.questionnaire_type;
  if (!type) problems.push('questionnaire_type is empty and the form names no questionnaire');
  else if (!isQuestionnaireType(type)) problems.push(`questionnaire_type '${type}' is not one of: ${QUESTIONNAIRE_TYPES.join(', ')}`);
  const required = (c: CsvColumn, max: number) => {
    if (!cells[c]) problems.push(`${c} is empty`);
    else if (cells[c].length > max) problems.push(`${c} is longer than ${max} characters`);
    return cells[c];
  };
  const optional = (c: CsvColumn, max: number) => {
    if (cells[c].length > max) problems.push(`${c} is longer than ${max} characters`);
    return cells[c];
  };
  const sectionTitle = required('section_title', L.title);
  const sectionDescription = optional('section_description', L.description);
  const title = required('question_title', L.title);
  const text = required('question_text', L.questionText);
  const prompt = optional('prompt', L.questionPrompt);
  let position: number | undefined;
  if (cells.position) {
    position = /^\d{1,5}$/.test(cells.position) ? Number(cells.position) : NaN;
    if (!(position >= 1 && position <= L.position))
      problems.push(`position '${cells.position}' is not a whole number from 1 to ${L.position}`);
  }
  if (!problems.length) {
    // The import matches questions case-insensitively: a second row of the same question would overwrite the first.
    const key = [type, sectionTitle, title].map((v) => v.toLowerCase()).join('\u0001');
    const first = seen.get(key);
    if (first !== undefined) problems.push(`repeats the question '${title}' of row ${first}`);
    else seen.set(key, line);
  }
  if (problems.length) return { line, cells, problems };
  const question = { row: line, type: type as QuestionnaireType, sectionTitle, sectionDescription, title, text, prompt, position };
  return { line, cells, problems, question };
}
