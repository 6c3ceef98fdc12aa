import type Koa from 'koa';
import { CHAT_MESSAGES, type ConversationAnswer, type ChatStatusAnswer } from '@cc/contracts';
import { CONNECT_MODEL_HINT } from '@cc/ai';
import {
  domainImportRoutes,
  pageFrom,
  searchWorkspace,
  type Logger,
  type ModelFailureMessages,
  type ServiceContext,
  type ServiceRouter,
} from '@cc/service-kit';
import { appendAssistantLine, clearConversation, conversationPage, messagesKey } from './conversations';
import { conversationKey } from './keys';
import { replyAsJson, replyAsStream, suggestEdits, type ChatDeps } from './replies';
import type { ChatSettings } from './settings';
import { readChatSettings, writeChatSettings } from './chat-settings';
import { accountRoutes } from './account-routes';
import { exportRoutes } from './export-routes';
import { chatImport } from './import-part';
import { importRoutes } from './import-routes';
import { passagesRoutes } from './passages-routes';
import { domainSearches, searchAnswerOf, SEARCH_DEADLINE_MS } from './search';
import { wantsEventStream } from './sse';
import { trashRoutes } from './trash-routes';

const log = (ctx: Koa.Context): Logger | undefined => ctx.state.log;

/** The chats' wording of model failures. */
const CHAT_FAILURES: ModelFailureMessages = {
  timeout: CHAT_MESSAGES.modelTimeout,
  unavailable: CHAT_MESSAGES.modelUnavailable,
  malformed: CHAT_MESSAGES.modelMalformed,
  empty: CHAT_MESSAGES.modelEmpty,
  failed: CHAT_MESSAGES.modelFailed,
  rateLimited: CHAT_MESSAGES.rateLimited,
  cancelled: CHAT_MESSAGES.cancelled,
};

/**
 * svc-chat's /ai_chat calls. Every path needs a signed-in user (status included: the UI asks
 * only once signed in); writes need the CSRF token. Bodies and queries are validated by the
 * schemas in @cc/contracts (422 with `errors`), which also guarantee a conversation key where
 * one is required.
 */
export function chatRoutes(
  router: ServiceRouter,
  { db, settings, modelCalls, log: serviceLog, background }: ServiceContext<ChatSettings>,
): void {
  const urls = { files: settings.FILES_URL, coaching: settings.COACHING_URL, people: settings.PEOPLE_URL };
  const deps: ChatDeps = {
    db,
    peopleUrl: settings.PEOPLE_URL,
    coachingUrl: settings.COACHING_URL,
    calls: modelCalls(CHAT_FAILURES),
    searchUrls: urls,
  };

  router.get('/ai_chat/conversation', {}, async (ctx, { user, query }) => {
    const page = pageFrom(query, messagesKey);
    const conversation = await conversationPage(deps.db, user.id, conversationKey(query)!.key, page);
    ctx.set('Cache-Control', 'no-store');
    return {
      success: true,
      conversation_id: conversation.id,
      messages: conversation.messages,
      next_cursor: conversation.next_cursor,
    } satisfies ConversationAnswer;
  });

  router.post('/ai_chat/send_message', {}, async (ctx, { user, body }) => {
    const key = conversationKey(body)!;
    if (wantsEventStream(ctx)) return replyAsStream(deps, ctx, user.id, body, key);
    return replyAsJson(deps, ctx, user.id, body, key);
  });

  router.post('/ai_chat/suggest_edits', {}, async (ctx, { user, body }) => {
    return suggestEdits(deps, ctx, user.id, body, conversationKey(body));
  });

  router.post('/ai_chat/clear_conversation', {}, async (_ctx, { user, body }) => {
    await clearConversation(deps.db, user.id, conversationKey(body)!.key);
    return { success: true };
  });

  // A line the page added after a reply (the planning chat's result line): kept, so a reload shows it.
  router.post('/ai_chat/append_message', {}, async (_ctx, { user, body }) => {
    const id = await appendAssistantLine(deps.db, user.id, conversationKey(body)!.key, body.content);
    return { success: true, conversation_id: id };
  });

  router.get('/ai_chat/settings', {}, async (ctx, { user }) => {
    const { use_other_notes } = await readChatSettings(deps.db, user.id);
    ctx.set('Cache-Control', 'no-store');
    return { success: true, settings: { use_other_notes } };
  });

  router.patch('/ai_chat/settings', {}, async (_ctx, { user, body }) => {
    return { success: true, settings: await writeChatSettings(deps.db, user.id, body) };
  });

  passagesRoutes(router, deps.db, urls);
  accountRoutes(router, deps.db);
  exportRoutes(router, deps.db, urls);
  const chatPart = chatImport(deps.db);
  domainImportRoutes(router, 'chat', chatPart);
  importRoutes(router, deps.db, urls, chatPart, serviceLog, background);

  trashRoutes(router, urls);

  // The whole workspace, each domain asked as the caller (docs/search.md).
  router.get('/search', {}, async (ctx, { query }) => {
    const found = await searchWorkspace(domainSearches(ctx, urls), query, SEARCH_DEADLINE_MS);
    if (found.partial.length) log(ctx)?.warn({ partial: found.partial }, 'search answered without some domains');
    ctx.set('Cache-Control', 'no-store');
    return searchAnswerOf(query, found);
  });

  router.get('/ai_chat/status', {}, (ctx) => {
    const info = deps.calls.provider.info();
    ctx.set('Cache-Control', 'no-store');
    return {
      success: true,
      provider: info.provider,
      model: info.model,
      ...(info.provider === 'offline' ? { hint: CONNECT_MODEL_HINT } : {}),
    } satisfies ChatStatusAnswer;
  });
}
