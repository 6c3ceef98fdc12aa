import { useCallback, useRef, useState } from 'react';
import { starFromMessages } from '@cc/contracts/star';
import { sendChatReply } from './api';
import { updateThreshold, type Item } from './conversation';
import { baseSendPayload } from './keys';
import { CHAT_ERROR_TEXT } from './labels';
import type { ChatPanelProps } from './panel-props';
import type { ChatMode } from './types';
import type { ChatConversation } from './useChatConversation';

export type ChatSendOptions = Pick<
  ChatPanelProps,
  | 'conversation'
  | 'buildPayload'
  | 'historyLimit'
  | 'stream'
  | 'errorText'
  | 'autoUpdate'
  | 'onRequestUpdate'
  | 'minConversationLength'
  | 'updating'
  | 'disabled'
  | 'onReply'
  | 'starInFile'
> & {
  mode: ChatMode;
  /** An interview story: its STAR progress decides when an automatic update is due. */
  star: boolean;
};

type ConversationAccess = Pick<
  ChatConversation,
  'generation' | 'append' | 'markFailed' | 'ensureActive' | 'currentHistory' | 'historyBefore' | 'whenLoaded' | 'isKnown'
>;

export interface ChatSend {
  /** Waiting for a reply. */
  pending: boolean;
  /** The streamed reply so far (null until its first token). */
  streamText: string | null;
  /** Same as `pending`, without waiting for a render. */
  isPending(): boolean;
  send(raw: string): Promise<void>;
  /** A switch or clear: the reply in flight is dropped, and an automatic update may fire again. */
  reset(): void;
  /** Unmount or switch: cancels the request (`reset` follows for a switch). */
  abort(): void;
}

/**
 * Sending a message and showing its reply: streamed tokens as they come, the error line when
 * it fails, and the automatic file update (`autoUpdate`) once the conversation is long enough.
 */
export function useChatSend(options: ChatSendOptions, conversation: ConversationAccess): ChatSend {
  // Latest options for the async paths (they must not recreate `send`).
  const latest = useRef(options);
  latest.current = options;
  const { mode, star } = options;
  const { generation, append, markFailed, ensureActive, currentHistory, historyBefore, whenLoaded, isKnown } = conversation;

  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const [streamText, setStreamText] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  /** The automatic update fires once per conversation. */
  const autoFired = useRef(false);

  const reset = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    pendingRef.current = false;
    setPending(false);
    setStreamText(null);
    autoFired.current = false;
  }, []);

  const abort = useCallback(() => abortRef.current?.abort(), []);
  const isPending = useCallback(() => pendingRef.current, []);

  const send = useCallback(
    async (raw: string) => {
      const message = raw.trim();
      const p = latest.current;
      if (!message || pendingRef.current || p.updating || p.disabled) return;
      ensureActive();
      const gen = generation.current;
      const sent: Item = { role: 'user', content: message };
      append(sent);
      const controller = new AbortController();
      abortRef.current = controller;
      pendingRef.current = true;
      setPending(true);
      setStreamText(null);
      try {
        // A message sent as the chat starts (a lazily loaded chat forwarding what was typed,
        // a send right after focus) goes with the stored conversation, not before it is there.
        await whenLoaded();
        if (gen !== generation.current) return;
        const prior = historyBefore(sent) ?? currentHistory();
        const limit = p.historyLimit;
        const sentHistory = limit !== undefined && limit >= 0 ? prior.slice(Math.max(0, prior.length - limit)) : prior;
        // An empty list stands for the conversation (svc-chat then reads no stored one): without
        // the server's copy and with none here, leave it out so svc-chat uses what it stored.
        const history = prior.length === 0 && !isKnown() ? undefined : sentHistory;
        const base = baseSendPayload(p.conversation, message, history, mode);
        const payload = p.buildPayload ? p.buildPayload(base) : base;
        const answer = await sendChatReply(payload, {
          signal: controller.signal,
          stream: p.stream ?? true,
          onText: (text) => {
            if (gen === generation.current) setStreamText(text);
          },
        });
        if (gen !== generation.current) return;
        const kept = latest.current.onReply?.(answer.message);
        // The answer keeps the notes it cites (its [n] links and Sources), and the one-time notice.
        append({
          role: 'assistant',
          content: typeof kept === 'string' && kept ? kept : answer.message,
          ...(answer.references.length > 0 ? { references: answer.references } : {}),
          ...(answer.notice ? { notice: answer.notice } : {}),
        });
        const now = currentHistory();
        const q = latest.current;
        if (q.autoUpdate && q.onRequestUpdate && mode === 'agent' && !autoFired.current) {
          if (now.length >= updateThreshold(star ? starFromMessages(now, { start: q.starInFile?.() }) : null, q.minConversationLength)) {
            autoFired.current = true;
            q.onRequestUpdate(undefined, undefined, now);
          }
        }
      } catch (error) {
        if (gen !== generation.current || controller.signal.aborted) return;
        console.warn('[chat] the reply failed', error);
        const errorText = latest.current.errorText;
        const line = typeof errorText === 'function' ? errorText(error) : (errorText ?? CHAT_ERROR_TEXT);
        const failed = markFailed(sent);
        append({ role: 'assistant', content: line || CHAT_ERROR_TEXT, kind: 'error', about: failed ?? undefined }, false);
      } finally {
        if (gen === generation.current) {
          abortRef.current = null;
          pendingRef.current = false;
          setPending(false);
          setStreamText(null);
        }
      }
    },
    [append, currentHistory, ensureActive, generation, historyBefore, isKnown, markFailed, mode, star, whenLoaded],
  );

  return { pending, streamText, isPending, send, reset, abort };
}
