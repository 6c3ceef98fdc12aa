/**
 * @cc/ui: the React pieces more than one remote uses (docs/architecture.md#frontend). Shared as a
 * Module Federation singleton; import it only from code that renders these pieces, so a
 * page that has no chat does not load it (or marked and DOMPurify).
 */
export {
  ChatPanel,
  DEFAULT_CHAT_LABELS,
  AGENT_MODE_TEXT,
  ASK_MODE_TEXT,
  CHAT_ERROR_TEXT,
  EMPTY_HISTORY_TEXT,
  PERSON_GREETING,
  PERSON_CLEARED_TEXT,
  CLEARED_BANNER_MS,
  SOURCES_TEXT,
  USE_OTHER_NOTES_TEXT,
  USE_OTHER_NOTES_ERROR_TEXT,
  loadStoredConversation,
} from './chat/ChatPanel';
export { ChatAnswer, type ChatAnswerProps } from './chat/ChatAnswer';
export { noticesOnce, referenceHref, renderCitedMarkdown } from './chat/references';
export { ChatNotesSetting } from './chat/ChatNotesSetting';
export type { ChatLabels, ChatPanelHandle, ChatPanelProps, StoredConversation } from './chat/ChatPanel';
export {
  clearConversation,
  fetchChatStatus,
  fetchConversation,
  resetChatStatusCache,
  sendChatMessage,
  sendChatReply,
  suggestEdits,
} from './chat/api';
export type { ChatReply, ConversationAnswer, SendOptions, SuggestEditsAnswer } from './chat/api';
export { baseSendPayload, chatStorageKey, clearConversationBody, conversationQuery, isPersonKey } from './chat/keys';
export { cleanMessages, cleanReferences } from './chat/types';
export type {
  ChatMessage,
  CitedMessage,
  ChatMode,
  ChatRole,
  ChatStatus,
  ConversationKey,
  FileConversationKey,
  PersonConversationKey,
  SelectedMessage,
  SendMessagePayload,
} from './chat/types';
export { Modal, type ModalProps } from './Modal';
export { ToggleGroup, type ToggleGroupProps, type ToggleOption } from './ToggleGroup';
export { Markdown, type MarkdownProps } from './Markdown';
export { renderMarkdown, sanitizeHtml, escapeHtml } from './markdown';
export { readStored, writeStored, removeStored, storedKeys, storedIsMine, storageAccount, useLocalStorage } from './storage';
export { OPEN_ON_LOAD_KEY, storeOpenOnLoad, takeOpenOnLoad, type OpenOnLoadHint } from './open-hint';
export { MarkdownEditor, preloadMarkdownEditor, type MarkdownEditorHandle, type MarkdownEditorProps } from './editor/MarkdownEditor';
export { EditorPane, previewDelay, type EditorPaneHandle, type EditorPaneProps } from './editor/EditorPane';
export { MarkdownPreview, type MarkdownPreviewHandle, type MarkdownPreviewProps } from './editor/MarkdownPreview';
export { lexMarkdown, renderMarkdownTokens, type MarkdownLinks } from './markdown';
export { DiffView, type DiffViewProps } from './diff/DiffView';
export { allAddedDiff, cleanDiff, diffLines, diffStats } from './diff/diff';
export {
  Autosave,
  readDraft,
  SAVE_TEXTS,
  DEFAULT_STATUS_TEXTS,
  DEFAULT_AUTOSAVE_DELAY_MS,
  DEFAULT_RETRY_DELAYS_MS,
  KEEPALIVE_LIMIT_CHARS,
  LIVE_DRAFT_LIMIT_CHARS,
  type AutosaveConflict,
  type AutosaveOptions,
  type AutosaveSnapshot,
  type SaveInfo,
  type SaveState,
  type SaveTexts,
  type StatusTexts,
  type StoredDraft,
} from './autosave';
export {
  AUTOSAVE_DELAYS_MS,
  useAutosavedText,
  type AutosavedText,
  type AutosavedTextOptions,
  type LoadState,
} from './autosave/useAutosavedText';
export { ConflictPanel, type ConflictPanelProps, type ConflictSubject } from './conflict/ConflictPanel';
