import type Koa from 'koa';
import { notesNotice } from '@cc/ai';
import type { NoticeClaimAnswer, PassagesAnswer, SearchResult } from '@cc/contracts';
import type { Db, Logger, ServiceRouter } from '@cc/service-kit';
import { claimNotesDisclosure, readChatSettings } from './chat-settings';
import { passagesFor } from './references';
import { domainSearches, type DomainUrls } from './search';

const log = (ctx: Koa.Context): Logger | undefined => ctx.state.log;

/**
 * `GET /ai_chat/passages`: the passages a chat served by another service (svc-coaching's
 * check-in question chat) may cite, found exactly as for svc-chat's own chats, so one setting
 * and one retrieval govern every chat (docs/search.md#answers-that-cite-your-notes). The caller
 * keeps the references its reply cites (@cc/ai's `citedReferences`).
 *
 * `POST /ai_chat/notice`: that chat's one-time notice. The passages' `notice` only says it is
 * due; it is spent here, once the caller's model has answered, so a failed answer never uses it
 * up (as svc-chat's own chats claim it only after their reply).
 */
export function passagesRoutes(router: ServiceRouter, db: Db, urls: DomainUrls): void {
  router.get('/ai_chat/passages', {}, async (ctx, { user, query }): Promise<PassagesAnswer> => {
    ctx.set('Cache-Control', 'no-store');
    // Unreadable settings: no passages rather than a failed chat (as svc-chat's own chats).
    const settings = await readChatSettings(db, user.id).catch((err: unknown) => {
      log(ctx)?.warn({ err }, 'chat settings could not be read; answering without passages');
      return undefined;
    });
    if (!settings?.use_other_notes) return { success: true, passages: [] };
    const exclude = (r: SearchResult) => query.exclude !== undefined && r.url === query.exclude;
    const subject = query.subject ? Promise.resolve(query.subject) : undefined;
    const passages = await passagesFor(domainSearches(ctx, urls), query.q, subject, exclude);
    const due = query.model && passages.length && !settings.notesDisclosed;
    return { success: true, passages, ...(due ? { notice: notesNotice(passages.length, query.model!) } : {}) };
  });

  router.post('/ai_chat/notice', {}, async (ctx, { user, body }): Promise<NoticeClaimAnswer> => {
    try {
      return (await claimNotesDisclosure(db, user.id))
        ? { success: true, notice: notesNotice(body.passages, body.model) }
        : { success: true };
    } catch (err) {
      // A failed claim leaves the notice out rather than failing the answer it goes with.
      log(ctx)?.warn({ err }, 'could not mark the notes notice as given');
      return { success: true };
    }
  });
}
