import { journalDateParams, saveJournalBody } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import { entryDates, readEntry, saveEntry } from './journal';

/** One entry per date (YYYY-MM-DD, a real day), and the dates that have one. */
export function journalRoutes(router: ServiceRouter, db: Db): void {
  router.post('/journal/{date}/save', { params: journalDateParams, body: saveJournalBody }, async (_ctx, { user, params, body }) => ({
    success: true,
    entry: await saveEntry(db, user.id, params.date, body.content),
  }));

  router.get('/journal/{date}', { params: journalDateParams }, async (ctx, { user, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, entry: await readEntry(db, user.id, params.date) };
  });

  router.get('/journal', {}, async (ctx, { user }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, entries: await entryDates(db, user.id) };
  });
}
