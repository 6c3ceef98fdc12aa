import { deleteAccountRows, type Db, type Logger, type ServiceRouter } from '@cc/service-kit';

/**
 * DELETE /coaching/account: every row of the caller in the coaching schema, planning's as well
 * as coaching's (todos, milestones, action plans, coaching plans, check-in answers, stored
 * vectors: any table with a user_id, docs/api.md#account-deletion). The questionnaires
 * themselves are everyone's and stay. The path is coaching's; svc-identity asks it as the user.
 */
export function accountRoutes(router: ServiceRouter, db: Db): void {
  router.delete('/coaching/account', {}, async (ctx, { user }) => {
    const deleted = await deleteAccountRows(db, 'coaching', user.id);
    (ctx.state.log as Logger | undefined)?.info({ deleted }, 'account rows deleted');
    return { success: true };
  });
}
