import { api } from '@cc/client';
import type { ResearchMode, StatementStatus } from '@cc/contracts/profile-rules';
import type { CompanyStatements, Generation, Profile, ProfileDetails, ProfileStatement } from '@cc/contracts/profile';

// Types only from the zod contract (`import type`): the panel loads on every first /dashboard
// visit, so zod must not come with it.
export type { CompanyStatements, Generation, Profile, ProfileDetails, ProfileStatement };
export type ProfileAnswer = { success: true } & Profile;

/** `GET /profile`: details, narrative, markdown, statements, company statements. */
export function fetchProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return api.get<ProfileAnswer>('/profile', { signal });
}

/** `PATCH /profile`: only the fields sent are written (one autosaved field at a time). */
export function saveDetails(details: Partial<ProfileDetails>, keepalive = false): Promise<unknown> {
  return api.patch('/profile', { details }, { keepalive });
}

export function fetchGenerationPrompt(signal?: AbortSignal): Promise<{ success: true; system: string; user: string }> {
  return api.get('/profile/generation_prompt', { signal });
}

export interface GenerateRequest {
  details: ProfileDetails;
  system?: string;
  user?: string;
  research_mode: ResearchMode;
}

/** `POST /profile/generate`: quick answers at once; deep waits for its job (up to 20 minutes). */
export function generateProfile(body: GenerateRequest): Promise<{ success: true; markdown: string; statements: ProfileStatement[] }> {
  return api.post('/profile/generate', body);
}

export function fetchGenerationStatus(signal?: AbortSignal): Promise<{ success: true; generation: Generation | null }> {
  return api.get('/profile/generation_status', { signal });
}

export function cancelGeneration(): Promise<{ success: true; cancelled: boolean }> {
  return api.post('/profile/cancel_generation', {});
}

export function generateCompanyStatements(): Promise<{ success: true; company_statements: CompanyStatements }> {
  return api.post('/profile/generate_company_statements', {});
}

export function generateNarrative(): Promise<{ success: true; narrative: string }> {
  return api.post('/profile/generate_narrative', {});
}

export function deleteStatement(index: number): Promise<{ success: true; statements: ProfileStatement[] }> {
  return api.post('/profile/delete_statement', { index });
}

export function deleteCompanyStatement(company: string, index: number): Promise<{ success: true; company_statements: CompanyStatements }> {
  return api.post('/profile/delete_company_statement', { company, index });
}

/** The status goes as a string (docs/about-me.md#statements). */
export function verifyStatement(index: number, status: StatementStatus): Promise<{ success: true; statements: ProfileStatement[] }> {
  return api.post('/profile/verify_statement', { index, status });
}
