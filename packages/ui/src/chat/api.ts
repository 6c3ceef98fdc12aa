import { api, ApiError, CSRF_HEADER_NAME, getCsrfToken, NETWORK_ERROR_MESSAGE } from '@cc/client';
import { clearConversationBody, conversationQuery } from './keys';
import { SseParser, type SseEvent } from './sse';
import { cleanMessages, type ChatMessage, type ChatStatus, type ConversationKey } from './types';

/** Calls of svc-chat (through the gateway), shared by every chat in the product. */
export const CHAT_PATHS = {
  conversation: '/ai_chat/conversation',
  send: '/ai_chat/send_message',
  clear: '/ai_chat/clear_conversation',
  suggestEdits: '/ai_chat/suggest_edits',
  status: '/ai_chat/status',
} as const;

export interface ConversationAnswer {
  success: boolean;
  conversation_id?: number | string | null;
  messages: ChatMessage[];
}

/** `GET /ai_chat/conversation?file_id=` | `?folder=&file_name=` | `?person_id=` */
export async function fetchConversation(key: ConversationKey, signal?: AbortSignal): Promise<ConversationAnswer> {
  const answer = await api.get<{ success?: boolean; conversation_id?: number | string | null; messages?: unknown }>(CHAT_PATHS.conversation, {
    query: conversationQuery(key),
    signal,
  });
  return { success: answer?.success !== false, conversation_id: answer?.conversation_id ?? null, messages: cleanMessages(answer?.messages) };
}

/** `POST /ai_chat/clear_conversation` with file_id, or folder + file_name, or person_id. */
export function clearConversation(key: ConversationKey): Promise<unknown> {
  return api.post(CHAT_PATHS.clear, clearConversationBody(key));
}

export interface SuggestEditsAnswer {
  success: boolean;
  diff?: unknown;
  suggested_content?: string;
  error?: string;
}

/** `POST /ai_chat/suggest_edits` (message, file_content, file_name, folder, conversation_history, selected_messages, file_id). */
export function suggestEdits(payload: Record<string, unknown>, signal?: AbortSignal): Promise<SuggestEditsAnswer> {
  return api.post<SuggestEditsAnswer>(CHAT_PATHS.suggestEdits, payload, { signal });
}

let statusPromise: Promise<ChatStatus | null> | null = null;

/** `GET /ai_chat/status`, asked once per page (a failure is retried by the next caller). */
export function fetchChatStatus(): Promise<ChatStatus | null> {
  statusPromise ??= api.get<ChatStatus>(CHAT_PATHS.status).then(
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
  error?: unknown;
  errors?: unknown;
}

function replyOf(answer: SendAnswer | undefined, status: number): string {
  if (answer && answer.success !== false && typeof answer.message === 'string') return answer.message;
  const error = typeof answer?.error === 'string' && answer.error ? answer.error : 'The chat did not answer';
  throw new ApiError(status, [error], answer);
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Errors of a non-streamed, failed answer (same reading as @cc/client). */
function errorsOf(body: unknown, status: number): string[] {
  const b = body as SendAnswer | undefined;
  if (b && Array.isArray(b.errors)) return b.errors.map((e) => (typeof e === 'string' ? e : String((e as { message?: unknown })?.message ?? e)));
  if (b && typeof b.error === 'string' && b.error) return [b.error];
  return [`Request failed with status ${status}`];
}

/**
 * `POST /ai_chat/send_message`; resolves with the assistant's reply, or throws (ApiError or
 * AbortError). Streaming: sends `Accept: text/event-stream` and reads `event: token`
 * (`{"text"}` deltas), then `event: done` (`{"success":true,"message"}`) or `event: error`;
 * when the server answers JSON instead, that answer is used. Same-origin cookies, JSON body
 * and the `X-CSRF-Token` header, like @cc/client.
 */
export async function sendChatMessage(payload: object, options: SendOptions = {}): Promise<string> {
  const { signal, stream = true, onText } = options;
  if (!stream) return replyOf(await api.post<SendAnswer>(CHAT_PATHS.send, payload, { signal }), 200);

  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const token = getCsrfToken();
  if (token) headers[CSRF_HEADER_NAME] = token;

  let response: Response;
  try {
    response = await globalThis.fetch(CHAT_PATHS.send, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(payload),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
  }

  const type = response.headers.get('content-type') ?? '';
  if (!type.toLowerCase().includes('text/event-stream')) {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
    }
    const body = parseJson(text);
    if (!response.ok) throw new ApiError(response.status, errorsOf(body, response.status), body);
    return replyOf(body as SendAnswer | undefined, response.status);
  }
  if (!response.ok) throw new ApiError(response.status, [`Request failed with status ${response.status}`]);
  return readStream(response, onText);
}

async function readStream(response: Response, onText?: (text: string) => void): Promise<string> {
  const parser = new SseParser();
  let text = '';
  let final: string | undefined;

  const handle = (events: SseEvent[]): boolean => {
    for (const { event, data } of events) {
      const body = parseJson(data) as { text?: unknown; message?: unknown; error?: unknown; success?: unknown } | undefined;
      if (event === 'token') {
        if (body && typeof body.text === 'string' && body.text) {
          text += body.text;
          onText?.(text);
        }
      } else if (event === 'done') {
        if (body?.success === false) throw new ApiError(response.status, [typeof body.error === 'string' ? body.error : 'The chat failed'], body);
        final = typeof body?.message === 'string' ? body.message : text;
        return true;
      } else if (event === 'error') {
        throw new ApiError(response.status, [typeof body?.error === 'string' && body.error ? body.error : 'The chat failed'], body);
      }
    }
    return false;
  };

  const reader = response.body?.getReader?.();
  try {
    if (!reader) {
      // No streaming body in this browser: the whole answer at once.
      handle([...parser.push(await response.text()), ...parser.end()]);
    } else {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          handle([...parser.push(decoder.decode()), ...parser.end()]);
          break;
        }
        if (handle(parser.push(decoder.decode(value, { stream: true })))) break;
      }
    }
  } catch (error) {
    if (isAbort(error) || error instanceof ApiError) throw error;
    throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
  } finally {
    if (reader) reader.cancel().catch(() => undefined);
  }
  if (final === undefined) throw new ApiError(0, ['The answer was cut off. Please try again.']);
  return final;
}
