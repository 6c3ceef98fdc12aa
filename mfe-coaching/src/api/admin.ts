import { api, ApiError, CSRF_HEADER_NAME, getCsrfToken } from '@cc/client';
import type { AdminSectionsAnswer, CsvImportAnswer, QuestionWriteAnswer, SectionWriteAnswer } from '@cc/contracts/coaching';
import type { QuestionnaireType } from '@cc/contracts/coaching-rules';

export interface SectionInput {
  title: string;
  description: string;
  position?: number;
  questionnaire_type: QuestionnaireType;
}

export interface QuestionInput {
  title: string;
  question_text: string;
  prompt: string;
  position?: number;
  onboarding_section_id: number;
  questionnaire_type: QuestionnaireType;
}

/** `GET /coaching/admin_sections?type=` (admin) */
export function fetchAdminSections(type: QuestionnaireType, signal?: AbortSignal): Promise<AdminSectionsAnswer> {
  return api.get<AdminSectionsAnswer>('/coaching/admin_sections', { query: { type }, signal });
}

export function createSection(section: SectionInput): Promise<SectionWriteAnswer> {
  return api.post<SectionWriteAnswer>('/coaching/sections', { section });
}

export function updateSection(id: number, section: SectionInput): Promise<SectionWriteAnswer> {
  return api.patch<SectionWriteAnswer>(`/coaching/sections/${id}`, { section });
}

export function deleteSection(id: number): Promise<unknown> {
  return api.delete(`/coaching/sections/${id}`);
}

export function createQuestion(question: QuestionInput): Promise<QuestionWriteAnswer> {
  return api.post<QuestionWriteAnswer>('/coaching/questions', { question });
}

export function updateQuestion(id: number, question: QuestionInput): Promise<QuestionWriteAnswer> {
  return api.patch<QuestionWriteAnswer>(`/coaching/questions/${id}`, { question });
}

export function deleteQuestion(id: number): Promise<unknown> {
  return api.delete(`/coaching/questions/${id}`);
}

/**
 * `POST /coaching/upload_questions_csv` (multipart: file, questionnaire_type). @cc/client sends
 * JSON only, so this one call builds its request, with the same credentials and CSRF header.
 * Resolves with the answer; a refusal throws an ApiError carrying the answer's `errors`.
 */
export async function uploadQuestionsCsv(file: File, type: QuestionnaireType): Promise<CsvImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  form.append('questionnaire_type', type);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getCsrfToken();
  if (token) headers[CSRF_HEADER_NAME] = token;
  const response = await fetch('/coaching/upload_questions_csv', { method: 'POST', body: form, headers, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as (CsvImportAnswer & { errors?: string[] }) | null;
  if (!response.ok || !body || body.success !== true) throw new ApiError(response.status, body?.errors ?? [], body);
  return body;
}
