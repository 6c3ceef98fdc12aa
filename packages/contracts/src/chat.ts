import { z } from 'zod';
import { SEARCH_KINDS } from './search';
import type { ErrorKeyAnswer } from './failures';
import { nextCursorField, pageQuery } from './paging';
import { isIsoDate } from './periods-days';

/**
 * The /ai_chat calls (svc-chat): every chat of the product goes through them (docs/chat.md). A
 * conversation belongs to the signed-in user and one key: `file_id`, or `person_id`, or
 * `folder` + `file_name`. When a request gives several, the first of that order wins.
 */

export const CHAT_LIMITS = {
  message: 10_000,
  fileContent: 1_000_000,
  /** Entries of conversation_history / selected_messages a request may carry. */
  history: 200,
  historyMessage: 20_000,
  name: 255,
  /** The planning page's summary of the user's todos or milestones (docs/planning.md#planning-chat). */
  contextSummary: 4_000,
} as const;

export const CHAT_MESSAGES = {
  keyMissing: 'Say which conversation this is: file_id, person_id, or folder and file_name',
  messageRequired: 'Message is required',
  messageTooLong: 'Message is too long (at most 10,000 characters)',
  messageInvalid: 'Message must be text',
  fileContentTooLong: 'File content is too long (at most 1,000,000 characters)',
  historyInvalid: 'Conversation history must be a list of messages, each with a role and a content',
  historyTooLong: 'Conversation history is too long (at most 200 messages)',
  historyMessageTooLong: 'Each conversation message must be at most 20,000 characters',
  selectedInvalid: 'Selected messages must be a list of messages, each with a role and a content',
  selectedTooLong: 'Too many selected messages (at most 200)',
  selectedMessageTooLong: 'Each selected message must be at most 20,000 characters',
  modeInvalid: "Mode must be 'ask' or 'agent'",
  fileIdInvalid: 'file_id must be a positive whole number',
  personIdInvalid: 'person_id must be a positive whole number',
  folderInvalid: 'Folder must be text of at most 255 characters',
  fileNameInvalid: 'File name must be text of at most 255 characters',
  rateLimited: 'You are sending messages too quickly. Please wait a moment and try again.',
  modelTimeout: 'The AI coach took too long to answer. Please try again.',
  modelUnavailable: 'The AI coach is not available right now. Please try again in a moment.',
  modelMalformed: 'The AI coach gave an answer that could not be used. Please try again.',
  modelEmpty: 'The AI coach gave an empty answer. Please try again.',
  modelFailed: 'The AI coach could not answer. Please try again.',
  cancelled: 'The request was cancelled.',
  contextSummaryInvalid: 'context_summary must be text of at most 4,000 characters',
  todayInvalid: 'today must be a date written YYYY-MM-DD',
} as const;

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const nullToUndefined = (v: unknown) => (v === null ? undefined : v);

const positiveId = (error: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error }).optional());
const name = (error: string) => z.preprocess(nullToUndefined, z.string({ error }).trim().max(CHAT_LIMITS.name, { error }).optional());

/** The key fields; each may be absent (or null / empty). */
export const conversationKeyFields = {
  file_id: positiveId(CHAT_MESSAGES.fileIdInvalid),
  person_id: positiveId(CHAT_MESSAGES.personIdInvalid),
  folder: name(CHAT_MESSAGES.folderInvalid),
  file_name: name(CHAT_MESSAGES.fileNameInvalid),
};

export interface ConversationKeyInput {
  file_id?: number | undefined;
  person_id?: number | undefined;
  folder?: string | undefined;
  file_name?: string | undefined;
}

export const hasConversationKey = (v: ConversationKeyInput): boolean =>
  v.file_id !== undefined || v.person_id !== undefined || Boolean(v.folder && v.file_name);

/** Checked even when other fields are invalid, so every problem is listed at once. */
const keyRequired = [
  (v: ConversationKeyInput) => Boolean(v && typeof v === 'object' && hasConversationKey(v)),
  { error: CHAT_MESSAGES.keyMissing, when: () => true },
] as const;

const messageList = (invalid: string, tooMany: string, tooLong: string) =>
  z.preprocess(
    nullToUndefined,
    z
      .array(
        z.object(
          {
            role: z.string({ error: invalid }).max(20, { error: invalid }),
            content: z.string({ error: invalid }).max(CHAT_LIMITS.historyMessage, { error: tooLong }),
          },
          { error: invalid },
        ),
        { error: invalid },
      )
      .max(CHAT_LIMITS.history, { error: tooMany })
      .optional(),
  );

const fileContent = z.preprocess(
  nullToUndefined,
  z
    .string({ error: CHAT_MESSAGES.fileContentTooLong })
    .max(CHAT_LIMITS.fileContent, { error: CHAT_MESSAGES.fileContentTooLong })
    .default(''),
);
const history = messageList(CHAT_MESSAGES.historyInvalid, CHAT_MESSAGES.historyTooLong, CHAT_MESSAGES.historyMessageTooLong);

