import type Koa from 'koa';
import { notesNotice } from '@cc/ai';
import type { PassagesAnswer, SearchResult } from '@cc/contracts';
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
    const notice = query.model && passages.length ? await noticeFor(db, ctx, user.id, passages.length, query.model) : undefined;
    return { success: true, passages, ...(notice ? { notice } : {}) };
  });
}

/** The one-time notice, claimed here since the caller sends these passages to `model`; a failed claim leaves it out. */
async function noticeFor(db: Db, ctx: Koa.Context, userId: number, count: number, model: string): Promise<string | undefined> {
  try {
    return (await claimNotesDisclosure(db, userId)) ? notesNotice(count, model) : undefined;
  } catch (err) {
    log(ctx)?.warn({ err }, 'could not mark the notes notice as given');
    return undefined;
  }
}
