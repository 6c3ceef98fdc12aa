import { useCallback, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isInterviewStories, starFromMessages } from '@cc/contracts/star';
import { ChatComposer } from './ChatComposer';
import { ChatMessageList } from './ChatMessageList';
import { ChatNotesSetting } from './ChatNotesSetting';
import { ChatToolbar } from './ChatToolbar';
import { isUpdateFileCommand } from './commands';
import { updateThreshold, type Item } from './conversation';
import { isPersonKey } from './keys';
import { DEFAULT_CHAT_LABELS } from './labels';
import type { ChatPanelProps } from './panel-props';
import type { ChatMode, ChatRole, SelectedMessage } from './types';
import { UpdateDocModal } from './UpdateDocModal';
import { useChatConversation } from './useChatConversation';
import { useChatSend } from './useChatSend';
import { useProviderStatus } from './useProviderStatus';
import { useTimedBanner } from './useTimedBanner';
import '../controls.css';
import './chat.css';

// The panel's public API stays importable from here, where it has always been.
export {
  AGENT_MODE_TEXT,
  ASK_MODE_TEXT,
  CHAT_ERROR_TEXT,
  DEFAULT_CHAT_LABELS,
  EMPTY_HISTORY_TEXT,
  PERSON_CLEARED_TEXT,
  PERSON_GREETING,
  SOURCES_TEXT,
  USE_OTHER_NOTES_ERROR_TEXT,
  USE_OTHER_NOTES_TEXT,
  type ChatLabels,
} from './labels';
export type { ChatPanelHandle, ChatPanelProps } from './panel-props';
export { loadStoredConversation, STAR_MIN_CONVERSATION_LENGTH, type StoredConversation } from './conversation';
export { SCROLL_DELAY_MS } from './ChatMessageList';
export { TEXTAREA_MAX_PX, TEXTAREA_MIN_PX } from './useAutosizeTextarea';

/** The clear-chat banner disappears after 3 s (docs/dashboard.md#file-chat). */
export const CLEARED_BANNER_MS = 3000;

