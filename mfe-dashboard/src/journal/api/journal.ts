import { api } from '@cc/client';
import { guardFields, type SaveGuard } from '../../shared/saveGuard';

export interface JournalListAnswer {
  success: true;
  /** Dates that have an entry, for the calendar (docs/journal.md#calendar). */
  entries: { date: string }[];
}

export interface JournalEntryAnswer {
  success: true;
  /** `revision` goes up with every change of the text; 0 while the date has no entry. */
  entry: { date: string; content: string; revision?: number };
}

const entryPath = (date: string) => `/journal/${encodeURIComponent(date)}`;

/** `GET /journal` (svc-files): the dates that have an entry. */
export function fetchJournalDates(signal?: AbortSignal): Promise<JournalListAnswer> {
  return api.get<JournalListAnswer>('/journal', { signal });
}

/** `GET /journal/{date}` → `{success, entry{date, content, revision}}` ('' and 0 when there is none). */
export function fetchJournalEntry(date: string, signal?: AbortSignal): Promise<JournalEntryAnswer> {
  return api.get<JournalEntryAnswer>(entryPath(date), { signal });
}

/**
 * `POST /journal/{date}/save {content, revision?, save_id?}` → `{success, entry}`. With a
 * revision, a stale save is refused with 409 `current{content, revision, save_id?}` (see `staleText`).
 */
export function saveJournalEntry(
  date: string,
  content: string,
  guard?: SaveGuard,
  options?: { keepalive?: boolean },
): Promise<JournalEntryAnswer> {
  return api.post<JournalEntryAnswer>(`${entryPath(date)}/save`, { content, ...guardFields(guard) }, { keepalive: options?.keepalive });
}
