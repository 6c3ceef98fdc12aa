import { api, type CallAnswer } from '@cc/client';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';

/** `POST /coaching/upload_questions_csv`: the file and its questionnaire type, as a multipart form. */
export function uploadQuestionsCsv(file: File, type: QuestionnaireType): Promise<CallAnswer<'POST /coaching/upload_questions_csv'>> {
  const form = new FormData();
  form.append('file', file);
  form.append('questionnaire_type', type);
  return api.call('POST /coaching/upload_questions_csv', { body: form });
}
