/**
 * Listening without a model: the coach quotes the user's own weightiest sentence, as a quote,
 * or says where it goes in the file. It never rewrites the user's words into a sentence of its
 * own: without a model it cannot tell an instruction ("Remember this line…") from a statement,
 * and a rewritten echo is where its grammar broke.
 */
import { capitalize, collapse, endSentence, sentences, truncate, words } from '../text';

export const SMALL_TALK_ONLY =
  /^(hi|hello|hey|thanks|thank you|ok|okay|sure|yes|no|yep|nope|great|cool|got it|sounds good|perfect)\b[\s!.,]*$/i;

export const isSmallTalk = (text: string): boolean => SMALL_TALK_ONLY.test(text.trim()) || words(text).length < 3;

/** How much a sentence says: numbers, names and length make it worth quoting. */
function weight(sentence: string): number {
  const ws = words(sentence);
  const numbers = (sentence.match(/\d/g) ?? []).length > 0 ? 4 : 0;
  const names = ws.slice(1).filter((w) => /^[A-Z][a-z]/.test(w)).length;
  return Math.min(ws.length, 25) + numbers + names;
}

/** The user's weightiest sentence, tidied only so that it reads cleanly inside double quotes. */
export function quoteOf(message: string): string | undefined {
  const candidates = sentences(message).filter((s) => !s.trim().endsWith('?') && !isSmallTalk(s));
  if (!candidates.length) return undefined;
  const best = candidates.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  const clean = collapse(best)
    // Their own double quotes would close ours early.
    .replace(/["“”]/g, "'")
    .replace(/\.{2,}/g, '…')
    .replace(/([!?,;:])\1+/g, '$1')
    .replace(/\s+([.!?,;:…])/g, '$1')
    .replace(/[,;:]+$/, '');
  return endSentence(capitalize(truncate(clean, 160)));
}

const QUOTE_FRAMES = [(q: string) => `You wrote: "${q}"`, (q: string) => `Noted: "${q}"`, (q: string) => `The line I would keep: "${q}"`];

// Said of numbers: the score calls them 'Specific' (its 'Concrete' is an example and your own part in it).
export const SPECIFICS_PRAISE = 'Numbers like that make it specific and measurable.';

/** Below this many words a message is quoted whole by being there: saying where it goes is enough. */
const QUOTE_FROM_WORDS = 8;

/**
 * One acknowledgement: a quote (the frame rotates with the turn so replies do not sound canned)
 * or, for a short answer, the headings it fills.
 */
export function acknowledge(message: string, turn: number, headings: string[], { praiseNumbers = true } = {}): string | undefined {
  const quote = quoteOf(message);
  if (!quote) return undefined;
  let line: string;
  if (words(message).length >= QUOTE_FROM_WORDS) line = QUOTE_FRAMES[turn % QUOTE_FRAMES.length]!(quote);
  else if (headings.length) line = `Noted under ${listOf(headings)}.`;
  else line = 'Noted.';
  return praiseNumbers && /\d/.test(quote) ? `${line} ${SPECIFICS_PRAISE}` : line;
}

export const listOf = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
