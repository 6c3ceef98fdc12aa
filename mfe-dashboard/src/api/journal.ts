import { api } from '@cc/client';

export interface JournalListAnswer {
  success: true;
  /** Dates that have an entry, for the calendar (DESIGN.md §2). */
  entries: { date: string }[];
}

export interface JournalEntryAnswer {
  success: true;
  entry: { date: string; content: string };
}

const entryPath = (date: string) => `/journal/${encodeURIComponent(date)}`;

/** `GET /journal` (svc-files): the dates that have an entry. */
export function fetchJournalDates(signal?: AbortSignal): Promise<JournalListAnswer> {
  return api.get<JournalListAnswer>('/journal', { signal });
}

/** `GET /journal/{date}` → `{success, entry{date, content}}` ('' when there is none). */
export function fetchJournalEntry(date: string, signal?: AbortSignal): Promise<JournalEntryAnswer> {
  return api.get<JournalEntryAnswer>(entryPath(date), { signal });
}

/** `POST /journal/{date}/save {content}` */
export function saveJournalEntry(date: string, content: string): Promise<JournalEntryAnswer> {
  return api.post<JournalEntryAnswer>(`${entryPath(date)}/save`, { content });
}

export const journalSavePath = (date: string) => `${entryPath(date)}/save`;
