import type { QuestionnaireType } from '@cc/contracts/coaching-rules';
import { checkQuestionsCsv, type QuestionsCsvCheck } from '@cc/contracts/questions-csv';

/**
 * A preview of a questions CSV before it is sent: the rows as the import will read them and
 * what is wrong with each, by the import's own rules and csv-parse (its browser build). The
 * server checks everything again and imports all or nothing; this lets the admin see a file's
 * problems first.
 */

export const PREVIEW_COLUMNS = ['questionnaire_type', 'section_title', 'question_title', 'question_text'] as const;

export type CsvPreview = QuestionsCsvCheck;

/** The parser (≈25 KB gzipped, with its Buffer shim) loads when a file is chosen, not with the page. */
export async function previewCsv(text: string, formType: QuestionnaireType): Promise<CsvPreview> {
  const { parse } = await import(/* webpackChunkName: "csv-parse" */ 'csv-parse/browser/esm/sync');
  return checkQuestionsCsv(text, formType, parse);
}
