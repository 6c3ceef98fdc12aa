import type { SearchResult } from '@cc/contracts';
import { formatDayLong } from '@cc/contracts/dates';

/**
 * The title as the palette shows it (docs/search.md#the-palette). A journal result's title is
 * "Journal – Tuesday, 3 November 2026" (svc-files' `journalDayTitle`, which a chat's Sources also
 * read): under the Journal heading its first word only repeats the heading, so the row shows the
 * day alone, from its id, in the user's locale as the journal page's heading writes it.
 */
export function shownTitle(result: SearchResult): string {
  return result.kind === 'journal' && DAY.test(result.id) ? formatDayLong(result.id) : result.title;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A result found by its title alone has the title (or its start: a meeting's title before its
 * day) as its snippet: the row marks the title and shows no second line repeating it.
 */
export const titleMarked = (result: SearchResult): boolean => result.snippet !== '' && result.title.startsWith(result.snippet);

/**
 * A check-in's title ends with its period and a meeting's with its day (`… · Week 47, 2026 (16 Nov
 * – 22 Nov)`): that tail tells two rows of one question apart, so it gets a line of its own
 * rather than being the part a long title loses to the ellipsis (on a phone, always).
 */
const DATED_KINDS: ReadonlySet<SearchResult['kind']> = new Set(['checkin', 'meeting']);

/**
 * The row's title line, its dated tail, and the marks for the title line when it is marked: the
 * answer's offsets count in its own title, so a title the palette wrote differently marks nothing.
 */
export function titleParts(result: SearchResult): { main: string; when?: string; marks: SearchResult['highlights'] } {
  const text = shownTitle(result);
  const marks = text === result.title ? result.highlights : [];
  const at = DATED_KINDS.has(result.kind) ? text.lastIndexOf(' · ') : -1;
  return at > 0 ? { main: text.slice(0, at), when: text.slice(at + 3), marks } : { main: text, marks };
}
