import type { SearchDomain, SearchKind } from '@cc/contracts';

/** A group's heading, in the words of the product's pages. */
export const KIND_HEADINGS: Record<SearchKind, string> = {
  file: 'Files',
  journal: 'Journal',
  todo: 'Todos',
  milestone: 'Milestones',
  week: 'Action plan weeks',
  checkin: 'Check-ins',
  plan: 'Coaching plans',
  person: 'People',
  meeting: 'Meetings',
  statement: 'About me',
};

/** One result's kind, shown on the top hit's row, which has no group heading to say it. */
export const KIND_NAMES: Record<SearchKind, string> = {
  file: 'File',
  journal: 'Journal',
  todo: 'Todo',
  milestone: 'Milestone',
  week: 'Action plan week',
  checkin: 'Check-in',
  plan: 'Coaching plan',
  person: 'Person',
  meeting: 'Meeting',
  statement: 'About me',
};

/** A domain that did not answer, named by the section a user knows it from (short: it is one line). */
const DOMAIN_WORDS: Record<SearchDomain, string> = {
  files: 'files',
  coaching: 'planning',
  people: 'people',
};

/** "Some results are missing: planning and coaching did not answer." */
export function partialNote(partial: readonly SearchDomain[]): string | null {
  if (partial.length === 0) return null;
  const words = partial.map((domain) => DOMAIN_WORDS[domain]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  return `Some results are missing: ${list} did not answer.`;
}
