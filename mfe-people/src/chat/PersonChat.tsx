import { useEffect, useMemo, useRef } from 'react';
import { ChatPanel, fetchConversation, PERSON_CLEARED_TEXT, PERSON_GREETING, type ChatPanelHandle } from '@cc/ui';
import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';

/**
 * The person chat (docs/people.md#person-chat): the shared panel in ask mode with person_id. It stays
 * inactive until the first message or until the person's conversation has been synced with
 * the server; then it shows the cached history or the greeting. A lazy chunk.
 */
export default function PersonChat({ personId, name }: { personId: number; name: string }) {
  const ref = useRef<ChatPanelHandle>(null);
  const conversation = useMemo(() => ({ personId }), [personId]);
  const labels = useMemo(() => ({ title: `Chat about ${name}`, cleared: PERSON_CLEARED_TEXT, assistant: 'Coach' }), [name]);

  useEffect(() => {
    const abort = new AbortController();
    fetchConversation(conversation, abort.signal)
      .catch(() => undefined)
      .then(() => {
        if (!abort.signal.aborted) ref.current?.start();
      });
    return () => abort.abort();
  }, [conversation]);

  return (
    <ChatPanel
      ref={ref}
      className="person-chat"
      conversation={conversation}
      autoStart={false}
      initialMode="ask"
      showModes={false}
      greeting={PERSON_GREETING}
      errorText={M.chatError}
      labels={labels}
    />
  );
}