/**
 * The chat used by every chat in the product (file chat, journal, planning, coaching,
 * meetings, people): messages with markdown answers (sanitized), streaming, typing
 * indicator, Agent/Ask modes, clear with a banner, selectable messages with 'update doc',
 * local persistence synced with the server, STAR progress for interview stories, the
 * offline-coach note, answers that cite the user's notes, and the account's setting for that.
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
  const person = isPersonKey(conversation);
  const folder = person ? '' : (conversation.folder ?? '');
  const star = !person && isInterviewStories(folder);

  // Latest props for the async paths (they must not restart effects).
  const propsRef = useRef(props);
  propsRef.current = props;

  const [mode, setMode] = useState<ChatMode>(initialMode);
  const [input, setInput] = useState(props.initialInput ?? '');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [promptOpen, setPromptOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const inputId = useId();

  const chat = useChatConversation({
    conversation,
    greeting: props.greeting,
    onHistoryChange: props.onHistoryChange,
    onSynced: props.onSynced,
    onServerHistory: () => setSelected(new Set()),
  });
  const { identity, items, history, active, generation, append, remove, currentHistory } = chat;
  const { activate, deactivate, ensureActive, isActive, clear: resetConversation, whenLoaded } = chat;
  const { pending, streamText, isPending, send, reset: resetReply, abort: abortReply } = useChatSend({ ...props, mode, star }, chat);
  const status = useProviderStatus(showProviderStatus);
  const [banner, showBanner] = useTimedBanner(CLEARED_BANNER_MS);

  /** A switch or clear: late answers, the reply in flight, the selection and the prompt of the old conversation go. */
  const leaveConversation = useCallback(() => {
    generation.current += 1;
    resetReply();
    setSelected(new Set());
    setPromptOpen(false);
  }, [generation, resetReply]);

  // Start, and switch conversations when the key changes (before paint: no empty flash).
  useLayoutEffect(() => {
    leaveConversation();
    if (autoStart || isActive()) activate();
    else deactivate();
    return () => {
      // Unmount or switch: drop whatever is in flight for this conversation.
      generation.current += 1;
      abortReply();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conversation (`identity` names it); the helpers read the latest state themselves
  }, [identity]);

  const { starInFile } = props;
  const progress = useMemo(() => (star ? starFromMessages(history, { start: starInFile?.() }) : null), [star, history, starInFile]);
  const updateMinimum = updateThreshold(progress, props.minConversationLength);

  const requestUpdate = useCallback(
    async (selectedMessages?: SelectedMessage[], text?: string) => {
      // "update the file" typed while the stored conversation is still loading updates from it,
      // not from the empty history shown so far; a switch to another conversation meanwhile drops it.
      const asked = generation.current;
      await whenLoaded();
      if (generation.current !== asked) return;
      const current = currentHistory();
      if (current.length === 0) {
        append({ role: 'assistant', content: labels.emptyHistory, kind: 'notice' }, false);
        return;
      }
      propsRef.current.onRequestUpdate?.(selectedMessages, text, current);
    },
    [append, currentHistory, generation, labels.emptyHistory, whenLoaded],
  );

  const clear = useCallback(async () => {
    leaveConversation();
    const cleared = resetConversation();
    showBanner(labels.cleared);
    await cleared;
  }, [labels.cleared, leaveConversation, resetConversation, showBanner]);

  const selectable = Boolean(onRequestUpdate);

  const submit = () => {
    const text = input;
    if (!text.trim() || isPending() || updating || disabled) return;
    setInput('');
    // The coach invites the user to say "update the file": saying it does what the button does.
    if (selectable && !person && mode === 'agent' && isUpdateFileCommand(text)) {
      ensureActive();
      append({ role: 'user', content: text.trim(), kind: 'notice' }, false);
      void requestUpdate();
      return;
    }
    void send(text);
  };

  /** A message whose reply failed goes again, as a new message (its failed line and error line go). */
  const retry = (item: Item) => {
    if (isPending() || updating || disabled) return;
    remove(items.filter((i) => i === item || i.about === item));
    void send(item.content);
  };

  useImperativeHandle(
    ref,
    () => ({
      send: (text: string) => send(text),
      start: () => ensureActive(),
      clear,
      appendMessage: (role: ChatRole, content: string) => {
        ensureActive();
        append({ role, content });
      },
      requestUpdate: (text?: string) => void requestUpdate(undefined, text),
      history: () => currentHistory(),
    }),
    [append, clear, currentHistory, ensureActive, requestUpdate, send],
  );

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
    void requestUpdate(selectedMessages, text);
  };

  return (
    <section
      className={className ? `cc-chat ${className}` : 'cc-chat'}
      aria-label={labels.title}
      data-testid="chat-panel"
      data-active={active ? 'true' : 'false'}
      data-mode={person ? 'ask' : mode}
    >
      <ChatToolbar
        labels={labels}
        showModes={showModes}
        mode={mode}
        onModeChange={setMode}
        active={active}
        onStart={activate}
        showUpdate={selectable && active && history.length > 0}
        updateReady={history.length >= updateMinimum}
        updateDisabled={busy}
        onUpdate={() => void requestUpdate()}
        onClear={() => void clear()}
        clearDisabled={updating}
        starProgress={progress}
        providerStatus={status}
        banner={banner}
      />

      <ChatMessageList
        labels={labels}
        items={items}
        selectable={selectable}
        selected={selected}
        onToggle={toggle}
        pending={pending}
        streamText={streamText}
        updating={updating}
        onRetry={retry}
        retryDisabled={busy}
        displayText={props.displayText}
      />

      {selectable && selectedMessages.length > 0 && (
        <div className="cc-chat-selection">
          <span>{selectedMessages.length === 1 ? '1 message selected' : `${selectedMessages.length} messages selected`}</span>
          <button type="button" className="cc-chat-button cc-chat-update-doc" onClick={openPrompt} disabled={updating || disabled}>
            {labels.updateDoc}
          </button>
        </div>
      )}

      <ChatComposer
        labels={labels}
        inputId={inputId}
        value={input}
        onChange={setInput}
        onSubmit={submit}
        inputDisabled={inputDisabled}
        sendDisabled={busy || input.trim() === ''}
      />

      <ChatNotesSetting />

      <UpdateDocModal
        labels={labels}
        open={promptOpen}
        onClose={() => setPromptOpen(false)}
        promptId={`${inputId}-prompt`}
        prompt={prompt}
        onPromptChange={setPrompt}
        selectedMessages={selectedMessages}
        onSend={sendPrompt}
        sendDisabled={updating || disabled}
      />
    </section>
  );
}
