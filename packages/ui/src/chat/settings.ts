import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';

/**
 * The account's chat settings (docs/chat.md#sources), read once for every chat of the page from
 * the shell's QueryClient: cleared with every other answer at sign-out, never kept in storage.
 */
export const chatSettingsQuery = () => routeQuery('GET /ai_chat/settings');

/** `PATCH /ai_chat/settings`: whether answers may cite the user's other notes. */
export function saveUseOtherNotes(useOtherNotes: boolean) {
  return api.call('PATCH /ai_chat/settings', { body: { use_other_notes: useOtherNotes } });
}
