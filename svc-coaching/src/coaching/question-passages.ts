import type Koa from 'koa';
import type { AiProvider, ChatPassage } from '@cc/ai';
import { passagesAnswer } from '@cc/contracts';
import { checkinAddress } from '@cc/contracts/addresses';
import { peerClient, type Logger } from '@cc/service-kit';
import type { Question } from '@cc/contracts';

/**
 * The passages of the user's other notes a question chat's reply may cite
 * (docs/search.md#answers-that-cite-your-notes). svc-chat finds them exactly as for its own
 * chats (`GET /ai_chat/passages`, asked as the caller): one retrieval and one setting ("Let
 * the coach use my other notes") for every chat.
 */

/** svc-chat's own retrieval has 800 ms; this leaves it room to answer, and never more. */
export const PASSAGES_TIMEOUT_MS = 900;
/** The contract's bounds of `q` and `subject`. */
const QUERY_MAX = 2000;
const SUBJECT_MAX = 200;

export interface QuestionPassages {
  passages: ChatPassage[];
  /** The one-time line that notes went to a configured model. */
  notice?: string;
}

/** No passages: svc-chat unset, not asked, failing or late. */
export const NO_PASSAGES: QuestionPassages = { passages: [] };

/** The first `max` characters of `text`, cut at a word when it is longer. */
function bounded(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trim();
}

/**
 * The passages for `message` in `question`'s chat of `periodKey`, the question's own check-in
 * left out; with a configured model (never the offline coach, which sends nothing anywhere)
 * its name, so svc-chat says once that notes went to it. Unset CHAT_URL, a failure or a late
 * answer: none, and the chat answers without them. The log says why, never what was asked.
 */
export async function questionPassages(
  ctx: Koa.Context,
  chatUrl: string | undefined,
  provider: AiProvider,
  message: string,
  question: Pick<Question, 'id' | 'text' | 'questionnaire_type'>,
  periodKey: string,
): Promise<QuestionPassages> {
  if (!chatUrl) return NO_PASSAGES;
  const query = new URLSearchParams({
    q: bounded(message, QUERY_MAX),
    exclude: checkinAddress(question.questionnaire_type, periodKey, question.id),
  });
  const subject = bounded(question.text, SUBJECT_MAX);
  if (subject) query.set('subject', subject);
  const info = provider.info();
  if (info.provider !== 'offline' && info.model) query.set('model', bounded(info.model, SUBJECT_MAX));
  const answer = await peerClient(ctx, chatUrl).get(`/ai_chat/passages?${query}`, passagesAnswer, { timeoutMs: PASSAGES_TIMEOUT_MS });
  if (!answer.ok) {
    const log: Logger | undefined = ctx.state.log;
    log?.warn({ reason: answer.reason, status: answer.status }, 'question chat answering without passages of other notes');
    return NO_PASSAGES;
  }
  return { passages: answer.body.passages, ...(answer.body.notice ? { notice: answer.body.notice } : {}) };
}
