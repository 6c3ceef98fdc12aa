/**
 * The trash's rules (docs/trash.md), zod-free so the shell's Trash page imports them from
 * `@cc/contracts/trash-rules`. What a user deletes stays restorable for TRASH_DAYS days.
 */

/** Every kind of object that goes to the trash when deleted. */
export const TRASH_KINDS = ['folder', 'file', 'journal', 'person', 'meeting', 'todo', 'milestone'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** Which service keeps which kinds: `GET /trash` names a domain in `partial` when its trash does not answer. */
export const TRASH_DOMAINS = {
  files: ['folder', 'file', 'journal'],
  coaching: ['todo', 'milestone'],
  people: ['person', 'meeting'],
} as const satisfies Record<string, readonly TrashKind[]>;
export type TrashDomain = keyof typeof TRASH_DOMAINS;
export const TRASH_DOMAIN_NAMES = Object.keys(TRASH_DOMAINS) as TrashDomain[];

/** The domain whose trash holds `kind`. */
export function trashDomainOf(kind: TrashKind): TrashDomain {
  return TRASH_DOMAIN_NAMES.find((domain) => (TRASH_DOMAINS[domain] as readonly TrashKind[]).includes(kind))!;
}

/** How long a deleted object can be restored; the purge job deletes it for good after that. */
export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

/** At most this many objects of a domain are listed, newest first (an account rarely deletes that many in 30 days). */
export const TRASH_LIST_MAX = 500;

/** What a user reads of each kind (the Trash page). */
export const TRASH_KIND_LABELS: Record<TrashKind, string> = {
  folder: 'Folder',
  file: 'File',
  journal: 'Journal day',
  person: 'Person',
  meeting: 'Meeting',
  todo: 'Todo',
  milestone: 'Milestone',
};

export const TRASH_MESSAGES = {
  kind: `kind must be one of: ${TRASH_KINDS.join(', ')}.`,
  id: 'id must be the id of an item in the trash.',
  notFound: 'That item is not in the trash (it may have been restored or deleted for good).',
  domainUnavailable: 'That part of the workspace did not answer. Please try again.',
} as const;

/** What a restored object whose name was taken meanwhile is called (docs/trash.md#restoring). */
export const RESTORED_SUFFIX = ' (restored)';

/**
 * `name` with " (restored)" (then " (restored 2)", …) before its `.md` ending, if it has one,
 * the `n`th try, kept within `max` characters by shortening the name itself.
 */
export function restoredName(name: string, n: number, max: number): string {
  const ext = /\.md$/i.test(name) ? name.slice(-3) : '';
  const base = ext ? name.slice(0, -3) : name;
  const suffix = n <= 1 ? RESTORED_SUFFIX : ` (restored ${n})`;
  return `${base.slice(0, Math.max(1, max - suffix.length - ext.length)).trimEnd()}${suffix}${ext}`;
}
