import { FILES_MESSAGES as M } from '@cc/contracts';
import { conflict, notFound, pageFrom, type Db, type ServiceRouter } from '@cc/service-kit';
import { entryDates, journalKey, readEntry, saveEntry } from './journal';
import { lookBack } from './look-back';
import type { SearchIndex } from './search-vectors';
import { trashJournalDay } from './trash';

/** One entry per date (YYYY-MM-DD, a real day), and the dates that have one. */
export function journalRoutes(router: ServiceRouter, db: Db, index: SearchIndex): void {
  router.post('/journal/{date}/save', {}, async (_ctx, { user, params, body }) => {
    const result = await saveEntry(db, user.id, params.date, body.content, {
      basedOn: body.revision,
      saveId: body.save_id,
      aiUpdate: body.ai_update,
    });
    if (result.saved) {
      // A day saved empty loses its vector at that run.
      index.changed();
      return { success: true, entry: result.entry };
    }
    // Changed elsewhere since `revision`: the same 409 as a file's content.
    const { text, revision, save_id } = result.current;
    throw conflict(M.staleJournal, { content: text, revision, ...(save_id ? { save_id } : {}) });
  });

  router.get('/journal/{date}', {}, async (ctx, { user, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, entry: await readEntry(db, user.id, params.date) };
  });

  // "On this day": the entries of a month, three months and a year before (docs/journal.md#on-this-day).
  router.get('/journal/{date}/look_back', {}, async (ctx, { user, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, entries: await lookBack(db, user.id, params.date) };
  });

  // To the trash (docs/trash.md): its vector goes at the next run, as for a day saved empty.
  router.delete('/journal/{date}', {}, async (_ctx, { user, params }) => {
    if (!(await trashJournalDay(db, user.id, params.date))) throw notFound(M.journalNotFound);
    index.changed();
    return { success: true, errors: [] };
  });

  router.get('/journal', {}, async (ctx, { user, query }) => {
    ctx.set('Cache-Control', 'no-store');
    const { items, next_cursor } = await entryDates(db, user.id, pageFrom(query, journalKey));
    return { success: true, entries: items, next_cursor };
  });
}
