import type { QueryClient } from '@tanstack/react-query';
import { api, type CallAnswer } from '@cc/client';
import { routeQuery } from '@cc/client/query';

export type PersonSearchAnswer = CallAnswer<'POST /people/{id}/perplexity_search'>;
/** The research saved for a person (null when none still fits them). */
export type SavedResearch = CallAnswer<'GET /people/{id}/research'>['research'];
export type { Citation } from '@cc/contracts/people';

/** `GET /people/{id}/research`: the saved research if it still fits the person; never searches. */
export const savedResearchQuery = (id: number) => routeQuery('GET /people/{id}/research', { params: { id } });

/**
 * `POST /people/{id}/perplexity_search`: the documented call sends an empty body (the saved
 * result comes back with from_cache); `refresh` asks again. What it found is the saved research
 * from then on (a failed search saves nothing).
 */
export async function searchPerson(queryClient: QueryClient, id: number, refresh = false): Promise<PersonSearchAnswer> {
  // Without refresh the body is `{}` (JSON leaves an undefined value out), as the documented call sends it.
  const answer = await api.call('POST /people/{id}/perplexity_search', { params: { id }, body: { refresh: refresh || undefined } });
  const research = { answer: answer.answer, citations: answer.citations, source: answer.source, searched_at: answer.searched_at };
  queryClient.setQueryData(savedResearchQuery(id).queryKey, { success: true, research });
  return answer;
}
