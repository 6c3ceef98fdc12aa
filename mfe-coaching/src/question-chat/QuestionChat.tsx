import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { COACHING_TIMING } from '@cc/contracts/coaching-rules';
import { ChatAnswer, ChatNotesSetting, noticesOnce } from '@cc/ui';
import type { QuestionChat as Chat } from './useQuestionChat';

/**
 * The question's chat: messages, the typing indicator while the coach answers, the input
 * disabled while sending (docs/coaching.md#question-chat). Its own view rather than @cc/ui's ChatPanel, which talks to
 * /ai_chat only; the look (cc-chat classes) is the panel's.
 */
export function QuestionChat({ chat, busy, busyText }: { chat: Chat; busy?: boolean; busyText?: string }) {
  const [input, setInput] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      const log = logRef.current;
      if (log) log.scrollTop = log.scrollHeight;
    }, COACHING_TIMING.typingScrollDelayMs);
    return () => clearTimeout(timer);
  }, [chat.lines, chat.sending]);

  const resize = () => {
    const el = textRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COACHING_TIMING.chatTextareaMaxHeightPx)}px`;
  };

  const disabled = chat.sending || Boolean(busy);
  const notices = noticesOnce(chat.lines);
  const submit = () => {
    if (disabled || !input.trim()) return;
    const text = input;
    setInput('');
    void chat.send(text).then(() => textRef.current?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section className="cc-chat coaching-chat" aria-label="Coach" data-testid="question-chat">
      <div className="cc-chat-log coaching-chat-log" ref={logRef} role="log" aria-live="polite">
        {chat.lines.map((line, index) => (
          <div
            key={index}
            className={`cc-chat-msg cc-chat-msg--${line.role}${line.error ? ' cc-chat-msg--error' : ''}`}
            data-role={line.role}
          >
            {line.role === 'assistant' && !line.error ? (
              <ChatAnswer text={line.content} references={line.references} notice={notices[index]} />
            ) : (
              <p>{line.content}</p>
            )}
          </div>
        ))}
        {chat.sending && (
          <div className="cc-chat-typing" data-testid="chat-typing" role="status" aria-label="The coach is typing">
            <span className="cc-chat-dot" aria-hidden="true" />
            <span className="cc-chat-dot" aria-hidden="true" />
            <span className="cc-chat-dot" aria-hidden="true" />
          </div>
        )}
        {busy && busyText && <p className="coaching-note">{busyText}</p>}
      </div>
      <form
        className="coaching-chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={textRef}
          aria-label="Your answer"
          rows={2}
          value={input}
          disabled={disabled}
          placeholder="Answer the coach…"
          onChange={(event) => {
            setInput(event.target.value);
            resize();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button-primary" disabled={disabled || !input.trim()}>
          Send
        </button>
      </form>
      <ChatNotesSetting />
    </section>
  );
}
