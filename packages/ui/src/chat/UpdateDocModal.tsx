import { useRef } from 'react';
import { Modal } from '../Modal';
import type { ChatLabels } from './labels';
import type { SelectedMessage } from './types';

export interface UpdateDocModalProps {
  labels: ChatLabels;
  open: boolean;
  onClose: () => void;
  /** The prompt textarea's id. */
  promptId: string;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  selectedMessages: readonly SelectedMessage[];
  onSend: () => void;
  sendDisabled: boolean;
}

/** Longer messages are cut in the list (the whole message is still sent). */
const QUOTE_CHARS = 140;

/** 'Update doc': edit the prompt that updates the document from the selected messages. */
export function UpdateDocModal({
  labels,
  open,
  onClose,
  promptId,
  prompt,
  onPromptChange,
  selectedMessages,
  onSend,
  sendDisabled,
}: UpdateDocModalProps) {
  const promptRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={labels.updateDocTitle}
      initialFocusRef={promptRef}
      footer={
        <>
          <button type="button" className="cc-chat-button" onClick={() => onClose()}>
            {labels.cancel}
          </button>
          <button type="button" className="cc-chat-button cc-chat-button--primary" onClick={() => onSend()} disabled={sendDisabled}>
            {labels.send}
          </button>
        </>
      }
    >
      <label className="cc-chat-prompt-label" htmlFor={promptId}>
        {labels.updateDocPromptLabel}
      </label>
      <textarea
        id={promptId}
        ref={promptRef}
        className="cc-chat-prompt"
        rows={4}
        value={prompt}
        onChange={(event) => onPromptChange(event.target.value)}
      />
      <ul className="cc-chat-prompt-selected" aria-label="Selected messages">
        {selectedMessages.map((m) => (
          <li key={m.index}>
            <strong>{m.role === 'user' ? labels.you : labels.assistant}:</strong>{' '}
            {m.content.length > QUOTE_CHARS ? `${m.content.slice(0, QUOTE_CHARS - 3)}…` : m.content}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
