import { useCallback, useMemo } from 'react';
import { ChatPanel, type SendMessagePayload } from '@cc/ui';
import { errorText } from '@cc/client';
import { MEETING_CHAT, PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';

/** The meeting chat's error line (docs/people.md): the server's error, else a generic one; the network one when no answer came. */
const meetingChatError = (error: unknown) =>
  errorText(error, { separator: ' ', unknown: M.meetingChatTrouble, fallback: M.meetingChatNetwork });

/**
 * The meeting chat (docs/people.md#meetings: folder 'meetings'), one conversation per meeting
 * ('meeting-prep-{id}.md'), given the meeting as it stands as the file's content. A new meeting
 * has no conversation until its first save creates it. A lazy chunk with the preparation modal.
 */
export default function MeetingChat({ meetingId, meetingText }: { meetingId: number | null; meetingText: () => string }) {
  const conversation = useMemo(
    () => (meetingId === null ? null : { folder: MEETING_CHAT.folder, fileName: MEETING_CHAT.fileName(meetingId) }),
    [meetingId],
  );
  const buildPayload = useCallback((base: SendMessagePayload) => ({ ...base, file_content: meetingText() }), [meetingText]);
  const labels = useMemo(() => ({ title: 'Meeting chat', assistant: 'Coach' }), []);
  if (!conversation) {
    return (
      <section className="meeting-chat meeting-chat-waiting" aria-label="Meeting chat" data-testid="meeting-chat-waiting">
        <h3>Meeting chat</h3>
        <p className="muted">The chat for this meeting starts once the meeting exists: give it a title, a date or a goal.</p>
      </section>
    );
  }
  return (
    <ChatPanel
      key={meetingId}
      className="meeting-chat"
      conversation={conversation}
      initialMode="ask"
      showModes={false}
      buildPayload={buildPayload}
      errorText={meetingChatError}
      greeting="How can I help you prepare for this meeting?"
      labels={labels}
    />
  );
}
