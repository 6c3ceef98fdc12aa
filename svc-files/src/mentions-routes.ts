import type { Db, ServiceRouter } from '@cc/service-kit';
import { findMentions } from './mentions';

/** GET /files/mentions?q=: the notes that mention a name (svc-people's research reads it as the caller). */
export function mentionRoutes(router: ServiceRouter, db: Db): void {
  router.get('/files/mentions', {}, async (ctx, { user, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, mentions: await findMentions(db, user.id, query.q) };
  });
}
