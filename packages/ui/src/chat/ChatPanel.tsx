import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { isInterviewStories, starComplete, starFromMessages, starStatus, type StarProgress, type StarPhase } from '@cc/ai/star';
import { Markdown } from '../Markdown';
import { Modal } from '../Modal';
import { readStored, removeStored, writeStored } from '../storage';
import { clearConversation, fetchChatStatus, fetchConversation, sendChatMessage } from './api';
import { baseSendPayload, chatStorageKey, isPersonKey } from './keys';
import { cleanMessages, type ChatMessage, type ChatMode, type ChatRole, type ChatStatus, type ConversationKey, type SelectedMessage, type SendMessagePayload } from './types';
import './chat.css';

/* ------------------------------------------------------------------ texts */

export const AGENT_MODE_TEXT = "Agent mode: I'll help edit your files";
export const ASK_MODE_TEXT = "Ask mode: I'll just chat, no file editing";
export const CHAT_ERROR_TEXT = 'Sorry, I encountered an error. Please try again.';
export const EMPTY_HISTORY_TEXT = 'No conversation history to update the file with. Please chat first!';
export const PERSON_GREETING = 'How can I help you think about this person today?';
export const PERSON_CLEARED_TEXT = 'Chat cleared for this person. How would you like to proceed?';
/** The clear-chat banner disappears after 3 s (dashboard spec §4, §9). */
export const CLEARED_BANNER_MS = 3000;
/** The log scrolls to the newest message 50 ms after it changes (coaching spec §9). */
export const SCROLL_DELAY_MS = 50;
export const TEXTAREA_MIN_PX = 40;
export const TEXTAREA_MAX_PX = 120;
/** Automatic update minimum for interview stories while the STAR context is gathered. */
export const STAR_MIN_CONVERSATION_LENGTH = 6;

export interface ChatLabels {
  /** Accessible name of the whole panel. */
  title: string;
  inputLabel: string;
  placeholder: string;
  /** Under the input (also its description). */
  inputHint: string;
  send: string;
  clear: string;
  /** The confirmation banner after clearing. */
  cleared: string;
  start: string;
  updateFile: string;
  updateDoc: string;
  updateDocTitle: string;
  updateDocPrompt: string;
  updateDocPromptLabel: string;
  cancel: string;
  /** Progress line while the parent runs a file update. */
  updating: string;
  emptyHistory: string;
  typing: string;
  agentMode: string;
  askMode: string;
  /** Before the provider's hint, when answers come from the offline coach. */
  offline: string;
  offlineHint: string;
  starProgress: string;
  selectMessage: (index: number, role: ChatRole) => string;
  you: string;
  assistant: string;
}

export const DEFAULT_CHAT_LABELS: ChatLabels = {
  title: 'Chat with your coach',
  inputLabel: 'Message',
  placeholder: 'Write a message…',
  inputHint: 'Enter sends · Shift+Enter adds a line',
  send: 'Send',
  clear: 'Clear chat',
  cleared: 'Chat cleared.',
  start: 'Start chat',
  updateFile: 'Update file',
  updateDoc: 'Update doc',
  updateDocTitle: 'Update the document from the selected messages',
  updateDocPrompt: 'Update the document using the selected messages.',
  updateDocPromptLabel: 'Prompt',
  cancel: 'Cancel',
  updating: 'Updating your file…',
  emptyHistory: EMPTY_HISTORY_TEXT,
  typing: 'The coach is typing…',
  agentMode: AGENT_MODE_TEXT,
  askMode: ASK_MODE_TEXT,
  offline: 'Answers come from the built-in offline coach (no AI model is connected).',
  offlineHint: 'To connect a model, set AI_BASE_URL, AI_MODEL and AI_API_KEY for the chat service and restart it.',
  starProgress: 'STAR progress',
  selectMessage: (index, role) => `Select message ${index + 1} (${role === 'user' ? 'you' : 'coach'})`,
  you: 'You',
  assistant: 'Coach',
};

/* ------------------------------------------------------------------ API */

export interface ChatPanelHandle {
  /** Sends a message as if typed (e.g. the dashboard's auto-open chat prompt). */
  send(text: string): Promise<void>;
  /** Starts an inactive chat (loads the stored conversation, syncs, greets). */
  start(): void;
  /** Clears the chat locally and on the server, with the banner. */
  clear(): Promise<void>;
  /** Adds a message to the conversation (e.g. 'Great! I've updated your file. How does that look?'). */
  appendMessage(role: ChatRole, content: string): void;
  /** Same as the update-file button: `onRequestUpdate`, or the empty-history line. */
  requestUpdate(prompt?: string): void;
  /** The conversation (greetings, error lines and notices excluded). */
  history(): ChatMessage[];
}

