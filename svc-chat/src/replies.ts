import type Koa from 'koa';
import {
  failureBody,
  localIsoDate,
  REQUEST_MESSAGES,
  type ChatReference,
  type SendMessageAnswer,
  type SuggestEditsAnswer,
  type sendMessageSchema,
  type suggestEditsSchema,
} from '@cc/contracts';
import {
  AiEmptyAnswerError,
  citedReferences,
  notesNotice,
  withoutCitations,
  type ChatMessage,
  type ChatPassage,
  type ChatReplyInput,
} from '@cc/ai';
import { peerClient, type Db, type Logger, type ModelCalls } from '@cc/service-kit';
import type { z } from 'zod';
import { claimNotesDisclosure, readChatSettings } from './chat-settings';
import { appendExchange, recentMessages } from './conversations';
import { lineDiff } from './diff-lines';
import type { ConversationKey } from './keys';
import { factReads, pageFacts, type FactReads } from './pages';
import { meetingIdOf } from './pages/meeting';
import { readMeeting, readPerson } from './pages/meetings';
import { isOpenObject, passagesFor } from './references';
import { domainSearches, type DomainUrls } from './search';
import { openEventStream } from './sse';

/** The most recent messages given to the model (the client may send up to 200). */
export const MODEL_HISTORY_LIMIT = 40;

export interface ChatDeps {
  db: Db;
  /** svc-people's base URL (people, meetings); unset means the person and meeting chats go without. */
  peopleUrl: string | undefined;
  /** svc-coaching's base URL (todos, milestones, the action plan); unset means the planning chat goes without. */
  coachingUrl: string | undefined;
  /** The kit's model-call path: the provider, the per-user limit, failures in the chat's words. */
  calls: ModelCalls;
  /** Each domain's search, for the passages an answer may cite (an unset URL: that domain is left out). */
  searchUrls: DomainUrls;
}

/** A stream's `error` event: the kit's failure answer of send_message. */
const streamFailure = (errors: string[]) => failureBody('POST /ai_chat/send_message', errors);

type SendMessage = z.output<typeof sendMessageSchema>;
type SuggestEdits = z.output<typeof suggestEditsSchema>;
type Listed = { role: string; content: string }[] | undefined;

const log = (ctx: Koa.Context): Logger | undefined => ctx.state.log;

/** Only user and assistant turns (a client may keep greetings or notices under other roles). */
function asModelHistory(list: { role: string; content: string }[]): ChatMessage[] {
  return list
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }))
    .slice(-MODEL_HISTORY_LIMIT);
}

/** The client's own copy when it sent one (even empty), else what is stored for the key. */
async function historyFor(deps: ChatDeps, userId: number, key: ConversationKey | undefined, given: Listed): Promise<ChatMessage[]> {
  if (given) return asModelHistory(given);
  return key ? asModelHistory(await recentMessages(deps.db, userId, key.key, MODEL_HISTORY_LIMIT)) : [];
}

/**
 * What the chat is about besides the message, as search words: the person's name, the meeting's
 * title (the same read the page's facts make, so no second request), a file's name.
 */
function pageSubject(reads: FactReads, key: ConversationKey, folder: string, fileName: string): Promise<string | undefined> | undefined {
  if (key.personId !== undefined) return readPerson(reads, key.personId).then((p) => p?.fullName);
  const meetingId = meetingIdOf(folder, fileName);
  if (meetingId !== undefined) return readMeeting(reads, meetingId).then((m) => m?.title);
  if (key.kind === 'file' || (fileName.endsWith('.md') && !['journal', 'planning', 'coaching', 'meetings'].includes(folder))) {
    return Promise.resolve(fileName.replace(/\.md$/i, '').replace(/[-_]+/g, ' '));
  }
  return undefined;
}

/**
 * Passages of the user's other notes about the message when the account lets the coach use
 * them, the open object left out; none when it does not (and then no domain is asked).
 */
