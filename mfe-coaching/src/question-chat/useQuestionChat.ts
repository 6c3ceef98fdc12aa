import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@cc/client';
import type { CoachingChatMessage, QuestionConversationAnswer } from '@cc/contracts/coaching';
import { COACHING_MESSAGES as M, isAnswerMessage } from '@cc/contracts/coaching-rules';
import { clearQuestionChat, fetchConversation, sendQuestionMessage, type QuestionPeriod } from '../api/conversation';

/** A line of the chat: a message, or an error line that is not part of the conversation. */
export interface ChatLine extends CoachingChatMessage {
  error?: boolean;
}

/** The assistant line for a failed reply (docs/coaching.md#messages): the server's reason when it gave one. */
export function replyErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.errors.length > 0) return M.onboardingChatErrorWith(error.errors[0]!);
  return M.onboardingChatError;
}

export interface QuestionChat {
  lines: ChatLine[];
  sending: boolean;
  /** The conversation as loaded (null while loading; the notes start from it). */
  loaded: QuestionConversationAnswer | null;
  score: number | null;
  feedback: string;
  send(text: string): Promise<void>;
  clear(): void;
  /** The conversation without error lines (what a summary or an update reads). */
  history(): CoachingChatMessage[];
  append(line: ChatLine): void;
}

/**
 * One question's chat for one period, with the coach's score. An empty conversation opens with
 * "I'm ready to start reflecting on: {question}" (docs/coaching.md#question-chat).
 */
export function useQuestionChat(at: QuestionPeriod, questionText: string): QuestionChat {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const linesRef = useRef<ChatLine[]>([]);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [loaded, setLoaded] = useState<QuestionConversationAnswer | null>(null);
  const [score, setScore] = useState<number | null>(null);
  const [feedback, setFeedback] = useState('');
  const alive = useRef(true);

  const put = useCallback((next: ChatLine[]) => {
    linesRef.current = next;
    setLines(next);
  }, []);
  const append = useCallback((line: ChatLine) => put([...linesRef.current, line]), [put]);

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text || sendingRef.current) return;
      append({ role: 'user', content: text });
      sendingRef.current = true;
      setSending(true);
      try {
        const answer = await sendQuestionMessage(at, text);
        if (!alive.current) return;
        append({ role: 'assistant', content: answer.response });
        // The automatic first message answers nothing: whatever a server says, it shows no score
        // (a 0 here read as "answered, badly"). Other replies carry the conversation's score.
        if (isAnswerMessage({ role: 'user', content: text }) || answer.score === null) {
          setScore(answer.score);
          setFeedback(answer.score_feedback);
        }
      } catch (error) {
        if (!alive.current) return;
        console.warn('[coaching] the reply failed', error);
        append({ role: 'assistant', content: replyErrorText(error), error: true });
      } finally {
        sendingRef.current = false;
        if (alive.current) setSending(false);
      }
    },
    [append, at],
  );

  useEffect(() => {
    alive.current = true;
    const controller = new AbortController();
    fetchConversation(at, controller.signal).then(
      (answer) => {
        setLoaded(answer);
        setScore(answer.score);
        setFeedback(answer.score_feedback);
        put(answer.messages);
        if (answer.messages.length === 0) void send(M.reflectingOn(questionText));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[coaching] loading the conversation failed', error);
        put([{ role: 'assistant', content: M.conversationLoadError, error: true }]);
      },
    );
    return () => {
      alive.current = false;
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per question and period (the modal is mounted per question)
  }, [at.questionId, at.periodKey]);

  const clear = useCallback(() => {
    // Emptied here whatever the server answers (docs/coaching.md#question-chat).
    put([]);
    setScore(null);
    setFeedback('');
    clearQuestionChat(at).catch((error: unknown) => console.warn('[coaching] clearing the chat on the server failed', error));
  }, [at, put]);

  const history = useCallback(() => linesRef.current.filter((l) => !l.error).map(({ role, content }) => ({ role, content })), []);

  return { lines, sending, loaded, score, feedback, send, clear, history, append };
}
