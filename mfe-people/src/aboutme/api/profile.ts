import type { QueryClient } from '@tanstack/react-query';
import { api, type CallInput } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import type { StatementStatus } from '@cc/contracts/profile-rules';
import type { CompanyStatements, Generation, Profile, ProfileAnswer, ProfileDetails, ProfileStatement } from '@cc/contracts/profile';

// Types only from the zod contract (`import type`): the panel loads on every first /dashboard
// visit, so zod must not come with it.
export type { CompanyStatements, Generation, Profile, ProfileAnswer, ProfileDetails, ProfileStatement };

/** `GET /profile`: details, narrative, markdown, statements, company statements. */
export const profileQuery = () => routeQuery('GET /profile');

/**
 * `GET /profile/generation_status`: the user's latest deep research (null when none). Asked
 * afresh each time (it is a job's progress), and not retried: the next poll asks again.
 */
export const generationStatusQuery = () => ({ ...routeQuery('GET /profile/generation_status'), staleTime: 0, retry: false });

/** `GET /profile/generation_prompt`: the prompts the Generate modal shows. */
export const generationPromptQuery = () => routeQuery('GET /profile/generation_prompt');

/**
 * Every profile write answers what it changed: the cached profile takes it, so the panel opened
 * again (and the brag document) shows what is stored without asking. The panel itself keeps
 * what it shows in its own state (a run in progress is not the stored profile).
 */
function stored(queryClient: QueryClient, change: Partial<Profile>): void {
  queryClient.setQueryData(profileQuery().queryKey, (profile) => profile && { ...profile, ...change });
}

/** `GET /profile` asked again now (the narrative's poll), not retried: the poll's next turn is the retry. */
export function readProfileNow(queryClient: QueryClient): Promise<ProfileAnswer> {
  return queryClient.fetchQuery({ ...profileQuery(), staleTime: 0, retry: false });
}

/** `PATCH /profile`: only the fields sent are written (one autosaved field at a time). */
export async function saveDetails(queryClient: QueryClient, details: Partial<ProfileDetails>, keepalive = false): Promise<void> {
  const answer = await api.call('PATCH /profile', { body: { details } }, { keepalive });
  stored(queryClient, { details: answer.details });
}

export type GenerateRequest = CallInput<'POST /profile/generate'>['body'];

/** `POST /profile/generate`: quick answers at once; deep waits for its job (up to 20 minutes). */
export async function generateProfile(queryClient: QueryClient, body: GenerateRequest): Promise<ProfileStatement[]> {
  const answer = await api.call('POST /profile/generate', { body });
  stored(queryClient, { statements: answer.statements, ai_profile_markdown: answer.markdown });
  return answer.statements;
}

/** `POST /profile/cancel_generation`: the running deep research stops. */
export async function cancelGeneration(): Promise<void> {
  await api.call('POST /profile/cancel_generation');
}

export async function generateCompanyStatements(queryClient: QueryClient): Promise<CompanyStatements> {
  const answer = await api.call('POST /profile/generate_company_statements');
  stored(queryClient, { company_statements: answer.company_statements });
  return answer.company_statements;
}

export async function generateNarrative(queryClient: QueryClient): Promise<string> {
  const answer = await api.call('POST /profile/generate_narrative');
  stored(queryClient, { ai_profile_narrative: answer.narrative });
  return answer.narrative;
}

export async function deleteStatement(queryClient: QueryClient, index: number): Promise<ProfileStatement[]> {
  const answer = await api.call('POST /profile/delete_statement', { body: { index } });
  stored(queryClient, { statements: answer.statements });
  return answer.statements;
}

export async function deleteCompanyStatement(queryClient: QueryClient, company: string, index: number): Promise<CompanyStatements> {
  const answer = await api.call('POST /profile/delete_company_statement', { body: { company, index } });
  stored(queryClient, { company_statements: answer.company_statements });
  return answer.company_statements;
}

/** The status goes as a string (docs/about-me.md#statements). */
export async function verifyStatement(queryClient: QueryClient, index: number, status: StatementStatus): Promise<ProfileStatement[]> {
  const answer = await api.call('POST /profile/verify_statement', { body: { index, status } });
  stored(queryClient, { statements: answer.statements });
  return answer.statements;
}
