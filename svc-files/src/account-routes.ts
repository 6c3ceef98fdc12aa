import { deleteAccountRows, type Db, type Logger, type ServiceRouter } from '@cc/service-kit';
import type { ListingCache } from './listing-cache';

/**
 * DELETE /files/account: every folder, file, journal day, suggestion and stored vector of the
 * caller (any table of the schema with a user_id, docs/api.md#account-deletion), then the
 * listing this instance keeps for them; other instances drop theirs on the delete's NOTIFY.
 * svc-identity asks it, as the user, before it deletes the account.
 */
export function accountRoutes(router: ServiceRouter, db: Db, listing: ListingCache): void {
  router.delete('/files/account', {}, async (ctx, { user }) => {
    const deleted = await deleteAccountRows(db, 'files', user.id);
    listing.invalidate(user.id);
    (ctx.state.log as Logger | undefined)?.info({ deleted }, 'account rows deleted');
    return { success: true };
  });
}
