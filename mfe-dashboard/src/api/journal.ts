import { api } from '@cc/client';

export interface JournalListAnswer {
  success: true;
  /** Dates that have an entry, for the calendar (DESIGN.md §2). */
  entries: { date: string }[];
}

/** `GET /journal` (svc-files). */
export function fetchJournalDates(signal?: AbortSignal): Promise<JournalListAnswer> {
  return api.get<JournalListAnswer>('/journal', { signal });
}