async function notesFor(
  deps: ChatDeps,
  ctx: Koa.Context,
  userId: number,
  body: SendMessage,
  key: ConversationKey,
  reads: FactReads,
): Promise<ChatPassage[]> {
  const folder = body.folder ?? '';
  const fileName = body.file_name ?? '';
  // Started before the settings are read, so the page's own read of it is this one.
  const subject = pageSubject(reads, key, folder, fileName);
  const settings = await readChatSettings(deps.db, userId).catch((err: unknown) => {
    log(ctx)?.warn({ err }, 'chat settings could not be read; answering without other notes');
    return undefined;
  });
  if (!settings?.use_other_notes) return [];
  const open = { folder, fileName, ...(body.file_id !== undefined ? { fileId: body.file_id } : {}) };
  return passagesFor(domainSearches(ctx, deps.searchUrls), body.message, subject, isOpenObject(key, open));
}

async function replyInput(
  deps: ChatDeps,
  ctx: Koa.Context,
  userId: number,
  body: SendMessage,
  key: ConversationKey,
): Promise<ChatReplyInput> {
  const folder = body.folder ?? '';
  const fileName = body.file_name ?? '';
  const reads = factReads(peerClient(ctx, deps.peopleUrl), peerClient(ctx, deps.coachingUrl));
  // The passages are looked for beside the page's facts: a reply waits for the slower of the two.
  const [passages, history, facts] = await Promise.all([
    notesFor(deps, ctx, userId, body, key, reads),
    historyFor(deps, userId, key, body.conversation_history),
    pageFacts(reads, key, { folder, fileName, today: body.today ?? localIsoDate() }),
  ]);
  // Which facts and why, never what they hold.
  if (reads.missing.length) log(ctx)?.info({ page: facts.page?.kind ?? folder, missing: reads.missing }, 'chat page facts missing');
  const input: ChatReplyInput = {
    mode: body.mode,
    folder,
    fileName,
    fileContent: body.file_content,
    history,
    message: body.message,
  };
  if (facts.page) input.page = facts.page;
  if (passages.length) input.passages = passages;
  if (body.context_summary) input.context = body.context_summary;
  if (body.today) input.today = body.today;
  if (key.kind === 'person') {
    // Without svc-people (unset, or it failed) the chat still knows it is about a person.
    input.person = facts.person ?? { fullName: '' };
    if (!facts.person) input.context = "The person's profile is not available right now; ask the user about them.";
  }
  return input;
}

/** The reply as kept: its [n] only where a passage stands behind it, and the references it cites. */
function citedReply(text: string, input: ChatReplyInput) {
  const cited = citedReferences(text.trim(), input.passages);
  if (!cited.text) throw new AiEmptyAnswerError();
  return cited;
}

/**
 * The one line said the first time passages of the user's notes went to a configured model
 * (never for the offline coach, which sends nothing anywhere). Claimed once per account: a
 * failure to claim it leaves it out rather than failing the answer.
 */
async function noticeFor(deps: ChatDeps, ctx: Koa.Context, userId: number, input: ChatReplyInput): Promise<string | undefined> {
  const info = deps.calls.provider.info();
  if (info.provider === 'offline' || !input.passages?.length) return undefined;
  try {
    return (await claimNotesDisclosure(deps.db, userId)) ? notesNotice(input.passages.length, info.model) : undefined;
  } catch (err) {
    log(ctx)?.warn({ err }, 'could not mark the notes notice as given');
    return undefined;
  }
}

/** What send_message answers beside the message: the references (when it cites any) and the notice. */
const extras = (references: ChatReference[], notice: string | undefined) => ({
  ...(references.length ? { references } : {}),
  ...(notice ? { notice } : {}),
});

