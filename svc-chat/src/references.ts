import type { ChatPassage } from '@cc/ai';
import { fileAddress, journalAddress } from '@cc/contracts/addresses';
import { isIsoDate, type SearchResult } from '@cc/contracts';
import { PASSAGE_LIMIT, retrievePassages, type DomainSearches } from '@cc/service-kit';
import type { ConversationKey } from './keys';
import { meetingIdOf } from './pages/meeting';

/**
 * Answers that cite the user's notes (docs/search.md#answers-that-cite-your-notes): before a
 * reply, up to five passages of the user's other notes about the message, the open object left
 * out. After it, the references of the passages its text cites as [n], and no [n] without one,
 * are @cc/ai's `citedReferences` (svc-coaching's question chat keeps its replies the same way).
 */

/** The whole retrieval, the page's subject included, fits in this: it runs beside the page's facts and never fails a chat. */
export const RETRIEVAL_BUDGET_MS = 800;
/** At most this long is waited for the page's subject (a person's name, a meeting's title); past it the message alone is asked. */
export const SUBJECT_WAIT_MS = 300;

/** What a chat is open on: never cited to itself. */
export interface OpenObject {
  folder: string;
  fileName: string;
  fileId?: number;
}

/** Whether a search result is the object the chat is open on (the file, the journal day, the person, the meeting). */
export function isOpenObject(key: ConversationKey, open: OpenObject): (result: SearchResult) => boolean {
  const fileUrl = open.folder && open.fileName ? fileAddress(open.folder, open.fileName) : undefined;
  const day = open.folder === 'journal' ? open.fileName.replace(/\.md$/, '') : undefined;
  const journalDay = day && isIsoDate(day) ? day : undefined;
  const meetingId = meetingIdOf(open.folder, open.fileName);
  return (r) =>
    (fileUrl !== undefined && r.url === fileUrl) ||
    (r.kind === 'file' && open.fileId !== undefined && r.id === String(open.fileId)) ||
    (journalDay !== undefined && r.kind === 'journal' && (r.id === journalDay || r.url === journalAddress(journalDay))) ||
    (r.kind === 'person' && key.personId !== undefined && r.id === String(key.personId)) ||
    (r.kind === 'meeting' && meetingId !== undefined && r.id === String(meetingId));
}

/** `promise`'s value, or undefined once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The passages for a reply: the message's words, with the page's subject when it arrives soon
 * enough (it is read for the page anyway), searched within what is left of RETRIEVAL_BUDGET_MS.
 * A slow or failed search gives none.
 */
export async function passagesFor(
  searches: DomainSearches,
  message: string,
  subject: Promise<string | undefined> | undefined,
  exclude: (result: SearchResult) => boolean,
): Promise<ChatPassage[]> {
  const started = Date.now();
  const named = subject ? await within(subject, SUBJECT_WAIT_MS) : undefined;
  const text = named?.trim() ? `${message}\n${named}` : message;
  const deadlineMs = Math.max(100, RETRIEVAL_BUDGET_MS - (Date.now() - started));
  try {
    return await retrievePassages(searches, { text, exclude, limit: PASSAGE_LIMIT, deadlineMs });
  } catch {
    return [];
  }
}
