import type { QueryClient } from '@tanstack/react-query';
import { api, type CallAnswer } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { guardFields, type SaveGuard } from '../../shared/saveGuard';

/** `GET /journal`: the dates that have an entry, for the calendar (docs/journal.md#calendar). */
export type JournalDates = CallAnswer<'GET /journal'>;
export type JournalEntryAnswer = CallAnswer<'GET /journal/{date}'>;

/** `GET /journal` (svc-files): the dates that have an entry. */
export const journalDatesQuery = () => routeQuery('GET /journal');

/** `GET /journal/{date}` → `{success, entry{date, content, revision}}` ('' and 0 when there is none). */
export const journalEntryQuery = (date: string) => routeQuery('GET /journal/{date}', { params: { date } });

/** `GET /journal/{date}/look_back`: the entries of a month, three months and a year before (docs/journal.md#on-this-day). */
export type LookBack = CallAnswer<'GET /journal/{date}/look_back'>;
export const LOOK_BACK = 'GET /journal/{date}/look_back';
export const lookBackQuery = (date: string) => routeQuery(LOOK_BACK, { params: { date } });

/**
 * The entry as the server has it now (an editor starts from it: never from a cached copy);
 * aborting `signal` cancels the read.
 */
export async function readJournalEntry(client: QueryClient, date: string, signal: AbortSignal): Promise<JournalEntryAnswer> {
  const query = journalEntryQuery(date);
  const cancel = () => void client.cancelQueries({ queryKey: query.queryKey, exact: true });
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await client.fetchQuery({ ...query, staleTime: 0 });
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * `POST /journal/{date}/save {content, revision?, save_id?}` → `{success, entry}`. With a
 * revision, a stale save is refused with 409 `current{content, revision, save_id?}` (see `staleText`).
 */
export function saveJournalEntry(date: string, content: string, guard?: SaveGuard, options?: { keepalive?: boolean }) {
  return api.call(
    'POST /journal/{date}/save',
    { params: { date }, body: { content, ...guardFields(guard) } },
    { keepalive: options?.keepalive },
  );
}
