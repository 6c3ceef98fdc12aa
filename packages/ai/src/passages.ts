/**
 * Passages of the user's other notes a chat reply may cite (docs/search.md#answers-that-cite-your-notes):
 * how a reply names where one is from, in the product's words ("your journal on 3 November",
 * "your notes in “Billing migration”"), for the model's prompt and the offline coach alike.
 * A passage's address is for the links under the answer, never for its words.
 */
import { isIsoDate } from '@cc/contracts/periods';
import { titleFrom } from './text';
import type { ChatPassage } from './types';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "3 November", with the year when it is not today's year ("3 November 2025"). */
export function dayInWords(iso: string, today: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  const words = `${day} ${MONTHS[month! - 1]}`;
  return iso.slice(0, 4) === today.slice(0, 4) ? words : `${words} ${year}`;
}

/** The day a journal passage is about: its id (the journal's day), else the day it was written. */
function journalDay(p: ChatPassage): string | undefined {
  if (isIsoDate(p.id)) return p.id;
  const day = p.updated_at.slice(0, 10);
  return isIsoDate(day) ? day : undefined;
}

/**
 * A passage's title as a reader says it: a file's name without `.md` ("billing-migration.md" →
 * "Billing Migration"), a meeting's title without the day the search adds ("Budget review · 3 Nov"),
 * no double quotes of its own (it is put inside “…”).
 */
export function passageTitle(p: ChatPassage): string {
  let title = p.title.trim();
  if (p.kind === 'meeting') title = title.split(' · ')[0]!.trim();
  if (/\.md$/i.test(title)) title = titleFrom(title);
  return title.replace(/["“”]/g, "'");
}

/** Where a passage is from, in the product's words: "your journal on 3 November", "your todo “Send the deck”". */
export function passageSource(p: ChatPassage, today: string): string {
  const title = passageTitle(p);
  const named = (noun: string) => (title ? `${noun} “${title}”` : noun);
  switch (p.kind) {
    case 'journal': {
      const day = journalDay(p);
      return day ? `your journal on ${dayInWords(day, today)}` : 'your journal';
    }
    case 'file':
      return title ? `your notes in “${title}”` : 'your notes';
    case 'person':
      return title ? `your notes on ${title}` : 'your notes on a person';
    case 'meeting':
      return named('your meeting');
    case 'todo':
      return named('your todo');
    case 'milestone':
      return named('your milestone');
    case 'week':
      return title ? `your action plan for ${title}` : 'your action plan';
    case 'checkin':
      return named('your check-in answer to');
    case 'plan':
      return named('your plan');
    case 'statement':
      return named('your About me statement');
  }
}
