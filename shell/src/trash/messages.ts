import type { TrashDomain } from '@cc/contracts/trash-rules';

/** What the Trash page says (docs/trash.md#the-trash-page). */

/** Each domain as the page names it when it did not answer. */
const DOMAIN_NAMES: Record<TrashDomain, string> = {
  files: 'files and journal',
  coaching: 'planning',
  people: 'people and meetings',
};

/** "planning; people and meetings": the parts that did not answer, in words. */
export function partialNotice(domains: readonly TrashDomain[]): string {
  return domains.map((d) => DOMAIN_NAMES[d]).join('; ');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const TRASH_TEXT = {
  lead: (days: number) =>
    `What you delete stays here for ${days} days. Restore puts it back where it was; after that it is deleted for good.`,
  loading: 'Loading the trash…',
  loadFailed: 'The trash could not be loaded: ',
  emptyState: 'The trash is empty. Folders, files, journal days, people, meetings, todos and milestones you delete show up here.',
  partial: (parts: string) => `Part of your workspace did not answer (${parts}): what you deleted there is not listed.`,
  deleted: (ago: string) => `Deleted ${ago}`,
  purgedIn: (days: number) => (days <= 0 ? 'deleted for good today' : `deleted for good in ${plural(days, 'day', 'days')}`),
  restore: 'Restore',
  restoring: 'Restoring…',
  restoreFailed: 'Could not restore it: ',
  restored: (title: string) => `Restored as ${title}.`,
  open: 'Open it',
  empty: 'Empty trash',
  emptying: 'Emptying…',
  emptyTitle: 'Empty the trash?',
  emptyQuestion: (n: number) => `${plural(n, 'item', 'items')} will be deleted for good. This cannot be undone.`,
  emptyConfirm: 'Delete for good',
  emptyFailed: 'Could not empty the trash: ',
  emptyPartial: (parts: string) =>
    `Part of your workspace did not answer (${parts}): what you deleted there was not emptied. Try again in a moment.`,
} as const;