export interface ChatPanelProps {
  /** Which conversation: `{fileId?, folder?, fileName?}` or `{personId}`. Changing it switches chats. */
  conversation: ConversationKey;
  /**
   * The send_message body. Receives the documented base payload (message, mode,
   * conversation_history, and file_content '' / file_name / folder / file_id, or person_id)
   * and returns what to send: add the open file's content, a context summary, etc.
   */
  buildPayload?: (base: SendMessagePayload) => Record<string, unknown>;
  /** Show the Agent / Ask buttons (default: true for file chats, false for people). */
  showModes?: boolean;
  /** Starting mode (default 'agent'). People chats always send 'ask'. */
  initialMode?: ChatMode;
  /** First assistant line when the history is empty (default: a context-aware greeting). */
  greeting?: string;
  /**
   * Conversation length (messages) from which the update-file button is marked ready and,
   * with `autoUpdate`, an update is requested automatically (default 3; interview stories
   * need 6 while the STAR context is still being gathered).
   */
  minConversationLength?: number;
  /** In agent mode, request a file update once the conversation is long enough (default false). */
  autoUpdate?: boolean;
  /**
   * The user asked to update the file: from selected messages and an edited prompt ('update
   * doc'), or from the whole conversation (update-file button: both undefined). Without it,
   * selection and the update buttons are hidden.
   */
  onRequestUpdate?: (selected: SelectedMessage[] | undefined, prompt: string | undefined, history: ChatMessage[]) => void;
  /** A file update runs (parent-controlled): a progress line shows, input and send are disabled. */
  updating?: boolean;
  /** Disables input and send (parent-controlled). */
  disabled?: boolean;
  /** Send only the last N messages as conversation_history (planning: 6). */
  historyLimit?: number;
  /**
   * The assistant line shown when a reply fails (default 'Sorry, I encountered an error.
   * Please try again.'); a function gets the error (an ApiError: `errors`, `status` 0 for a
   * network failure), e.g. the meeting chat's 'Network error. Please try again.'.
   */
  errorText?: string | ((error: unknown) => string);
  /** Disable the textarea while waiting for a reply (the onboarding chat does). */
  disableInputWhileSending?: boolean;
  /** Start at once (default true); otherwise on the first send or the start button. */
  autoStart?: boolean;
  /** Ask for streamed answers (default true). */
  stream?: boolean;
  /** Ask /ai_chat/status and show the offline-coach note (default true). */
  showProviderStatus?: boolean;
  /** Called whenever the conversation changes. */
  onHistoryChange?: (history: ChatMessage[]) => void;
  /**
   * Called once per start or switch, after the server sync (answered or failed), with the
   * conversation: e.g. the question chat sends its first message when it is empty.
   */
  onSynced?: (history: ChatMessage[]) => void;
  labels?: Partial<ChatLabels>;
  className?: string;
  ref?: Ref<ChatPanelHandle>;
}

type ItemKind = 'greeting' | 'notice' | 'error';
interface Item extends ChatMessage {
  /** Lines shown but not part of the conversation (not stored, not sent, not selectable). */
  kind?: ItemKind;
}

/** What `chat:{folder/file}` holds (dashboard spec §3: the Conversation entity). */
export interface StoredConversation {
  conversationHistory: ChatMessage[];
  starProgress?: StarProgress;
  currentStarPhase?: StarPhase;
  contextGatheringPhase?: boolean;
}

export function loadStoredConversation(storageKey: string | null): ChatMessage[] {
  if (!storageKey) return [];
  const stored = readStored<unknown>(storageKey);
  if (Array.isArray(stored)) return cleanMessages(stored);
  if (stored && typeof stored === 'object') {
    const s = stored as { conversationHistory?: unknown; messages?: unknown };
    return cleanMessages(s.conversationHistory ?? s.messages);
  }
  return [];
}

const historyOf = (items: readonly Item[]): ChatMessage[] => items.filter((i) => !i.kind).map(({ role, content }) => ({ role, content }));

