import { useEffect, useRef } from 'react';
import { Markdown } from '../Markdown';
import { ChatAnswer } from './ChatAnswer';
import type { Item } from './conversation';
import type { ChatLabels } from './labels';
import { noticesOnce } from './references';

/** The log scrolls to the newest message 50 ms after it changes (docs/chat.md#in-the-browser). */
export const SCROLL_DELAY_MS = 50;

export interface ChatMessageListProps {
  labels: ChatLabels;
  items: readonly Item[];
  /** Conversation messages get a checkbox (their index is their place in the history). */
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (index: number) => void;
  /** Waiting for a reply: the streamed text so far, or the typing dots before it. */
  pending: boolean;
  streamText: string | null;
  updating: boolean;
  /** Sends a message whose reply failed again (a Retry button on it). */
  onRetry?: (item: Item) => void;
  retryDisabled?: boolean;
  /** What an assistant message shows (display only). */
  displayText?: (content: string) => string;
}

/**
 * The chat log: the messages (assistant ones as sanitized markdown, with the notes they cite),
 * the reply being written and the update progress.
 */
export function ChatMessageList(props: ChatMessageListProps) {
  const {
    labels,
    items,
    selectable,
    selected,
    onToggle,
    pending,
    streamText,
    updating,
    onRetry,
    retryDisabled = false,
    displayText,
  } = props;
  const shown = (text: string) => (displayText ? displayText(text) : text);
  const logRef = useRef<HTMLDivElement>(null);

  // Keep the newest line in view (50 ms after a change, docs/chat.md#in-the-browser).
  useEffect(() => {
    const timer = setTimeout(() => {
      const log = logRef.current;
      if (log) log.scrollTop = log.scrollHeight;
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [items, streamText, pending]);

  let historyIndex = -1;
  const notices = noticesOnce(items);
  return (
    // Focusable: a long conversation scrolls, and a keyboard user must be able to scroll it (axe: scrollable-region-focusable).
    <div className="cc-chat-log" role="log" aria-live="polite" aria-label="Messages" aria-busy={pending} ref={logRef} tabIndex={0}>
      {items.map((item, i) => {
        const inHistory = !item.kind;
        if (inHistory) historyIndex += 1;
        const index = historyIndex;
        const isSelected = inHistory && selected.has(index);
        return (
          <div
            key={i}
            className={`cc-chat-msg cc-chat-msg--${item.role}${item.kind ? ` cc-chat-msg--${item.kind}` : ''}${isSelected ? ' cc-chat-msg--selected' : ''}`}
            data-role={item.role}
            data-kind={item.kind}
            data-index={inHistory ? index : undefined}
          >
            <span className="cc-visually-hidden">{item.role === 'user' ? labels.you : labels.assistant}: </span>
            {item.role === 'assistant' ? (
              <ChatAnswer text={shown(item.content)} references={item.references} notice={notices[i]} />
            ) : (
              <div className="cc-chat-text cc-chat-plain">{item.content}</div>
            )}
            {item.kind === 'failed' && onRetry && (
              <div className="cc-chat-failed">
                <span>{labels.notSent}</span>
                <button type="button" className="cc-chat-retry" onClick={() => onRetry(item)} disabled={retryDisabled}>
                  {labels.retry}
                </button>
              </div>
            )}
            {selectable && inHistory && (
              <label className="cc-chat-select">
                <input
                  type="checkbox"
                  checked={isSelected}
                  onChange={() => onToggle(index)}
                  aria-label={labels.selectMessage(index, item.role)}
                />
              </label>
            )}
          </div>
        );
      })}
      {pending && streamText !== null && (
        <div className="cc-chat-msg cc-chat-msg--assistant cc-chat-msg--streaming" data-role="assistant" data-streaming="true">
          <span className="cc-visually-hidden">{labels.assistant}: </span>
          <Markdown text={shown(streamText)} images={false} className="cc-chat-text" />
        </div>
      )}
      {pending && streamText === null && (
        <div className="cc-chat-typing" data-testid="chat-typing">
          <span className="cc-visually-hidden">{labels.typing}</span>
          <span className="cc-chat-dot" aria-hidden="true" />
          <span className="cc-chat-dot" aria-hidden="true" />
          <span className="cc-chat-dot" aria-hidden="true" />
        </div>
      )}
      {updating && (
        <p className="cc-chat-progress" role="status" data-testid="chat-updating">
          <span className="cc-chat-spinner" aria-hidden="true" /> {labels.updating}
        </p>
      )}
    </div>
  );
}