/** send_message as JSON: the reply, then the exchange stored in one transaction. */
export async function replyAsJson(
  deps: ChatDeps,
  ctx: Koa.Context,
  userId: number,
  body: SendMessage,
  key: ConversationKey,
): Promise<SendMessageAnswer> {
  await deps.calls.take(ctx, userId);
  const input = await replyInput(deps, ctx, userId, body, key);
  const reply = await deps.calls.call(ctx, async (signal) => citedReply(await deps.calls.provider.chatReply({ ...input, signal }), input));
  await appendExchange(deps.db, userId, key.key, body.message, reply.text, reply.references);
  const notice = await noticeFor(deps, ctx, userId, input);
  return { success: true, message: reply.text, ...extras(reply.references, notice) };
}

/**
 * send_message as Server-Sent Events: `token` per delta as the model sends it, then `done`
 * with the whole reply (trimmed; exactly what is stored) or `error`. The exchange is stored
 * only once the reply is complete: when the client disconnects mid-stream the model request
 * is aborted and nothing is stored (the client never saw a finished reply to keep).
 */
export async function replyAsStream(
  deps: ChatDeps,
  ctx: Koa.Context,
  userId: number,
  body: SendMessage,
  key: ConversationKey,
): Promise<void> {
  // Over the limit: a plain 429 answer, before any event is sent.
  await deps.calls.take(ctx, userId);
  const input = await replyInput(deps, ctx, userId, body, key);
  const stream = openEventStream(ctx);
  try {
    let reply: ReturnType<typeof citedReply>;
    try {
      const deltas = deps.calls.provider.chatReplyStream({ ...input, signal: stream.signal });
      for await (const text of deltas) stream.send('token', { text });
      // The tokens are out already: `done` carries the reply as kept, without a stray [n].
      reply = citedReply(deltas.text, input);
    } catch (err) {
      if (stream.closed) {
        log(ctx)?.info('client left mid-stream; model request aborted, nothing stored');
        return;
      }
      log(ctx)?.warn({ err }, 'model stream failed');
      stream.send('error', streamFailure(deps.calls.failure(err).errors));
      return;
    }
    if (stream.closed) return;
    try {
      await appendExchange(deps.db, userId, key.key, body.message, reply.text, reply.references);
    } catch (err) {
      log(ctx)?.error({ err }, 'storing the reply failed');
      stream.send('error', streamFailure([REQUEST_MESSAGES.internal]));
      return;
    }
    const notice = await noticeFor(deps, ctx, userId, input);
    stream.send('done', { success: true, message: reply.text, ...extras(reply.references, notice) } satisfies SendMessageAnswer);
  } finally {
    stream.end();
  }
}

/** The coach's answers without their citations: what they cite belongs to the chat, never to the document. */
const uncited = (messages: ChatMessage[]): ChatMessage[] =>
  messages.map((m) => (m.role === 'assistant' ? { ...m, content: withoutCitations(m.content) } : m));

/**
 * suggest_edits: the provider's new content (from the selected messages, else the history) and
 * its line diff. The proposal is a user's document: no `[n]` and no Sources line goes into it
 * (docs/search.md#answers-that-cite-your-notes), neither from the answers it is made from nor
 * from the model.
 */
export async function suggestEdits(
  deps: ChatDeps,
  ctx: Koa.Context,
  userId: number,
  body: SuggestEdits,
  key: ConversationKey | undefined,
): Promise<SuggestEditsAnswer> {
  await deps.calls.take(ctx, userId);
  const history = uncited(await historyFor(deps, userId, key, body.conversation_history));
  const selected = body.selected_messages ? uncited(asModelHistory(body.selected_messages)) : [];
  const suggested = await deps.calls.call(ctx, async (signal) =>
    withoutCitations(
      await deps.calls.provider.suggestEdits({
        folder: body.folder ?? '',
        fileName: body.file_name ?? '',
        fileContent: body.file_content,
        history,
        ...(selected.length ? { selectedMessages: selected } : {}),
        ...(body.message ? { message: body.message } : {}),
        signal,
      }),
      body.file_content,
    ),
  );
  return { success: true, diff: lineDiff(body.file_content, suggested), suggested_content: suggested };
}
