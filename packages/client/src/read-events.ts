import { ApiError, isAbort, NETWORK_ERROR_MESSAGE } from './errors';
import type { ServerEventHandler, Streamed } from './events';

// Loaded with the first streamed call (index.ts imports this module dynamically): every page
// loads the client, few stream, and the first /dashboard visit has a byte budget.

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
