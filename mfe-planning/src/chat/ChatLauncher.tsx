import { useEffect, useId, useState, type ComponentType, type KeyboardEvent } from 'react';
import { PLANNING_CHAT as C } from '@cc/contracts/planning-rules';
import { readStored } from '@cc/ui/storage';
import type { PlanningChatProps } from './PlanningChat';
import { chatGreeting } from './greetings';
import './chat.css';

let chatModule: Promise<ComponentType<PlanningChatProps>> | null = null;
/** Once loaded, another tab's chat shows the panel at once. */
let loadedChat: ComponentType<PlanningChatProps> | null = null;
function loadChat(): Promise<ComponentType<PlanningChatProps>> {
  chatModule ??= import(/* webpackChunkName: "planning-chat" */ './PlanningChat').then(
    (m) => (loadedChat = m.default),
    (error: unknown) => {
      chatModule = null;
      throw error;
    },
  );
  return chatModule;
}

/** Whether this browser keeps a planning conversation of this account (`chat:planning/planning.md`, docs/chat.md#in-the-browser). */
function hasStoredConversation(): boolean {
  const stored = readStored<{ conversationHistory?: unknown[] } | null>(`chat:${C.folder}/${C.conversationFile}`);
  return Array.isArray(stored?.conversationHistory) && stored.conversationHistory.length > 0;
}

/**
 * The planning chat as the page first shows it: its greeting and message box, without the chat
 * panel's code (markdown, sanitizer, streaming: about 55 KB gzipped), which loads as soon as the
 * user reaches for it (pointer over it, focus, a key). What was typed meanwhile is kept, and a
 * message sent before it loaded is sent once it has.
 */
export function ChatLauncher(props: Omit<PlanningChatProps, 'start'>) {
  // The placeholder stays (same box, same focus) until the panel's code is there, then swaps once.
  const [Chat, setChat] = useState<ComponentType<PlanningChatProps> | null>(() => loadedChat);
  const [draft, setDraft] = useState('');
  const [queued, setQueued] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const inputId = useId();
  // A conversation to show: the panel loads now, and its lines show once, rather than the
  // greeting first and the conversation in its place later.
  const [resuming] = useState(() => !loadedChat && hasStoredConversation());
  const want = () => {
    if (!Chat)
      void loadChat().then(
        (component) => setChat(() => component),
        (error: unknown) => console.warn('[planning] the chat did not load', error),
      );
  };
  useEffect(() => {
    if (resuming) want();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (draft.trim()) {
        setQueued(draft);
        setDraft('');
      }
    }
  };

  const facade = (
    <section className="chat-launcher" aria-label="Planning assistant" data-testid="chat-launcher" onPointerEnter={want} onFocus={want}>
      <div className="chat-launcher-log">
        {resuming ? (
          <p className="planning-status" role="status">
            <span className="spinner" aria-hidden="true" /> Loading your conversation…
          </p>
        ) : (
          <p className="chat-launcher-greeting">{chatGreeting(props.tab)}</p>
        )}
        {queued && <p className="chat-launcher-queued">{queued}</p>}
      </div>
      <div className="chat-launcher-compose">
        <label htmlFor={inputId} className="visually-hidden">
          Message
        </label>
        <textarea
          id={inputId}
          rows={1}
          value={draft}
          placeholder="Write a message…"
          onChange={(e) => setDraft(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button button-primary" disabled={!draft.trim()} onClick={() => (setQueued(draft), setDraft(''))}>
          Send
        </button>
      </div>
    </section>
  );

  if (!Chat) return facade;
  return <Chat {...props} start={{ draft, send: queued, focus: focused }} />;
}