function defaultGreeting(key: ConversationKey): string {
  if (isPersonKey(key)) return PERSON_GREETING;
  if (key.folder && isInterviewStories(key.folder)) {
    return "Let's shape this interview story with the STAR method. Start with the **Situation**: where were you, and what was going on?";
  }
  const name = (key.fileName ?? '').replace(/\.md$/i, '').trim();
  if (name) return `Hi! Let's work on **${name}**. Ask me anything about it, or tell me what you'd like to change.`;
  return 'Hi! How can I help you today?';
}

function resize(el: HTMLTextAreaElement | null) {
  if (!el) return;
  if (el.value === '') {
    // Empty: the minimum (a wrapped placeholder must not make it grow).
    el.style.height = `${TEXTAREA_MIN_PX}px`;
    el.style.overflowY = 'hidden';
    return;
  }
  el.style.height = 'auto';
  // scrollHeight leaves the borders out; with border-box sizing the height includes them.
  const borders = typeof getComputedStyle === 'function' && getComputedStyle(el).boxSizing === 'border-box' ? el.offsetHeight - el.clientHeight : 0;
  const full = el.scrollHeight + Math.max(0, borders);
  el.style.height = `${Math.min(TEXTAREA_MAX_PX, Math.max(TEXTAREA_MIN_PX, full))}px`;
  el.style.overflowY = full > TEXTAREA_MAX_PX ? 'auto' : 'hidden';
}

/**
 * The chat used by every chat in the product (file chat, journal, planning, coaching,
 * meetings, people): messages with markdown answers (sanitized), streaming, typing
 * indicator, Agent/Ask modes, clear with a banner, selectable messages with 'update doc',
 * local persistence synced with the server, STAR progress for interview stories, and the
 * offline-coach note.
 */