/** `GET /ai_chat/conversation?file_id=` (or `folder&file_name`, or `person_id`). */
export const conversationQuerySchema = z.object(conversationKeyFields).refine(...keyRequired);

/** `POST /ai_chat/clear_conversation`. */
export const clearConversationSchema = conversationQuerySchema;

/**
 * `GET /ai_chat/conversation` also takes `limit` and `cursor` (docs/api.md#paged-lists): pages
 * go back in time, the newest messages first, each page oldest first as the chat shows them.
 */
export const conversationReadQuery = z.object({ ...conversationKeyFields, ...pageQuery.shape }).refine(...keyRequired);

/** `POST /ai_chat/send_message`: every chat's payload (file, planning, journal, coaching, people, meeting). */
export const sendMessageSchema = z
  .object({
    ...conversationKeyFields,
    message: z
      .string({ error: CHAT_MESSAGES.messageRequired })
      .trim()
      .min(1, { error: CHAT_MESSAGES.messageRequired })
      .max(CHAT_LIMITS.message, { error: CHAT_MESSAGES.messageTooLong }),
    file_content: fileContent,
    mode: z.preprocess(blankToUndefined, z.enum(['ask', 'agent'], { error: CHAT_MESSAGES.modeInvalid }).default('agent')),
    /** The client's local copy; when absent the stored messages are used. */
    conversation_history: history,
    /** What the page knows that the model should (the planning chat's todos or milestones). */
    context_summary: z.preprocess(
      nullToUndefined,
      z
        .string({ error: CHAT_MESSAGES.contextSummaryInvalid })
        .trim()
        .max(CHAT_LIMITS.contextSummary, { error: CHAT_MESSAGES.contextSummaryInvalid })
        .optional(),
    ),
    /** The user's own date, for "by Friday" in planning actions (the server's clock otherwise). */
    today: z.preprocess(
      blankToUndefined,
      z.string({ error: CHAT_MESSAGES.todayInvalid }).refine(isIsoDate, { error: CHAT_MESSAGES.todayInvalid }).optional(),
    ),
  })
  .refine(...keyRequired);
export type SendMessageRequest = z.input<typeof sendMessageSchema>;

/**
 * `POST /ai_chat/append_message` (issue 18): a line the page added to a conversation after a
 * reply (the planning chat's "Created the todo …" or why it could not), stored as the
 * assistant's so a reload shows what the user saw. Only assistant lines: a user's message is
 * stored with its reply by send_message.
 */
export const appendMessageSchema = z
  .object({
    ...conversationKeyFields,
    content: z
      .string({ error: CHAT_MESSAGES.messageRequired })
      .trim()
      .min(1, { error: CHAT_MESSAGES.messageRequired })
      .max(CHAT_LIMITS.message, { error: CHAT_MESSAGES.messageTooLong }),
  })
  .refine(...keyRequired);

/** `POST /ai_chat/suggest_edits`. The key is optional: it only finds stored history. */
export const suggestEditsSchema = z.object({
  ...conversationKeyFields,
  message: z.preprocess(
    nullToUndefined,
    z.string({ error: CHAT_MESSAGES.messageInvalid }).trim().max(CHAT_LIMITS.message, { error: CHAT_MESSAGES.messageTooLong }).default(''),
  ),
  file_content: fileContent,
  conversation_history: history,
  selected_messages: messageList(CHAT_MESSAGES.selectedInvalid, CHAT_MESSAGES.selectedTooLong, CHAT_MESSAGES.selectedMessageTooLong),
});
export type SuggestEditsRequest = z.input<typeof suggestEditsSchema>;

// ---- answers ----

/**
 * A passage of the user's own notes an answer cites as `[n]` (docs/search.md#answers-that-cite-your-notes):
 * every `[n]` in the text has its reference, and only cited passages are sent.
 */
export const chatReferenceSchema = z.object({
  n: z.number().int().min(1).max(9),
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
});
export type ChatReference = z.infer<typeof chatReferenceSchema>;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The notes an assistant answer cites (absent when it cites none). */
  references: z.array(chatReferenceSchema).optional(),
});
export type StoredChatMessage = z.infer<typeof chatMessageSchema>;

/** `next_cursor` (when paged): the cursor of the older messages before this page; null when there are none. */
export const conversationAnswerSchema = z.object({
  success: z.literal(true),
  conversation_id: z.number().int().nullable(),
  messages: z.array(chatMessageSchema),
  next_cursor: nextCursorField.optional(),
});
export type ConversationAnswer = z.infer<typeof conversationAnswerSchema>;

