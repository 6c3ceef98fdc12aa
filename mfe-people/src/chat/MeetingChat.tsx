import { useCallback, useMemo } from 'react';
import { ChatPanel, type SendMessagePayload } from '@cc/ui';
import { MEETING_CHAT } from '@cc/contracts/people-rules';
import { meetingChatError } from './meetingChatErrors';

/**
 * The meeting chat (spec §7: folder 'meetings', file_name 'meeting-prep.md'), given the
 * meeting as it stands as the file's content. A lazy chunk with the preparation modal.
 */
export default function MeetingChat({ meetingText }: { meetingText: () => string }) {
  const conversation = useMemo(() => ({ folder: MEETING_CHAT.folder, fileName: MEETING_CHAT.fileName }), []);
  const buildPayload = useCallback((base: SendMessagePayload) => ({ ...base, file_content: meetingText() }), [meetingText]);
  const labels = useMemo(() => ({ title: 'Meeting chat', assistant: 'Assistant' }), []);
  return (
    <ChatPanel
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
