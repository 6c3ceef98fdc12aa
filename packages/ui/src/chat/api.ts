import { api, ApiError, errorsFrom, isStreamed, type CallInput, type ServerEvent, type Streamed } from '@cc/client';
import { clearConversationBody, conversationQuery } from './keys';
import type { ChatReference } from '@cc/contracts';
import { cleanMessages, cleanReferences, type ChatStatus, type CitedMessage, type ConversationKey } from './types';

/** What the callers build loosely (a chat's payload); the service validates it against the route table. */
type BodyOf<K extends 'POST /ai_chat/send_message' | 'POST /ai_chat/suggest_edits' | 'POST /ai_chat/clear_conversation'> =
  CallInput<K>['body'];

export interface ConversationAnswer {
  success: boolean;
  conversation_id?: number | string | null;
  /** Assistant answers keep the notes they cite. */
  messages: CitedMessage[];
}

/** `GET /ai_chat/conversation?file_id=` | `?folder=&file_name=` | `?person_id=` */
export async function fetchConversation(key: ConversationKey, signal?: AbortSignal): Promise<ConversationAnswer> {
  const answer = await api.call(
    'GET /ai_chat/conversation',
    { query: conversationQuery(key) as CallInput<'GET /ai_chat/conversation'>['query'] },
    { signal },
  );
  // A failure throws; what arrives is the success answer.
  return {
    success: true,
    conversation_id: answer?.conversation_id ?? null,
    messages: cleanMessages(answer?.messages),
  };
}

/**
 * `POST /ai_chat/clear_conversation` with file_id, or folder + file_name, or person_id. The chat is
 * cleared on screen at once; the request outlives the page (`keepalive`), so a reload or a closed
 * tab right after Clear chat does not bring the old conversation back from the server.
 */
export function clearConversation(key: ConversationKey): Promise<unknown> {
  return api.call(
    'POST /ai_chat/clear_conversation',
    { body: clearConversationBody(key) as BodyOf<'POST /ai_chat/clear_conversation'> },
    { keepalive: true },
  );
}

export interface SuggestEditsAnswer {
  success: boolean;
  diff?: unknown;
  suggested_content?: string;
}

/** `POST /ai_chat/suggest_edits` (message, file_content, file_name, folder, conversation_history, selected_messages, file_id). */
export function suggestEdits(payload: Record<string, unknown>, signal?: AbortSignal): Promise<SuggestEditsAnswer> {
  return api.call(
    'POST /ai_chat/suggest_edits',
    { body: payload as BodyOf<'POST /ai_chat/suggest_edits'> },
    { signal },
  ) as Promise<SuggestEditsAnswer>;
}

let statusPromise: Promise<ChatStatus | null> | null = null;

/** `GET /ai_chat/status`, asked once per page (a failure is retried by the next caller). */
export function fetchChatStatus(): Promise<ChatStatus | null> {
  statusPromise ??= (api.call('GET /ai_chat/status') as Promise<ChatStatus | undefined>).then(
    (status) => status ?? null,
    (error: unknown) => {
      statusPromise = null;
      console.warn('[chat] could not read the AI provider status', error);
      return null;
    },
  );
  return statusPromise;
}

/** Forgets the cached status (tests, or after the provider was reconfigured). */
export function resetChatStatusCache(): void {
  statusPromise = null;
}

export interface SendOptions {
  signal?: AbortSignal;
  /** Ask for a streamed (SSE) answer (default true); the JSON answer is used when not streamed. */
  stream?: boolean;
  /** The answer so far, each time a streamed token arrives. */
  onText?: (textSoFar: string) => void;
}

interface SendAnswer {
  success?: boolean;
  message?: unknown;
  references?: unknown;
  notice?: unknown;
}

/** A chat's answer: its text, the user's notes it cites as `[n]`, and the line svc-chat says once (docs/chat.md#sources). */
export interface ChatReply {
  message: string;
  references: ChatReference[];
  notice?: string;
}

/** A chat answer that failed, as the client's error: its `errors` (the kit's one shape), else `otherwise`. */
function chatFailure(status: number, answer: unknown, otherwise: string): ApiError {
  const errors = errorsFrom(answer);
  return new ApiError(status, errors.length > 0 ? errors : [otherwise], answer);
}

/** What an answer adds to its text (the JSON answer and the stream's `done` carry the same fields). */
function extrasOf(answer: SendAnswer | undefined): Omit<ChatReply, 'message'> {
  const notice = typeof answer?.notice === 'string' && answer.notice.trim() ? answer.notice.trim() : undefined;
  return { references: cleanReferences(answer?.references), ...(notice ? { notice } : {}) };
}

function replyOf(answer: SendAnswer | undefined, status: number): ChatReply {
  if (answer && answer.success !== false && typeof answer.message === 'string') return { message: answer.message, ...extrasOf(answer) };
  throw chatFailure(status, answer, 'The chat did not answer');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `POST /ai_chat/send_message` through @cc/client; resolves with the assistant's reply, or
 * throws (ApiError or AbortError). Streaming: asks for Server-Sent Events and reads `event:
 * token` (`{"text"}` deltas), then `event: done` (`{"success":true,"message","references"?,
 * "notice"?}`) or `event: error`; when the server answers JSON instead, that answer is used.
 */
export async function sendChatReply(payload: object, options: SendOptions = {}): Promise<ChatReply> {
  const { signal, stream = true, onText } = options;
  const body = payload as BodyOf<'POST /ai_chat/send_message'>;
  if (!stream) return replyOf(await api.call('POST /ai_chat/send_message', { body }, { signal }), 200);

  let text = '';
  let final: ChatReply | undefined;
  const onEvent = ({ event, data }: ServerEvent): boolean => {
    const body = parseJson(data) as (SendAnswer & { text?: unknown }) | undefined;
    if (event === 'token') {
      if (body && typeof body.text === 'string' && body.text) {
        text += body.text;
        onText?.(text);
      }
      return false;
    }
    if (event === 'done') {
      if (body?.success === false) throw chatFailure(200, body, 'The chat failed');
      final = { message: typeof body?.message === 'string' ? body.message : text, ...extrasOf(body) };
      return true;
    }
    if (event === 'error') throw chatFailure(200, body, 'The chat failed');
    return false;
  };
  const answer = (await api.call('POST /ai_chat/send_message', { body }, { signal, onEvent })) as SendAnswer | Streamed;
  if (!isStreamed(answer)) return replyOf(answer, 200);
  if (final === undefined) throw new ApiError(0, ['The answer was cut off. Please try again.']);
  return final;
}

/** `sendChatReply`'s text only (for a caller that shows no sources). */
export async function sendChatMessage(payload: object, options: SendOptions = {}): Promise<string> {
  return (await sendChatReply(payload, options)).message;
}
