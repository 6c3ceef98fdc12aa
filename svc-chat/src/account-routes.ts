import { deleteAccountRows, type Db, type Logger, type ServiceRouter } from '@cc/service-kit';

/**
 * DELETE /ai_chat/account: every conversation of the caller (their messages go with them) and
 * their chat settings: any table of the schema with a user_id (docs/api.md#account-deletion).
 * svc-identity asks it as the user before it deletes the account.
 */
export function accountRoutes(router: ServiceRouter, db: Db): void {
  router.delete('/ai_chat/account', {}, async (ctx, { user }) => {
    const deleted = await deleteAccountRows(db, 'chat', user.id);
    (ctx.state.log as Logger | undefined)?.info({ deleted }, 'account rows deleted');
    return { success: true };
  });
}
