import { isQuestionnaireType, type QuestionnaireType } from '@cc/contracts/coaching-rules';

/**
 * A preview of a questions CSV before it is sent: the rows as the import will read them and
 * what is wrong with each. The server checks everything again (limits, duplicates) and imports
 * all or nothing; this only lets the admin see a file's problems first without a 25 KB parser.
 */

export const PREVIEW_COLUMNS = ['questionnaire_type', 'section_title', 'question_title', 'question_text'] as const;
const REQUIRED = ['section_title', 'section_description', 'question_title', 'question_text', 'prompt'] as const;

export interface PreviewRow {
  /** The row's line in the file (the header is line 1), as the server names it. */
  line: number;
  cells: Record<string, string>;
  problems: string[];
}

export type CsvPreview = { ok: true; rows: PreviewRow[]; bad: number } | { ok: false; error: string };

/** RFC 4180 records (quoted fields may hold commas, quotes as "" and line breaks), each with its first line. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

export function previewCsv(text: string, formType: QuestionnaireType): CsvPreview {
  const [header, ...records] = parseCsv(text);
  if (!header) return { ok: false, error: 'The file is empty.' };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length) return { ok: false, error: `The CSV header is missing: ${missing.join(', ')}.` };
  if (records.length === 0) return { ok: false, error: 'The CSV has a header row but no questions.' };
  const rows = records.map(({ line, fields }) => {
    const cells: Record<string, string> = {};
    names.forEach((name, i) => (cells[name] = (fields[i] ?? '').trim()));
    const problems: string[] = [];
    const type = cells.questionnaire_type || formType;
    if (!isQuestionnaireType(type)) problems.push(`questionnaire_type '${type}' is not a questionnaire`);
    cells.questionnaire_type = type;
    for (const c of ['section_title', 'question_title', 'question_text'] as const) if (!cells[c]) problems.push(`${c} is empty`);
    if (cells.position && !/^\d{1,5}$/.test(cells.position)) problems.push('position is not a whole number');
    return { line, cells, problems };
  });
  return { ok: true, rows, bad: rows.filter((r) => r.problems.length > 0).length };
}
