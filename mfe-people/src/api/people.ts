import { api } from '@cc/client';

export interface PersonSummary {
  id: number;
  full_name: string;
}

export interface PeopleAnswer {
  success: true;
  people: PersonSummary[];
}

/** `GET /people` (svc-people). */
export function fetchPeople(signal?: AbortSignal): Promise<PeopleAnswer> {
  return api.get<PeopleAnswer>('/people', { signal });
}
