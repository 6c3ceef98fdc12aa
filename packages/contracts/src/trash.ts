import { z } from 'zod';
import { PG_INT_MAX } from './requests';
import { TRASH_DOMAIN_NAMES, TRASH_KINDS, TRASH_MESSAGES, type TrashDomain } from './trash-rules';

export * from './trash-rules';

/**
 * The trash (docs/trash.md). Each domain keeps what its users deleted and answers for it on its
 * own routes (`/files/trash`, `/planning/trash`, `/people/trash`); `GET /trash`, `POST
 * /trash/restore` and `DELETE /trash` (svc-chat) ask them as the caller, as `GET /search` does.
 */

export const trashItemSchema = z.object({
  kind: z.enum(TRASH_KINDS),
  /** The trash entry's id (what `POST /trash/restore` takes with the kind). */
  id: z.number().int(),
  /** The deleted object's own id: a row's number, a journal day's date. */
  object_id: z.string(),
  title: z.string(),
  /** A line about what comes back with it ("with 3 files", "2 meetings"), when there is one. */
  detail: z.string().optional(),
  deleted_at: z.string(),
  /** When the purge deletes it for good (deleted_at + 30 days). */
  purge_at: z.string(),
  /** Where the object opens once restored (`@cc/contracts/addresses`). */
  url: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** A domain's trash, newest first. */
export const domainTrashAnswer = z.object({ success: z.literal(true), items: z.array(trashItemSchema) });
export type DomainTrashAnswer = z.infer<typeof domainTrashAnswer>;

const partialSchema = z.array(z.enum(TRASH_DOMAIN_NAMES as [TrashDomain, ...TrashDomain[]]));

/** `GET /trash`: every domain's trash merged newest first, and the domains that did not answer. */
export const trashAnswer = z.object({ success: z.literal(true), items: z.array(trashItemSchema), partial: partialSchema });
export type TrashAnswer = z.infer<typeof trashAnswer>;

const trashId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number({ error: TRASH_MESSAGES.id }).int({ error: TRASH_MESSAGES.id }).min(1, { error: TRASH_MESSAGES.id }).max(PG_INT_MAX, {
    error: TRASH_MESSAGES.id,
  }),
);

/** `POST /trash/restore` and each domain's restore: `{kind, id}`, the id of the trash entry. */
export const trashRestoreBody = z.object({ kind: z.enum(TRASH_KINDS, { error: TRASH_MESSAGES.kind }), id: trashId });
export type TrashRestoreBody = z.infer<typeof trashRestoreBody>;

/** What came back, where it is now (its name may have gained " (restored)"). */
export const trashRestoreAnswer = z.object({
  success: z.literal(true),
  restored: z.object({ kind: z.enum(TRASH_KINDS), id: z.string(), title: z.string(), url: z.string() }),
});
export type TrashRestoreAnswer = z.infer<typeof trashRestoreAnswer>;

/** A domain's `DELETE …/trash`: how many entries were deleted for good. */
export const domainEmptyTrashAnswer = z.object({ success: z.literal(true), deleted: z.number().int().min(0) });
export type DomainEmptyTrashAnswer = z.infer<typeof domainEmptyTrashAnswer>;

/** `DELETE /trash`: the entries deleted for good, and the domains that did not answer (theirs stay). */
export const emptyTrashAnswer = domainEmptyTrashAnswer.extend({ partial: partialSchema });
export type EmptyTrashAnswer = z.infer<typeof emptyTrashAnswer>;

/** Orders trash items newest first (then by kind and entry id, so equal times keep one order). */
export function newestFirst(a: TrashItem, b: TrashItem): number {
  return b.deleted_at.localeCompare(a.deleted_at) || a.kind.localeCompare(b.kind) || b.id - a.id;
}
