import type { KeyboardEvent } from 'react';
import type { ChatLabels } from './labels';
import { resizeTextarea, useAutosizeTextarea } from './useAutosizeTextarea';

export interface ChatComposerProps {
  labels: ChatLabels;
  /** The textarea's id; its hint is `${inputId}-hint`. */
  inputId: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter (without Shift, outside IME composition) or the send button. */
  onSubmit: () => void;
  inputDisabled: boolean;
  sendDisabled: boolean;
}

/** The message input (growing with its text) and the send button, with the keyboard hint under them. */
export function ChatComposer({ labels, inputId, value, onChange, onSubmit, inputDisabled, sendDisabled }: ChatComposerProps) {
  const textareaRef = useAutosizeTextarea(value);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <>
      <form
        className="cc-chat-compose"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor={inputId} className="cc-visually-hidden">
          {labels.inputLabel}
        </label>
        <textarea
          id={inputId}
          ref={textareaRef}
          className="cc-chat-input"
          rows={1}
          value={value}
          placeholder={labels.placeholder}
          disabled={inputDisabled}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            onChange(event.target.value);
            resizeTextarea(event.target);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="cc-chat-button cc-chat-send" disabled={sendDisabled}>
          {labels.send}
        </button>
      </form>
      <p className="cc-chat-hint" id={`${inputId}-hint`}>
        {labels.inputHint}
      </p>
    </>
  );
}
