import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@cc/client';
import { COACHING_MESSAGES as M, QUESTIONNAIRE_TYPES } from '@cc/contracts/coaching-rules';
import { checkQuestionsCsv } from '@cc/contracts/questions-csv';
import { parse as parseOnServer } from 'csv-parse/sync';
import { previewCsv } from './csvPreview';
import { uploadStatus } from './CsvUpload';

const HEADER = 'questionnaire_type,section_title,section_description,question_title,question_text,prompt,position';

describe('CSV preview', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, numbering rows by their first line', async () => {
    const text = `${HEADER}\r\nmonthly,Stakeholders,"Who, and how",Key,"Who said ""yes""?\r\nAnd why?",,\r\n\r\n,Growth,,Skill,What did you learn?,Ask,2\n`;
    const preview = await previewCsv(text, 'semester');
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.rows.map((r) => [r.line, r.cells.section_description, r.cells.question_text, r.cells.position])).toEqual([
      [2, 'Who, and how', 'Who said "yes"?\nAnd why?', ''],
      [5, '', 'What did you learn?', '2'],
    ]);
    expect(preview.bad).toBe(0);
  });

  it("fills an empty questionnaire_type with the tab's, and names each bad row's problems as the import will", async () => {
    const text = `${HEADER}\n,Focus,,Top priority,What matters today?,,\nweekly,Focus,,,What else?,,x\n,focus,,TOP priority,Again?,,\n`;
    const preview = await previewCsv(text, 'start_of_day');
    expect(preview).toEqual({
      ok: true,
      bad: 2,
      rows: [
        expect.objectContaining({ line: 2, problems: [], cells: expect.objectContaining({ questionnaire_type: 'start_of_day' }) }),
        expect.objectContaining({
          line: 3,
          problems: [
            `questionnaire_type 'weekly' is not one of: ${QUESTIONNAIRE_TYPES.join(', ')}`,
            'question_title is empty',
            "position 'x' is not a whole number from 1 to 10000",
          ],
        }),
        expect.objectContaining({ line: 4, problems: ["repeats the question 'TOP priority' of row 2"] }),
      ],
    });
  });

  it('refuses a file without the required columns, without rows, or that is not CSV, as the import does', async () => {
    expect(await previewCsv('section_title,question_title\nA,B\n', 'monthly')).toEqual({
      ok: false,
      error: M.csvMissingColumns(['section_description', 'question_text', 'prompt']),
    });
    expect(await previewCsv(`${HEADER}\n`, 'monthly')).toEqual({ ok: false, error: M.csvNoRows });
    expect(await previewCsv(`${HEADER}\n"unclosed,quote`, 'monthly')).toEqual({
      ok: false,
      error: expect.stringMatching(/^The CSV could not be read: /),
    });
  });

  it("agrees with the server's parser (csv-parse's Node build) on every file", async () => {
    const files = [
      `${HEADER}\r\nmonthly,S,"a\r\nb",Q,"x, ""y""",,\r\n`,
      `\uFEFF${HEADER}\nmonthly,S,,Q,Text,,3\r\n,S,,R,More,,\n\n\n`,
      `${HEADER}\nmonthly,S,,Q,Text`,
      `  Section_Title , section_description,question_title,question_text,prompt\n  S ,,Q,"  spaced  ",\n`,
      `${HEADER}\nmonthly,S,,Q,"open`,
      `${HEADER}\nmonthly,S,,Q,Text,,1,extra,cells\n`,
    ];
    for (const text of files) {
      expect(await previewCsv(text, 'monthly')).toEqual(checkQuestionsCsv(text, 'monthly', parseOnServer));
    }
  });
});

describe('CSV upload status', () => {
  it("is the server's message on success, its error on a refusal, and the failure line otherwise", () => {
    expect(uploadStatus({ message: 'Imported 2 questions' })).toBe('✓ Imported 2 questions');
    const refused = new ApiError(422, ['1 row has errors; nothing was imported.'], {
      success: false,
      error: '1 row has errors; nothing was imported.',
      errors: ['1 row has errors; nothing was imported.', 'Row 2: question_text is empty'],
    });
    expect(uploadStatus({ error: refused })).toBe('✗ Error: 1 row has errors; nothing was imported.');
    expect(uploadStatus({ error: new ApiError(0, ['Could not reach the server.']) })).toBe('✗ Upload failed. Please try again.');
    expect(uploadStatus({ error: new ApiError(500, ['Internal error']) })).toBe('✗ Upload failed. Please try again.');
  });
});
