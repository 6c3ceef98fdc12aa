import { api } from '@cc/client';
import type { PersonSearchAnswer, SavedResearchAnswer } from '@cc/contracts/people';

export type { PersonSearchAnswer };
export type { Citation } from '@cc/contracts/people';

/**
 * `POST /people/{id}/perplexity_search`: the documented call sends an empty body (the saved result comes
 * back with from_cache); `refresh` asks again.
 */
export function searchPerson(id: number, refresh = false): Promise<PersonSearchAnswer> {
  return api.post<PersonSearchAnswer>(`/people/${id}/perplexity_search`, refresh ? { refresh: true } : {});
}

/** `GET /people/{id}/research`: the saved research if it still fits the person; never searches. */
export async function savedPersonResearch(id: number, signal?: AbortSignal): Promise<SavedResearchAnswer['research']> {
  return (await api.get<SavedResearchAnswer>(`/people/${id}/research`, { signal })).research;
}
