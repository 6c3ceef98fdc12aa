import type Koa from 'koa';
import type { AiProvider, ChatPassage } from '@cc/ai';
import { noticeClaimAnswer, passagesAnswer } from '@cc/contracts';
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
  /**
   * The model the passages go to, when svc-chat says its one-time notice is due: the notice is
   * claimed (`claimNotice`) only once the reply that carries it is made.
   */
  noticeModel?: string;
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
  const model = info.provider !== 'offline' && info.model ? bounded(info.model, SUBJECT_MAX) : undefined;
  if (model) query.set('model', model);
  const answer = await peerClient(ctx, chatUrl).get(`/ai_chat/passages?${query}`, passagesAnswer, { timeoutMs: PASSAGES_TIMEOUT_MS });
  if (!answer.ok) {
    const log: Logger | undefined = ctx.state.log;
    log?.warn({ reason: answer.reason, status: answer.status }, 'question chat answering without passages of other notes');
    return NO_PASSAGES;
  }
  const { passages, notice } = answer.body;
  return { passages, ...(model && notice && passages.length ? { noticeModel: model } : {}) };
}

/**
 * The one-time notice, claimed from svc-chat once the reply that sent `notes` to the model is
 * made (a failed reply leaves it for the next); undefined when it is not due, another answer
 * claimed it first, or svc-chat does not answer in time (the reply is not held up for it).
 */
export async function claimNotice(ctx: Koa.Context, chatUrl: string | undefined, notes: QuestionPassages): Promise<string | undefined> {
  if (!notes.noticeModel || !notes.passages.length) return undefined;
  const answer = await peerClient(ctx, chatUrl).post(
    '/ai_chat/notice',
    { model: notes.noticeModel, passages: notes.passages.length },
    noticeClaimAnswer,
    { timeoutMs: PASSAGES_TIMEOUT_MS },
  );
  if (answer.ok) return answer.body.notice;
  const log: Logger | undefined = ctx.state.log;
  log?.warn({ reason: answer.reason, status: answer.status }, 'question chat answering without the notes notice');
  return undefined;
}
