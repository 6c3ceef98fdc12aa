import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type CallAnswer } from '@cc/client';
import { invalidateRoutes } from '@cc/client/query';
import type { CoachingChatMessage } from '@cc/contracts/coaching';
import { COACHING_MESSAGES as M, isAnswerMessage } from '@cc/contracts/coaching-rules';
import { clearQuestionChat, conversationQuery, sendQuestionMessage, type QuestionPeriod } from './api/conversation';

type Conversation = CallAnswer<'GET /coaching/onboarding_conversation'>;

/**
 * A line of the chat: a message (an answer with the notes it cites), or an error line that is not
 * part of the conversation.
 */
export interface ChatLine extends CoachingChatMessage {
  error?: boolean;
  /** svc-chat's one-time line about the notes it sent to the model, shown under this answer (never stored). */
  notice?: string;
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
  loaded: Conversation | null;
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
  // The chat's lines are its own from the moment the conversation arrives: replies are added here.
  const conversation = useQuery(conversationQuery(at));
  const { mutateAsync: askCoach, isPending: sending } = useMutation({ mutationFn: (text: string) => sendQuestionMessage(at, text) });
  // Set at once, so an Enter pressed twice before the next render sends once.
  const sendingRef = useRef(false);
  const [loaded, setLoaded] = useState<Conversation | null>(null);
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
      try {
        const answer = await askCoach(text);
        if (!alive.current) return;
        append({
          role: 'assistant',
          content: answer.response,
          ...(answer.references?.length ? { references: answer.references } : {}),
          ...(answer.notice ? { notice: answer.notice } : {}),
        });
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
      }
    },
    [append, askCoach],
  );

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // Once per question and period (the modal is mounted per question); a ref, so StrictMode's second run skips it.
  const started = useRef(false);
  const { data, error } = conversation;
  useEffect(() => {
    if (started.current || !data) return;
    started.current = true;
    setLoaded(data);
    setScore(data.score);
    setFeedback(data.score_feedback);
    put(data.messages);
    if (data.messages.length === 0) void send(M.reflectingOn(questionText));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the conversation arrives
  }, [data]);
  useEffect(() => {
    if (started.current || !error) return;
    console.warn('[coaching] loading the conversation failed', error);
    put([{ role: 'assistant', content: M.conversationLoadError, error: true }]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the conversation fails
  }, [error]);

  const queryClient = useQueryClient();
  const clear = useCallback(() => {
    // Emptied here whatever the server answers (docs/coaching.md#question-chat).
    put([]);
    setScore(null);
    setFeedback('');
    clearQuestionChat(at)
      // The questionnaire's scores change with it: a reload asked for when the modal closed may
      // have reached the server before the clear did (the period summary kept the old score).
      .then(() => invalidateRoutes(queryClient, 'GET /coaching/questionnaire_sections'))
      .catch((error: unknown) => console.warn('[coaching] clearing the chat on the server failed', error));
  }, [at, put, queryClient]);

  const history = useCallback(() => linesRef.current.filter((l) => !l.error).map(({ role, content }) => ({ role, content })), []);

  return { lines, sending, loaded, score, feedback, send, clear, history, append };
}
