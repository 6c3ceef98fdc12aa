/**
 * Passages of the user's other notes a chat reply may cite (docs/search.md#answers-that-cite-your-notes):
 * how a reply names where one is from, in the product's words ("your journal on 3 November",
 * "your notes in “Billing migration”"), for the model's prompt and the offline coach alike.
 * A passage's address is for the links under the answer, never for its words. After a reply,
 * the references its text cites, kept the same way by every service whose chat cites notes
 * (svc-chat's own chats, svc-coaching's question chat).
 */
import { formatDayInWords } from '@cc/contracts/dates';
import { isIsoDate } from '@cc/contracts/periods';
import { titleFrom } from './text';
import type { ChatReference } from '@cc/contracts';
import type { ChatPassage } from './types';

/** "3 November", with the year when it is not today's year ("3 November 2025"): the one form of a day in a reply. */
export const dayInWords = (iso: string, today: string): string => formatDayInWords(iso, today);

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

/** `[1]`, `[2][3]`, `[1, 2]`: a citation, not a link's text (`[1](…)`) nor a footnote's definition (`[1]:`). */
const MARKER = /\s?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:])/g;

/**
 * The reply as the user keeps it and the references it cites: each `[n]` with a passage stays
 * (`[1, 2]` written `[1][2]`), any other is removed; the references are the passages cited, by
 * number. A passage the text does not cite is not sent.
 */
export function citedReferences(text: string, passages: readonly ChatPassage[] | undefined): { text: string; references: ChatReference[] } {
  const byNumber = new Map((passages ?? []).map((p) => [p.n, p]));
  // The passages cited, numbered 1, 2, … in the order the text first cites them: a reply citing
  // only the second passage reads "[1]", and its Sources line starts at 1.
  const renumbered = new Map<number, number>();
  const cleaned = text
    .replace(MARKER, (whole, list: string) => {
      const kept = list
        .split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => byNumber.has(n));
      for (const n of kept) if (!renumbered.has(n)) renumbered.set(n, renumbered.size + 1);
      // A removed marker takes the space before it along: "done [7]." reads "done.".
      const space = /^\s/.test(whole) ? whole[0] : '';
      return kept.length ? `${space}${[...new Set(kept)].map((n) => `[${renumbered.get(n)}]`).join('')}` : '';
    })
    .trim();
  const references = [...renumbered].map(([n, shown]): ChatReference => {
    const { kind, id, title, url, snippet } = byNumber.get(n)!;
    return { n: shown, kind, id, title, url, snippet };
  });
  return { text: cleaned, references };
}

/** A Sources line or heading as a chat shows one under an answer ("Sources: [1] Journal, 3 November"). */
const SOURCES_LINE = /^\s*(?:#{1,6}\s*)?[*_]{0,2}sources?[*_]{0,2}\s*(?::|$)/i;
/** A line that lists a reference ("[1] Journal, 3 November", "- [2] Sam Lee"). */
const REFERENCE_LINE = /^\s*(?:[-*]\s*)?\[\d{1,3}\]\s/;

/**
 * `text` without a chat's citations: no `[n]` marker, no Sources line, no line listing a
 * reference. Text that goes into a user's document (a proposed update of a file or of a
 * check-in's notes) never carries them: citations belong to the chat's answer. Lines that are
 * in `original` word for word (the document as it was) are kept as they are.
 */
export function withoutCitations(text: string, original = ''): string {
  const kept = new Set(
    original
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const out: string[] = [];
  let dropped = false;
  for (const line of text.split('\n')) {
    if (kept.has(line.trim())) out.push(line);
    else if (SOURCES_LINE.test(line) || REFERENCE_LINE.test(line)) {
      // The blank line that set a Sources block apart goes with it.
      if (!dropped && out.length && !out.at(-1)!.trim()) out.pop();
      dropped = true;
      continue;
    } else out.push(line.replace(MARKER, ''));
    dropped = false;
  }
  return out.join('\n');
}

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

/** The one line said the first time passages of the user's notes went to a configured model. */
export function notesNotice(passages: number, model: string): string {
  const count = `${COUNT_WORDS[passages] ?? passages} passage${passages === 1 ? '' : 's'}`;
  return `To answer, I read ${count} of your notes and sent ${passages === 1 ? 'it' : 'them'} to ${model}; you can turn this off with “Let the coach use my other notes”.`;
}
