// Not from '@cc/ui' itself: that would put the whole package (markdown, chat) in the dashboard's first visit.
import { KEEPALIVE_LIMIT_CHARS, trackPendingSave } from '@cc/ui/pending-saves';

/**
 * Sends a new order of folders or files (`send`, given the request options) so that it is not
 * lost: the page shows the order at the drop, before the server has it, so a reload or a closed
 * tab right after must not cancel the request. It outlives the page (fetch `keepalive`) when its
 * body fits the browser's cap for such requests (64 KiB in flight; a longer order goes as any
 * other call), and sign-out waits for it as for a text being saved (pending-saves).
 */
export function sendOrder<T>(body: unknown, send: (options: { keepalive: boolean }) => Promise<T>): Promise<T> {
  const keepalive = new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_LIMIT_CHARS;
  const saving = send({ keepalive });
  const untrack = trackPendingSave(() =>
    saving.then(
      () => true,
      () => false,
    ),
  );
  return saving.finally(untrack);
}
