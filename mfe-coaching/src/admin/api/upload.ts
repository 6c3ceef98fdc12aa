import { ApiError, CSRF_HEADER_NAME, getCsrfToken, routeUrl, type CallAnswer } from '@cc/client';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';

const UPLOAD = 'POST /coaching/upload_questions_csv';

/**
 * `POST /coaching/upload_questions_csv` (multipart: file, questionnaire_type). @cc/client sends
 * JSON only, so this one call builds its request, with the same credentials and CSRF header, at
 * the route table's path. Resolves with the answer; a refusal throws an ApiError carrying the
 * answer's `errors`.
 */
export async function uploadQuestionsCsv(file: File, type: QuestionnaireType): Promise<CallAnswer<typeof UPLOAD>> {
  const form = new FormData();
  form.append('file', file);
  form.append('questionnaire_type', type);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getCsrfToken();
  if (token) headers[CSRF_HEADER_NAME] = token;
  const response = await fetch(routeUrl(UPLOAD).path, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as (CallAnswer<typeof UPLOAD> & { errors?: string[] }) | null;
  if (!response.ok || !body || body.success !== true) throw new ApiError(response.status, body?.errors ?? [], body);
  return body;
}