export function ChatPanel(props: ChatPanelProps) {
  const {
    conversation,
    showModes = !isPersonKey(conversation),
    initialMode = 'agent',
    updating = false,
    disabled = false,
    disableInputWhileSending = false,
    autoStart = true,
    showProviderStatus = true,
    onRequestUpdate,
    className,
    ref,
  } = props;
  const labels = useMemo(() => ({ ...DEFAULT_CHAT_LABELS, ...props.labels }), [props.labels]);
  const storageKey = chatStorageKey(conversation);
  const identity = storageKey ?? JSON.stringify(conversation);
  const person = isPersonKey(conversation);
  const folder = person ? '' : (conversation.folder ?? '');
  const star = !person && isInterviewStories(folder);

  // Latest props for the async paths (they must not restart effects).
  const propsRef = useRef(props);
  propsRef.current = props;
  const keyRef = useRef<ConversationKey>(conversation);
  keyRef.current = conversation;
  const storageKeyRef = useRef(storageKey);
  storageKeyRef.current = storageKey;

  const [items, setItemsState] = useState<Item[]>([]);
  const itemsRef = useRef<Item[]>([]);
  const [active, setActive] = useState(false);
  const activeRef = useRef(false);
  const [mode, setMode] = useState<ChatMode>(initialMode);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const [streamText, setStreamText] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<string | null>(null);
  const [status, setStatus] = useState<ChatStatus | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);
  const [prompt, setPrompt] = useState('');

  /** Bumped on every switch and clear: answers for an older generation are dropped. */
  const generation = useRef(0);
  const abortRef = useRef<AbortController | null>(null);
  const autoFired = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  const modeTextId = useId();

  const greetingItem = useCallback(
    (): Item => ({ role: 'assistant', content: propsRef.current.greeting ?? defaultGreeting(keyRef.current), kind: 'greeting' }),
    [],
  );

  /** Sets the shown lines; `persist` writes the conversation to localStorage. */
  const commit = useCallback((next: Item[], persist = true) => {
    itemsRef.current = next;
    setItemsState(next);
    const history = historyOf(next);
    const key = storageKeyRef.current;
    if (persist && key) {
      if (history.length === 0) {
        removeStored(key);
      } else {
        const value: StoredConversation = { conversationHistory: history };
        if (!isPersonKey(keyRef.current) && isInterviewStories(keyRef.current.folder ?? '')) {
          const progress = starFromMessages(history);
          value.starProgress = progress;
          value.currentStarPhase = starStatus(progress).phase;
          value.contextGatheringPhase = !starComplete(progress);
        }
        writeStored(key, value);
      }
    }
    propsRef.current.onHistoryChange?.(history);
  }, []);

  const stopPending = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    pendingRef.current = false;
    setPending(false);
    setStreamText(null);
  }, []);

  /** Loads the stored conversation, greets when it is empty, then syncs with the server. */
  const activate = useCallback(() => {
    const gen = generation.current;
    const local = loadStoredConversation(storageKeyRef.current);
    const initial: Item[] = local.length > 0 ? local : [greetingItem()];
    commit(initial, false);
    activeRef.current = true;
    setActive(true);
    const key = keyRef.current;
    const shownAtStart = initial.length;
    fetchConversation(key)
      .then(
        (answer) => {
          if (gen !== generation.current || answer.messages.length === 0) return;
          // The server wins when it has messages; lines added since the start are kept after them.
          commit([...answer.messages, ...itemsRef.current.slice(shownAtStart)]);
          setSelected(new Set());
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          console.warn('[chat] could not sync the conversation with the server; keeping the local copy', error);
        },
      )
      .then(() => {
        if (gen === generation.current) propsRef.current.onSynced?.(historyOf(itemsRef.current));
      });
  }, [commit, greetingItem]);

  // Start, and switch conversations when the key changes (before paint: no empty flash).
  useLayoutEffect(() => {
    generation.current += 1;
    stopPending();
    autoFired.current = false;
    setSelected(new Set());
    setPromptOpen(false);
    if (autoStart || activeRef.current) {
      activate();
    } else {
      commit([], false);
      activeRef.current = false;
      setActive(false);
    }
    return () => {
      // Unmount or switch: drop whatever is in flight for this conversation.
      generation.current += 1;
      abortRef.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identity]);

  useEffect(() => {
    if (!showProviderStatus) return;
    let live = true;
    void fetchChatStatus().then((s) => {
      if (live) setStatus(s);
    });
    return () => {
      live = false;
    };
  }, [showProviderStatus]);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  // Keep the newest line in view (50 ms after a change, coaching spec §9).
  useEffect(() => {
    const timer = setTimeout(() => {
      const log = logRef.current;
      if (log) log.scrollTop = log.scrollHeight;
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [items, streamText, pending]);

  // The textarea grows with its content from 40 to 120 px, then scrolls.
  useLayoutEffect(() => resize(textareaRef.current), [input]);

  const history = useMemo(() => historyOf(items), [items]);
  const progress = useMemo(() => (star ? starFromMessages(history) : null), [star, history]);
  const minLength = props.minConversationLength ?? 3;
  const effectiveMin = progress && !starComplete(progress) ? STAR_MIN_CONVERSATION_LENGTH : minLength;

  const requestUpdate = useCallback(
    (selectedMessages?: SelectedMessage[], text?: string) => {
      const current = historyOf(itemsRef.current);
      if (current.length === 0) {
        commit([...itemsRef.current, { role: 'assistant', content: labels.emptyHistory, kind: 'notice' }], false);
        return;
      }
      propsRef.current.onRequestUpdate?.(selectedMessages, text, current);
    },
    [commit, labels.emptyHistory],
  );

  const send = useCallback(
    async (raw: string) => {
      const message = raw.trim();
      const p = propsRef.current;
      if (!message || pendingRef.current || p.updating || p.disabled) return;
      if (!activeRef.current) activate();
      const gen = generation.current;
      const prior = historyOf(itemsRef.current);
      commit([...itemsRef.current, { role: 'user', content: message }]);
      const limit = p.historyLimit;
      const sentHistory = limit !== undefined && limit >= 0 ? prior.slice(Math.max(0, prior.length - limit)) : prior;
      const base = baseSendPayload(keyRef.current, message, sentHistory, mode);
      const controller = new AbortController();
      abortRef.current = controller;
      pendingRef.current = true;
      setPending(true);
      setStreamText(null);
      try {
        const payload = p.buildPayload ? p.buildPayload(base) : base;
        const reply = await sendChatMessage(payload, {
          signal: controller.signal,
          stream: p.stream ?? true,
          onText: (text) => {
            if (gen === generation.current) setStreamText(text);
          },
        });
        if (gen !== generation.current) return;
        commit([...itemsRef.current, { role: 'assistant', content: reply }]);
        const now = historyOf(itemsRef.current);
        const q = propsRef.current;
        if (q.autoUpdate && q.onRequestUpdate && mode === 'agent' && !autoFired.current) {
          const progressNow = star ? starFromMessages(now) : null;
          const min = progressNow && !starComplete(progressNow) ? STAR_MIN_CONVERSATION_LENGTH : (q.minConversationLength ?? 3);
          if (now.length >= min) {
            autoFired.current = true;
            q.onRequestUpdate(undefined, undefined, now);
          }
        }
      } catch (error) {
        if (gen !== generation.current || controller.signal.aborted) return;
        console.warn('[chat] the reply failed', error);
        const errorText = propsRef.current.errorText;
        const line = typeof errorText === 'function' ? errorText(error) : (errorText ?? CHAT_ERROR_TEXT);
        commit([...itemsRef.current, { role: 'assistant', content: line || CHAT_ERROR_TEXT, kind: 'error' }], false);
      } finally {
        if (gen === generation.current) {
          abortRef.current = null;
          pendingRef.current = false;
          setPending(false);
          setStreamText(null);
        }
      }
    },
    [activate, commit, mode, star],
  );

  const clear = useCallback(async () => {
    generation.current += 1;
    stopPending();
    autoFired.current = false;
    setSelected(new Set());
    setPromptOpen(false);
    const key = keyRef.current;
    commit([greetingItem()]);
    activeRef.current = true;
    setActive(true);
    setBanner(labels.cleared);
    clearTimeout(bannerTimer.current);
    bannerTimer.current = setTimeout(() => setBanner(null), CLEARED_BANNER_MS);
    try {
      await clearConversation(key);
    } catch (error) {
      // Cleared locally regardless of the server's answer.
      console.warn('[chat] could not clear the conversation on the server', error);
    }
  }, [commit, greetingItem, labels.cleared, stopPending]);

  const submit = () => {
    const text = input;
    if (!text.trim() || pendingRef.current || updating || disabled) return;
    setInput('');
    void send(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  useImperativeHandle(
    ref,
    () => ({
      send: (text: string) => send(text),
      start: () => {
        if (!activeRef.current) activate();
      },
      clear,
      appendMessage: (role: ChatRole, content: string) => {
        if (!activeRef.current) activate();
        commit([...itemsRef.current, { role, content }]);
      },
      requestUpdate: (text?: string) => requestUpdate(undefined, text),
      history: () => historyOf(itemsRef.current),
    }),
    [activate, clear, commit, requestUpdate, send],
  );

  const selectable = Boolean(onRequestUpdate);
  const busy = pending || updating || disabled;
  const inputDisabled = updating || disabled || (pending && disableInputWhileSending);
  const selectedMessages: SelectedMessage[] = useMemo(
    () =>
      [...selected]
        .sort((a, b) => a - b)
        .flatMap((index) => (history[index] ? [{ index, role: history[index].role, content: history[index].content }] : [])),
    [selected, history],
  );

  const toggle = (index: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const openPrompt = () => {
    setPrompt(labels.updateDocPrompt);
    setPromptOpen(true);
  };

  const sendPrompt = () => {
    const text = prompt.trim() || labels.updateDocPrompt;
    setPromptOpen(false);
    setSelected(new Set());
    requestUpdate(selectedMessages, text);
  };

  const starInfo = progress ? starStatus(progress) : null;
  let historyIndex = -1;

  return (
    <section
      className={className ? `cc-chat ${className}` : 'cc-chat'}
      aria-label={labels.title}
      data-testid="chat-panel"
      data-active={active ? 'true' : 'false'}
      data-mode={person ? 'ask' : mode}
    >
      <div className="cc-chat-toolbar">
        {showModes && (
          <div className="cc-chat-modes" role="group" aria-label="Chat mode">
            <button type="button" className="cc-chat-mode" aria-pressed={mode === 'agent'} onClick={() => setMode('agent')} aria-describedby={modeTextId}>
              Agent
            </button>
            <button type="button" className="cc-chat-mode" aria-pressed={mode === 'ask'} onClick={() => setMode('ask')} aria-describedby={modeTextId}>
              Ask
            </button>
          </div>
        )}
        <div className="cc-chat-actions">
          {!active && (
            <button type="button" className="cc-chat-button" onClick={() => activate()}>
              {labels.start}
            </button>
          )}
          {selectable && active && history.length > 0 && (
            <button
              type="button"
              className={`cc-chat-button cc-chat-update${history.length >= effectiveMin ? ' cc-chat-update--ready' : ''}`}
              data-ready={history.length >= effectiveMin ? 'true' : 'false'}
              disabled={busy}
              onClick={() => requestUpdate()}
            >
              {labels.updateFile}
            </button>
          )}
          <button type="button" className="cc-chat-button cc-chat-clear" onClick={() => void clear()} disabled={updating}>
            {labels.clear}
          </button>
        </div>
      </div>
      {showModes && (
        <p className="cc-chat-mode-text" id={modeTextId} data-testid="chat-mode-text">
          {mode === 'agent' ? labels.agentMode : labels.askMode}
        </p>
      )}
      {starInfo && (
        <p className="cc-chat-star" data-testid="chat-star-progress" data-phase={starInfo.phase}>
          <span className="cc-chat-star-label">{labels.starProgress}:</span> <strong>{starInfo.text}</strong>{' '}
          <span className="cc-chat-star-phase">{starInfo.label}</span>
          <span className="cc-chat-star-bar" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className={i < starInfo.count ? 'cc-chat-star-step cc-chat-star-step--done' : 'cc-chat-star-step'} />
            ))}
          </span>
        </p>
      )}
      {status?.provider === 'offline' && (
        <p className="cc-chat-offline" data-testid="chat-offline-note">
          {labels.offline} {status.hint || labels.offlineHint}
        </p>
      )}
      {banner && (
        <p className="cc-chat-banner" role="status" data-testid="chat-cleared-banner">
          {banner}
        </p>
      )}

      <div className="cc-chat-log" role="log" aria-live="polite" aria-label="Messages" aria-busy={pending} ref={logRef}>
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
              <span className="cc-chat-visually-hidden">{item.role === 'user' ? labels.you : labels.assistant}: </span>
              {item.role === 'assistant' ? <Markdown text={item.content} images={false} className="cc-chat-text" /> : <div className="cc-chat-text cc-chat-plain">{item.content}</div>}
              {selectable && inHistory && (
                <label className="cc-chat-select">
                  <input type="checkbox" checked={isSelected} onChange={() => toggle(index)} aria-label={labels.selectMessage(index, item.role)} />
                </label>
              )}
            </div>
          );
        })}
        {pending && streamText !== null && (
          <div className="cc-chat-msg cc-chat-msg--assistant cc-chat-msg--streaming" data-role="assistant" data-streaming="true">
            <span className="cc-chat-visually-hidden">{labels.assistant}: </span>
            <Markdown text={streamText} images={false} className="cc-chat-text" />
          </div>
        )}
        {pending && streamText === null && (
          <div className="cc-chat-typing" data-testid="chat-typing">
            <span className="cc-chat-visually-hidden">{labels.typing}</span>
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

      {selectable && selectedMessages.length > 0 && (
        <div className="cc-chat-selection">
          <span>{selectedMessages.length === 1 ? '1 message selected' : `${selectedMessages.length} messages selected`}</span>
          <button type="button" className="cc-chat-button cc-chat-update-doc" onClick={openPrompt} disabled={updating || disabled}>
            {labels.updateDoc}
          </button>
        </div>
      )}

      <form
        className="cc-chat-compose"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="cc-chat-visually-hidden">
          {labels.inputLabel}
        </label>
        <textarea
          id={inputId}
          ref={textareaRef}
          className="cc-chat-input"
          rows={1}
          value={input}
          placeholder={labels.placeholder}
          disabled={inputDisabled}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            setInput(event.target.value);
            resize(event.target);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="cc-chat-button cc-chat-send" disabled={busy || input.trim() === ''}>
          {labels.send}
        </button>
      </form>
      <p className="cc-chat-hint" id={`${inputId}-hint`}>
        {labels.inputHint}
      </p>

      <Modal
        open={promptOpen}
        onClose={() => setPromptOpen(false)}
        title={labels.updateDocTitle}
        initialFocusRef={promptRef}
        footer={
          <>
            <button type="button" className="cc-chat-button" onClick={() => setPromptOpen(false)}>
              {labels.cancel}
            </button>
            <button type="button" className="cc-chat-button cc-chat-button--primary" onClick={sendPrompt} disabled={updating || disabled}>
              {labels.send}
            </button>
          </>
        }
      >
        <label className="cc-chat-prompt-label" htmlFor={`${inputId}-prompt`}>
          {labels.updateDocPromptLabel}
        </label>
        <textarea id={`${inputId}-prompt`} ref={promptRef} className="cc-chat-prompt" rows={4} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
        <ul className="cc-chat-prompt-selected" aria-label="Selected messages">
          {selectedMessages.map((m) => (
            <li key={m.index}>
              <strong>{m.role === 'user' ? labels.you : labels.assistant}:</strong> {m.content.length > 140 ? `${m.content.slice(0, 137)}…` : m.content}
            </li>
          ))}
        </ul>
      </Modal>
    </section>
  );
}
