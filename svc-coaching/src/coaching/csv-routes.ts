import { COACHING_LIMITS, COACHING_MESSAGES as M, isQuestionnaireType } from '@cc/contracts';
import { invalid, type Db, type ServiceRouter } from '@cc/service-kit';
import { importQuestions } from './csv-import';
import { readQuestionsCsv } from './csv-rows';

/** `POST /coaching/upload_questions_csv` (admin): multipart `file` and `questionnaire_type`; all rows or none. */
export function csvRoutes(router: ServiceRouter, db: Db): void {
  router.post(
    '/coaching/upload_questions_csv',
    { admin: true, upload: { extensions: ['.csv'], maxBytes: COACHING_LIMITS.csvBytes } },
    async (ctx, { file }) => {
      // The form's other field arrives beside the file (koa-body puts multipart fields in the body).
      const raw = (ctx.request.body as Record<string, unknown> | undefined)?.questionnaire_type;
      const formType = typeof raw === 'string' ? raw.trim() : '';
      if (formType && !isQuestionnaireType(formType)) throw invalid(M.csvTypeInvalid);
      const reading = readQuestionsCsv(await file!.text(), isQuestionnaireType(formType) ? formType : undefined);
      // A refusal's first message is the status line (the route's `error`), then every bad row.
      if (!reading.ok) throw 'file' in reading ? invalid(reading.file) : invalid(M.csvRejected(reading.rows.length), ...reading.rows);
      const result = await importQuestions(db, reading.questions);
      return {
        success: true,
        message: M.csvImported({
          questions: reading.questions.length,
          sections: result.sections,
          types: result.types.length,
          created: result.created.questions,
          updated: result.updated.questions,
        }),
        types_processed: result.types,
        created: result.created,
        updated: result.updated,
      };
    },
  );
}
