import { describe, expect, test } from '@jest/globals';
import { COACHING_MESSAGES as M, QUESTIONNAIRE_TYPES, REQUEST_MESSAGES } from '@cc/contracts';
import { startedForTests } from '@cc/service-kit/testing';
import { startCoaching } from '../test-support';
import { adminClient, uploadCsv } from './test-clients';

const h = startedForTests(startCoaching);

const HEADER = 'questionnaire_type,section_title,section_description,question_title,question_text,prompt,position';
const GOOD = [
  HEADER,
  'monthly,Stakeholders,Who you work with,Key stakeholder,"Who was your most important stakeholder this month, and why?",Ask for one concrete interaction.,',
  'monthly,Stakeholders,,Difficult conversation,Which conversation did you avoid?,"Explore what made it hard; ask what they would say now.",',
  'semester,Career capital,What you are building,Reputation,What are you known for today?,Ask for evidence from feedback.,1',
].join('\n');

const sectionsOf = async (type: string) =>
  (await adminClient(h).get(`/coaching/admin_sections?type=${type}`)).body.sections as {
    title: string;
    description: string;
    questions: { title: string; text: string; prompt: string; position: number }[];
  }[];

describe('CSV import', () => {
  test('a good file is imported: sections and questions created, the message and the types processed', async () => {
    const res = await uploadCsv(adminClient(h), GOOD);
    expect([res.status, res.body]).toEqual([
      200,
      {
        success: true,
        message: 'Imported 3 questions in 2 sections of 2 questionnaires: 3 new, 0 updated, 0 unchanged.',
        types_processed: ['monthly', 'semester'],
        created: { sections: 2, questions: 3 },
        updated: { sections: 0, questions: 0 },
      },
    ]);
    const monthly = await sectionsOf('monthly');
    const stakeholders = monthly.find((s) => s.title === 'Stakeholders')!;
    expect(stakeholders).toMatchObject({ description: 'Who you work with' });
    expect(stakeholders.questions).toEqual([
      expect.objectContaining({
        title: 'Key stakeholder',
        text: 'Who was your most important stakeholder this month, and why?',
        prompt: 'Ask for one concrete interaction.',
        position: 1,
      }),
      expect.objectContaining({
        title: 'Difficult conversation',
        prompt: 'Explore what made it hard; ask what they would say now.',
        position: 2,
      }),
    ]);
    // A user sees it in the check-in at once.
    const seen = (await h.user().get('/coaching/questionnaire_sections?type=semester&period_key=2026-H2')).body.sections;
    expect(seen.find((s: { title: string }) => s.title === 'Career capital').questions[0].title).toBe('Reputation');
  });

  test('importing the same file again creates no duplicates; a changed text updates the question', async () => {
    const admin = adminClient(h);
    const file = GOOD.replace(/Stakeholders/g, 'Stakeholders again');
    await uploadCsv(admin, file);
    const again = await uploadCsv(admin, file);
    expect(again.body).toMatchObject({ created: { sections: 0, questions: 0 }, updated: { sections: 0, questions: 0 } });
    expect(again.body.message).toBe('Imported 3 questions in 2 sections of 2 questionnaires: 0 new, 0 updated, 3 unchanged.');
    const changed = await uploadCsv(admin, file.replace('Which conversation did you avoid?', 'Which conversation did you put off?'));
    expect(changed.body).toMatchObject({ created: { sections: 0, questions: 0 }, updated: { sections: 0, questions: 1 } });
    const section = (await sectionsOf('monthly')).filter((s) => s.title === 'Stakeholders again');
    expect(section).toHaveLength(1);
    expect(section[0]!.questions.map((q) => q.text)).toEqual([
      'Who was your most important stakeholder this month, and why?',
      'Which conversation did you put off?',
    ]);
  });

  test("an empty or missing questionnaire_type takes the form's; without position the column is optional", async () => {
    const csv = [
      'section_title,section_description,question_title,question_text,prompt',
      'Form section,From the form,Form question,Does it work?,Ask.',
    ].join('\r\n');
    const res = await uploadCsv(adminClient(h), csv, 'quarterly');
    expect(res.body).toMatchObject({ success: true, types_processed: ['quarterly'] });
    expect((await sectionsOf('quarterly')).find((s) => s.title === 'Form section')!.questions[0]!.title).toBe('Form question');
    const blankType = await uploadCsv(adminClient(h), `${HEADER}\n,Blank type,,Q,Question?,,`, 'end_of_day');
    expect(blankType.body.types_processed).toEqual(['end_of_day']);
  });

  test('every bad row is named with its number and reason, and nothing is imported', async () => {
    const csv = [
      HEADER,
      'monthly,Fine section,,Fine question,Fine?,,',
      'yearly,S,,Q,Question?,,',
      ',S,,Q,Question?,,',
      'monthly,,,Q,,,0',
      'monthly,Fine section,,fine QUESTION,Again?,,',
      `monthly,S,,${'x'.repeat(201)},Question?,,`,
    ].join('\n');
    const res = await uploadCsv(adminClient(h), csv);
    expect([res.status, res.body]).toEqual([
      422,
      {
        success: false,
        error: M.csvRejected(5),
        errors: [
          M.csvRejected(5),
          `Row 3: questionnaire_type 'yearly' is not one of: ${QUESTIONNAIRE_TYPES.join(', ')}`,
          'Row 4: questionnaire_type is empty and the form names no questionnaire',
          "Row 5: section_title is empty; question_text is empty; position '0' is not a whole number from 1 to 10000",
          "Row 6: repeats the question 'fine QUESTION' of row 2",
          'Row 7: question_title is longer than 200 characters',
        ],
      },
    ]);
    expect((await sectionsOf('monthly')).map((s) => s.title)).not.toContain('Fine section');
  });

  test('whole-file problems: missing columns, no rows, an unknown form type, a file that is not a CSV', async () => {
    const admin = adminClient(h);
    const missing = await uploadCsv(admin, 'section_title,question_title\nA,B');
    expect([missing.status, missing.body]).toEqual([
      422,
      {
        success: false,
        error: M.csvMissingColumns(['section_description', 'question_text', 'prompt']),
        errors: [M.csvMissingColumns(['section_description', 'question_text', 'prompt'])],
      },
    ]);
    expect((await uploadCsv(admin, `${HEADER}\n`)).body.error).toBe(M.csvNoRows);
    expect((await uploadCsv(admin, GOOD, 'yearly')).body.error).toBe(M.csvTypeInvalid);
    expect((await uploadCsv(admin, `${HEADER}\n"unclosed,quote`)).body.error).toMatch(/^The CSV could not be read: /);
    // The route documents `error`: every refusal carries it, the kit's upload checks too.
    const png = await uploadCsv(admin, 'x', '', 'photo.png');
    const pngError = REQUEST_MESSAGES.uploadType('.csv');
    expect([png.status, png.body]).toEqual([422, { success: false, error: pngError, errors: [pngError] }]);
    const empty = await uploadCsv(admin, '');
    expect([empty.status, empty.body]).toEqual([
      422,
      { success: false, error: REQUEST_MESSAGES.uploadEmpty, errors: [REQUEST_MESSAGES.uploadEmpty] },
    ]);
  });
});