/**
 * `references`: the notes `message` cites. `notice`: one line the chat shows once, the first time
 * passages of the user's notes went to a configured model with a message.
 * The SSE stream's `done` event carries the same object.
 */
export const sendMessageAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  references: z.array(chatReferenceSchema).optional(),
  notice: z.string().optional(),
});

/**
 * `GET /ai_chat/passages?q=&subject=&exclude=&model=`: the passages of the user's notes a chat
 * served by another service (a check-in question's) may cite, as svc-chat finds them for its
 * own chats (docs/search.md#answers-that-cite-your-notes): none when the account's
 * "Let the coach use my other notes" is off. `exclude` is the open object's address;
 * `model`, the configured model's name: `notice` comes with passages while the account has not
 * been told yet. Reading it spends nothing: the caller claims it with `POST /ai_chat/notice`
 * once its answer is made.
 */
export const PASSAGES_MESSAGES = {
  queryRequired: 'q is required: the message to find passages for (at most 2,000 characters).',
  tooLong: 'subject, exclude and model can be at most 200, 1,000 and 200 characters.',
} as const;
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().max(max, { error: PASSAGES_MESSAGES.tooLong }).optional(),
  );
export const passagesQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: PASSAGES_MESSAGES.queryRequired })
      .min(1, { error: PASSAGES_MESSAGES.queryRequired })
      .max(2000, { error: PASSAGES_MESSAGES.queryRequired }),
  ),
  subject: optionalText(200),
  exclude: optionalText(1000),
  model: optionalText(200),
});
export const chatPassageSchema = chatReferenceSchema.extend({ updated_at: z.string() });
export const passagesAnswer = z.object({ success: z.literal(true), passages: z.array(chatPassageSchema), notice: z.string().optional() });
export type PassagesAnswer = z.infer<typeof passagesAnswer>;

/**
 * `POST /ai_chat/notice`: the one-time notice claimed by a chat served by another service, once
 * the answer that sent `passages` of the user's notes to `model` has been made. `notice` only
 * for the call that claimed it (an account is told once).
 */
export const NOTICE_MESSAGES = {
  invalid: 'model (at most 200 characters) and passages (1 to 9) are required.',
} as const;
export const noticeClaimBody = z.object({
  model: z
    .string({ error: NOTICE_MESSAGES.invalid })
    .trim()
    .min(1, { error: NOTICE_MESSAGES.invalid })
    .max(200, { error: NOTICE_MESSAGES.invalid }),
  passages: z
    .number({ error: NOTICE_MESSAGES.invalid })
    .int({ error: NOTICE_MESSAGES.invalid })
    .min(1, { error: NOTICE_MESSAGES.invalid })
    .max(9, { error: NOTICE_MESSAGES.invalid }),
});
export const noticeClaimAnswer = z.object({ success: z.literal(true), notice: z.string().optional() });
export type NoticeClaimAnswer = z.infer<typeof noticeClaimAnswer>;

/** `GET /ai_chat/settings`, `PATCH /ai_chat/settings`: the account's chat settings. */
export const chatSettingsSchema = z.object({
  /** "Let the coach use my other notes": answers may cite passages of the whole workspace (on by default). */
  use_other_notes: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const chatSettingsBody = z.object({
  use_other_notes: z.boolean({ error: 'use_other_notes must be true or false.' }),
});
export const chatSettingsAnswer = z.object({ success: z.literal(true), settings: chatSettingsSchema });
/** `POST /ai_chat/append_message`: the conversation the line went into. */
export const appendMessageAnswerSchema = z.object({ success: z.literal(true), conversation_id: z.number().int() });
export type SendMessageAnswer = z.infer<typeof sendMessageAnswerSchema>;

export const diffLineSchema = z.object({ type: z.enum(['added', 'removed', 'unchanged']), content: z.string() });
export type DiffLine = z.infer<typeof diffLineSchema>;

export const suggestEditsAnswerSchema = z.object({
  success: z.literal(true),
  diff: z.array(diffLineSchema),
  suggested_content: z.string(),
});
export type SuggestEditsAnswer = z.infer<typeof suggestEditsAnswerSchema>;

export const chatStatusAnswerSchema = z.object({
  success: z.literal(true),
  provider: z.enum(['offline', 'openai-compatible']),
  model: z.string(),
  hint: z.string().optional(),
});
export type ChatStatusAnswer = z.infer<typeof chatStatusAnswerSchema>;

/**
 * send_message with `Accept: text/event-stream`: `event: token` per delta, then one `done`
 * (the JSON answer: the whole reply as stored, its references and notice) or one `error` (the
 * call's failure answer, as a JSON answer has it).
 */
export type ChatStreamEvent =
  { event: 'token'; data: { text: string } } | { event: 'done'; data: SendMessageAnswer } | { event: 'error'; data: ErrorKeyAnswer };
