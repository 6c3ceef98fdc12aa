import type { Ref } from 'react';
import type { StarProgress } from '@cc/contracts/star';
import type { ChatLabels } from './labels';
import type { ChatMessage, ChatMode, ChatRole, ConversationKey, SelectedMessage, SendMessagePayload } from './types';

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
  /** The conversation (greetings, error lines, notices and messages whose reply failed excluded). */
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
  /**
   * Interview stories: the STAR parts the open file already holds, read when the progress is
   * worked out, so it starts from the story and agrees with what the coach says is missing.
   */
  starInFile?: () => StarProgress;
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
  /**
   * Each reply as it arrives (not replies loaded from storage or the server): e.g. the planning
   * chat runs the action a reply embeds. Return nothing, or the text to keep instead.
   */
  onReply?: (reply: string) => string | void;
  /** What the message box holds at first (e.g. text typed into a placeholder while the panel loaded). */
  initialInput?: string;
  /** What an assistant message shows (display only; the history keeps the text as it came). */
  displayText?: (content: string) => string;
  labels?: Partial<ChatLabels>;
  className?: string;
  ref?: Ref<ChatPanelHandle>;
}
