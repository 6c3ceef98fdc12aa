import { ApiError, isAbort, NETWORK_ERROR_MESSAGE } from './errors';

/** One Server-Sent Event: its `event:` name ('message' when absent), its joined `data:` lines, its `id:`. */
export interface ServerEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Handed each event of a streamed answer as it arrives; returning true says it was the last one
 * the caller needs (reading stops and the stream is cancelled). What it throws ends the call.
 */
export type ServerEventHandler = (event: ServerEvent) => boolean | void;

/** What a call with `onEvent` resolves with when the answer came as a stream rather than JSON. */
export interface Streamed {
  readonly streamed: true;
  /** The handler said the last event came (false: the stream ended or broke off before). */
  readonly completed: boolean;
}

export function isStreamed(value: unknown): value is Streamed {
  return typeof value === 'object' && value !== null && (value as { streamed?: unknown }).streamed === true;
}

export const EVENT_STREAM_TYPE = 'text/event-stream';

type ParserModule = typeof import('eventsource-parser');
let parserModule: Promise<ParserModule> | null = null;

/**
 * The SSE framing (eventsource-parser), fetched when the first streamed call starts: every page
 * loads this client, few of them stream, and the first /dashboard visit has a byte budget.
 */
export function loadEventParser(): Promise<ParserModule> {
  parserModule ??= import('eventsource-parser').catch((error: unknown) => {
    parserModule = null;
    throw error;
  });
  return parserModule;
}

/** Reads a text/event-stream answer to its end (or until the handler is done), event by event. */
export async function readEvents(response: Response, onEvent: ServerEventHandler): Promise<Streamed> {
  let completed = false;
  // The handler's own error (e.g. an `error` event) is the call's answer, not a broken connection.
  let failure: { error: unknown } | null = null;
  const reader = response.body?.getReader?.();
  try {
    const { createParser } = await loadEventParser();
    const parser = createParser({
      onEvent: ({ event, data, id }) => {
        if (completed || failure) return;
        try {
          if (onEvent({ event: event || 'message', data, ...(id ? { id } : {}) }) === true) completed = true;
        } catch (error) {
          failure = { error };
        }
      },
    });
    // At the end, a last event without its blank line still counts (the old hand-written parser's rule).
    const end = () => parser.feed('\n\n');
    if (!reader) {
      // No streaming body in this browser: the whole answer at once.
      parser.feed(await response.text());
      end();
    } else {
      const decoder = new TextDecoder();
      while (!completed && !failure) {
        const { done, value } = await reader.read();
        if (done) {
          parser.feed(decoder.decode());
          end();
          break;
        }
        parser.feed(decoder.decode(value, { stream: true }));
      }
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
  } finally {
    if (reader) reader.cancel().catch(() => undefined);
  }
  if (failure) throw (failure as { error: unknown }).error;
  return { streamed: true, completed };
}
