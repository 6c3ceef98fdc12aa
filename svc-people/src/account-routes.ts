import { deleteAccountRows, type Db, type Logger, type ServiceRouter } from '@cc/service-kit';
import type { ProfileJobs } from './profile/jobs';

/**
 * DELETE /people/account: every person, meeting, research answer, About me profile, profile
 * generation and stored vector of the caller (any table of the schema with a user_id,
 * docs/api.md#account-deletion). A deep research under way is cancelled first, with its queued
 * job, so it cannot write a profile for an account that is gone. svc-identity asks it as the user.
 */
export function accountRoutes(router: ServiceRouter, db: Db, jobs: ProfileJobs): void {
  router.delete('/people/account', {}, async (ctx, { user }) => {
    await jobs.cancel(user.id);
    const deleted = await deleteAccountRows(db, 'people', user.id);
    (ctx.state.log as Logger | undefined)?.info({ deleted }, 'account rows deleted');
    return { success: true };
  });
}
