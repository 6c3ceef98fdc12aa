import {
  appendMessageSchema,
  clearConversationSchema,
  conversationQuerySchema,
  sendMessageSchema,
  suggestEditsSchema,
  type ConversationAnswer,
  type ChatStatusAnswer,
} from '@cc/contracts';
import { CONNECT_MODEL_HINT } from '@cc/ai';
import type { ServiceRouter } from '@cc/service-kit';
import { appendAssistantLine, clearConversation, loadConversation } from './conversations';
import { conversationKey } from './keys';
import { replyAsJson, replyAsStream, suggestEdits, type ChatDeps } from './replies';
import { wantsEventStream } from './sse';

/**
 * svc-chat's /ai_chat calls. Every path needs a signed-in user (status included: the UI asks
 * only once signed in); writes need the CSRF token. Bodies and queries are validated by the
 * schemas in @cc/contracts (422 with `errors`), which also guarantee a conversation key where
 * one is required.
 */
export function chatRoutes(router: ServiceRouter, deps: ChatDeps): void {
  router.get('/ai_chat/conversation', { query: conversationQuerySchema }, async (ctx, { user, query }) => {
    const conversation = await loadConversation(deps.db, user.id, conversationKey(query)!.key);
    ctx.set('Cache-Control', 'no-store');
    return { success: true, conversation_id: conversation.id, messages: conversation.messages } satisfies ConversationAnswer;
  });

  router.post('/ai_chat/send_message', { body: sendMessageSchema }, async (ctx, { user, body }) => {
    const key = conversationKey(body)!;
    if (wantsEventStream(ctx)) return replyAsStream(deps, ctx, user.id, body, key);
    return replyAsJson(deps, ctx, user.id, body, key);
  });

  router.post('/ai_chat/suggest_edits', { body: suggestEditsSchema }, async (ctx, { user, body }) => {
    return suggestEdits(deps, ctx, user.id, body, conversationKey(body));
  });

  router.post('/ai_chat/clear_conversation', { body: clearConversationSchema }, async (_ctx, { user, body }) => {
    await clearConversation(deps.db, user.id, conversationKey(body)!.key);
    return { success: true };
  });

  // A line the page added after a reply (the planning chat's result line): kept, so a reload shows it.
  router.post('/ai_chat/append_message', { body: appendMessageSchema }, async (_ctx, { user, body }) => {
    const id = await appendAssistantLine(deps.db, user.id, conversationKey(body)!.key, body.content);
    return { success: true, conversation_id: id };
  });

  router.get('/ai_chat/status', {}, (ctx) => {
    const info = deps.ai.info();
    ctx.set('Cache-Control', 'no-store');
    return {
      success: true,
      provider: info.provider,
      model: info.model,
      ...(info.provider === 'offline' ? { hint: CONNECT_MODEL_HINT } : {}),
    } satisfies ChatStatusAnswer;
  });
}
