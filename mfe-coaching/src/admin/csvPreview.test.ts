import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@cc/client';
import { parseCsv, previewCsv } from './csvPreview';
import { uploadStatus } from './CsvUpload';

const HEADER = 'questionnaire_type,section_title,section_description,question_title,question_text,prompt,position';

describe('CSV preview', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, numbering rows by their first line', () => {
    const text = `${HEADER}\r\nmonthly,Stakeholders,"Who, and how",Key,"Who said ""yes""?\nAnd why?",,\r\n\r\n,Growth,,Skill,What did you learn?,Ask,2\n`;
    expect(parseCsv(text).map((r) => [r.line, r.fields[3], r.fields[4]])).toEqual([
      [1, 'question_title', 'question_text'],
      [2, 'Key', 'Who said "yes"?\nAnd why?'],
      [5, 'Skill', 'What did you learn?'],
    ]);
  });

  it("fills an empty questionnaire_type with the tab's, and names each bad row's problems as the import will", () => {
    const text = `${HEADER}\n,Focus,,Top priority,What matters today?,,\nweekly,Focus,,,What else?,,x\n`;
    const preview = previewCsv(text, 'start_of_day');
    expect(preview).toEqual({
      ok: true,
      bad: 1,
      rows: [
        expect.objectContaining({ line: 2, problems: [], cells: expect.objectContaining({ questionnaire_type: 'start_of_day' }) }),
        expect.objectContaining({
          line: 3,
          problems: ["questionnaire_type 'weekly' is not a questionnaire", 'question_title is empty', 'position is not a whole number'],
        }),
      ],
    });
  });

  it('refuses a file without the required columns or without rows', () => {
    expect(previewCsv('section_title,question_title\nA,B\n', 'monthly')).toEqual({
      ok: false,
      error: 'The CSV header is missing: section_description, question_text, prompt.',
    });
    expect(previewCsv(`${HEADER}\n`, 'monthly')).toEqual({ ok: false, error: 'The CSV has a header row but no questions.' });
  });
});

describe('CSV upload status', () => {
  it("is the server's message on success, its error on a refusal, and the failure line otherwise", () => {
    expect(uploadStatus({ message: 'Imported 2 questions' })).toBe('✓ Imported 2 questions');
    const refused = new ApiError(422, ['1 row has errors; nothing was imported.'], {
      success: false,
      error: '1 row has errors; nothing was imported.',
      errors: [],
    });
    expect(uploadStatus({ error: refused })).toBe('✗ Error: 1 row has errors; nothing was imported.');
    expect(uploadStatus({ error: new ApiError(0, ['Could not reach the server.']) })).toBe('✗ Upload failed. Please try again.');
    expect(uploadStatus({ error: new ApiError(500, ['Internal error']) })).toBe('✗ Upload failed. Please try again.');
  });
});
