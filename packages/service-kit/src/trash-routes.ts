import type { Knex } from 'knex';
import { TRASH_DOMAINS, TRASH_MESSAGES, type TrashDomain, type TrashKind, type TrashRestoreAnswer } from '@cc/contracts';
import type { Db } from './db';
import { notFound } from './route-helpers';
import type { ServiceRouter } from './router';
import { emptyTrash, listTrash, takeFromTrash, type OnPurged, type TrashEntry } from './trash';

/** What a restore answers: the object as it is now (its name may have gained " (restored)"). */
export type Restored = TrashRestoreAnswer['restored'];

/** How a service puts each of its kinds back: rows inserted from `entry.payload`, in the restore's transaction. */
export type Restorers = Partial<Record<TrashKind, (trx: Knex.Transaction, userId: number, entry: TrashEntry) => Promise<Restored>>>;

export interface DomainTrash {
  db: Db;
  /** The service's schema, where its `trash` table is. */
  schema: string;
  restorers: Restorers;
  /** What else goes when entries are deleted for good (emptying the trash, the purge). */
  onPurged?: OnPurged;
  /** After a restore commits: caches to drop, vectors to make again. */
  restored?: (userId: number, restored: Restored) => void;
}

/** Where each domain answers for its trash (docs/trash.md): `GET`, `DELETE` on it, `POST` on `…/restore`. */
export const DOMAIN_TRASH_PATHS: Record<TrashDomain, '/files/trash' | '/planning/trash' | '/people/trash'> = {
  files: '/files/trash',
  coaching: '/planning/trash',
  people: '/people/trash',
};

/** Puts one of the user's entries back; 'not_found' for an entry they do not have (or of a kind this domain does not keep). */
export async function restoreEntry(trash: DomainTrash, userId: number, kind: TrashKind, id: number): Promise<Restored | 'not_found'> {
  const restore = trash.restorers[kind];
  if (!restore) return 'not_found';
  return trash.db.transaction(async (trx) => {
    const entry = await takeFromTrash(trx, trash.schema, userId, kind, id);
    return entry ? restore(trx, userId, entry) : 'not_found';
  });
}

/** A domain's three trash routes, the same in every service. */
export function domainTrashRoutes(router: ServiceRouter, domain: TrashDomain, trash: DomainTrash): void {
  // One path type for the three: their requests and answers are the same in the route table.
  const path = DOMAIN_TRASH_PATHS[domain] as '/files/trash';
  const kinds: readonly TrashKind[] = TRASH_DOMAINS[domain];

  router.get(path, {}, async (ctx, { user }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, items: (await listTrash(trash.db, trash.schema, user.id)).filter((i) => kinds.includes(i.kind)) };
  });

  router.post(`${path}/restore` as '/files/trash/restore', {}, async (_ctx, { user, body }) => {
    const restored = kinds.includes(body.kind) ? await restoreEntry(trash, user.id, body.kind, body.id) : 'not_found';
    if (restored === 'not_found') throw notFound(TRASH_MESSAGES.notFound);
    trash.restored?.(user.id, restored);
    return { success: true, restored };
  });

  router.delete(path, {}, async (_ctx, { user }) => {
    return { success: true, deleted: await emptyTrash(trash.db, trash.schema, user.id, trash.onPurged) };
  });
}
