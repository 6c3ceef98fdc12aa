import { useContext } from 'react';
import { QueryClientContext, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallAnswer } from '@cc/client';
import { USE_OTHER_NOTES_ERROR_TEXT, USE_OTHER_NOTES_TEXT } from './labels';
import { chatSettingsQuery, saveUseOtherNotes } from './settings';

type SettingsAnswer = CallAnswer<'GET /ai_chat/settings'>;

/**
 * "Let the coach use my other notes" at the foot of a chat (docs/chat.md#sources): the account's
 * setting, the same in every chat. Shown once the server has said what it is; a page without the
 * shell's QueryClient (a chat tested on its own) shows none.
 */
export function ChatNotesSetting() {
  return useContext(QueryClientContext) ? <NotesSetting /> : null;
}

function NotesSetting() {
  const queryClient = useQueryClient();
  const query = chatSettingsQuery();
  const { data } = useQuery(query);
  const save = useMutation({
    mutationFn: saveUseOtherNotes,
    // Every chat of the page shows the new value at once; a refused save puts the old one back.
    onMutate: async (useOtherNotes: boolean) => {
      await queryClient.cancelQueries({ queryKey: query.queryKey });
      const before = queryClient.getQueryData<SettingsAnswer>(query.queryKey);
      queryClient.setQueryData<SettingsAnswer>(query.queryKey, { success: true, settings: { use_other_notes: useOtherNotes } });
      return { before };
    },
    onError: (_error, _value, context) => {
      if (context?.before) queryClient.setQueryData(query.queryKey, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(query.queryKey, answer),
  });

  if (!data) return null;
  return (
    <div className="cc-chat-setting" data-testid="chat-notes-setting">
      <label>
        <input
          type="checkbox"
          checked={data.settings.use_other_notes}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />{' '}
        {USE_OTHER_NOTES_TEXT}
      </label>
      {save.isError && (
        <span className="cc-chat-setting-error" role="alert">
          {USE_OTHER_NOTES_ERROR_TEXT}
        </span>
      )}
    </div>
  );
}
