import type { ChatPassage } from '@cc/ai';
import { fileAddress, journalAddress } from '@cc/contracts/addresses';
import { isIsoDate, type ChatReference, type SearchResult } from '@cc/contracts';
import { PASSAGE_LIMIT, retrievePassages, type DomainSearches } from '@cc/service-kit';
import type { ConversationKey } from './keys';
import { meetingIdOf } from './pages/meeting';

/**
 * Answers that cite the user's notes (docs/search.md#answers-that-cite-your-notes): before a
 * reply, up to five passages of the user's other notes about the message, the open object left
 * out; after it, the references of the passages its text cites as [n], and no [n] without one.
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

/** `[1]`, `[2][3]`, `[1, 2]`: a citation, not a link's text (`[1](…)`) nor a footnote's definition (`[1]:`). */
const MARKER = /\s?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:])/g;

/**
 * The reply as the user keeps it and the references it cites: each `[n]` with a passage stays
 * (`[1, 2]` written `[1][2]`), any other is removed; the references are the passages cited, by
 * number. A passage the text does not cite is not sent.
 */
export function citedReferences(text: string, passages: readonly ChatPassage[] | undefined): { text: string; references: ChatReference[] } {
  const byNumber = new Map((passages ?? []).map((p) => [p.n, p]));
  const cited = new Set<number>();
  const cleaned = text
    .replace(MARKER, (whole, list: string) => {
      const kept = list
        .split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => byNumber.has(n));
      kept.forEach((n) => cited.add(n));
      // A removed marker takes the space before it along: "done [7]." reads "done.".
      const space = /^\s/.test(whole) ? whole[0] : '';
      return kept.length ? `${space}${[...new Set(kept)].map((n) => `[${n}]`).join('')}` : '';
    })
    .trim();
  const references = [...cited]
    .sort((a, b) => a - b)
    .map((n) => byNumber.get(n)!)
    .map(({ n, kind, id, title, url, snippet }): ChatReference => ({ n, kind, id, title, url, snippet }));
  return { text: cleaned, references };
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

/** The one line said the first time passages of the user's notes went to a configured model. */
export function notesNotice(passages: number, model: string): string {
  const count = `${COUNT_WORDS[passages] ?? passages} passage${passages === 1 ? '' : 's'}`;
  return `To answer, I read ${count} of your notes and sent ${passages === 1 ? 'it' : 'them'} to ${model}; you can turn this off with “Let the coach use my other notes”.`;
}
