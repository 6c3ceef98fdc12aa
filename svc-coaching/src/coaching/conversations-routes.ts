import { conflict, invalid, notFound } from '@cc/service-kit';
import { AiMalformedAnswerError, citedReferences } from '@cc/ai';
import {
  COACHING_FOLDER,
  COACHING_LIMITS,
  COACHING_MESSAGES as M,
  coachingFileName,
  isAnswerMessage,
  questionnairePeriodKey,
  type CoachingChatMessage,
  type Question,
} from '@cc/contracts';
import type { Db, ModelCalls, ServiceRouter } from '@cc/service-kit';
import { z } from 'zod';
import type { SearchIndex } from '../search-vectors';
import { checkinPage, previousLook } from './checkin-page';
import { readConversation, recordExchange, saveNotes, saveText } from './conversations';
import { claimNotice, NO_PASSAGES, questionPassages } from './question-passages';
import { findQuestion } from './questionnaires';
import { summaryInput } from './summary-input';

/** A model's score, checked before anything is stored or answered; null: it found no answer to score. */
const checkedScore = z.union([
  z.object({
    score: z.number().finite().min(0).max(100).transform(Math.round),
    feedback: z.string().trim().min(1).max(2000),
  }),
  z.object({
    score: z.null(),
    feedback: z
      .string()
      .max(2000)
      .transform(() => ''),
  }),
]);

/** The question a call names and its period key as stored, or the 404 / 422 a client is told. */
async function questionAndPeriod(
  db: Db,
  questionId: number,
  rawKey: string | undefined,
): Promise<{ question: Question; periodKey: string }> {
  const question = await findQuestion(db, questionId);
  if (question === 'not_found') throw notFound(M.questionNotFound);
  const periodKey = questionnairePeriodKey(question.questionnaire_type, rawKey);
  if (!periodKey) throw invalid(M.periodKeyInvalid(question.questionnaire_type));
  return { question, periodKey };
}

/**
 * The question chat of a questionnaire (docs/coaching.md#question-chat: onboarding_*; every
 * questionnaire uses it). `chatUrl`: svc-chat, which finds the passages of the user's other
 * notes a reply may cite (unset: none).
 */
export function conversationRoutes(router: ServiceRouter, db: Db, ai: ModelCalls, chatUrl: string | undefined, index: SearchIndex): void {
  router.get('/coaching/onboarding_conversation', {}, async (_ctx, { user, query }) => {
    const { question, periodKey } = await questionAndPeriod(db, query.question_id, query.period_key);
    const key = { userId: user.id, questionId: question.id, periodKey };
    // With the same question's previous period (docs/coaching.md#look-back).
    const [conversation, previous] = await Promise.all([readConversation(db, key), previousLook(db, key, question)]);
    return { success: true, question_id: question.id, period_key: periodKey, ...conversation, previous };
  });

  router.post('/coaching/onboarding_send_message', {}, async (ctx, { user, body }) => {
    const { question, periodKey } = await questionAndPeriod(db, body.question_id, body.period_key);
    const key = { userId: user.id, questionId: question.id, periodKey };
    // Counted before the passages are looked for (as svc-chat's chats do): a refused call asks
    // svc-chat nothing.
    await ai.take(ctx, user.id);
    // The automatic first message names the question and holds nothing to look for in the notes.
    const isAnswer = isAnswerMessage({ role: 'user', content: body.message });
    // The passages are looked for beside the conversation and the page: the reply waits for the slower.
    const [before, page, notes] = await Promise.all([
      readConversation(db, key),
      checkinPage(db, key, question),
      isAnswer ? questionPassages(ctx, chatUrl, ai.provider, body.message, question, periodKey) : NO_PASSAGES,
    ]);
    // A summary request carries the conversation (at most COACHING_LIMITS.messages): it must still fit.
    if (before.messages.length + 2 > COACHING_LIMITS.messages) throw invalid(M.conversationFull);
    // Only an answer is scored (the automatic first message names the question): without one the
    // score stays null, so opening a question never counts it as answered nor pulls an average down.
    const answered = isAnswer || before.messages.some(isAnswerMessage);
    // The model is given words only: the references of earlier replies are for the page.
    const history = before.messages.map(({ role, content }) => ({ role, content }));
    const { passages } = notes;
    const { reply, references, score, feedback } = await ai.call(ctx, async (signal) => {
      const [reply, score] = await Promise.all([
        ai.provider.chatReply({
          mode: 'agent',
          folder: COACHING_FOLDER,
          fileName: coachingFileName(question.title, periodKey),
          fileContent: before.content,
          history,
          message: body.message,
          // The question, its prompt and what the same question held the period before; the
          // page also names what the check-in shows (the question's notes and their button).
          page,
          ...(passages.length ? { passages } : {}),
          signal,
        }),
        answered ? ai.provider.score({ question: question.text, answer: body.message, history, signal }) : { score: null, feedback: '' },
      ]);
      // Each [n] kept only where a passage stands behind it; the passages it cites are its references.
      const cited = citedReferences(reply.trim(), passages);
      if (!cited.text) throw new AiMalformedAnswerError('the coach answered nothing', reply);
      const checked = checkedScore.safeParse(score);
      if (!checked.success) throw new AiMalformedAnswerError('the score is not 0-100 with feedback', JSON.stringify(score));
      return { reply: cited.text, references: cited.references, ...checked.data };
    });
    const stored = await recordExchange(db, key, body.message, reply, score, feedback, references);
    // What the user said is part of the answer's vector.
    index.changed();
    // The one-time notice is spent only now that the reply carrying it is made: a model that
    // failed leaves it for the next answer (docs/search.md#answers-that-cite-your-notes).
    const notice = await claimNotice(ctx, chatUrl, notes);
    return {
      success: true,
      response: reply,
      score: stored.score,
      score_feedback: stored.score_feedback,
      ...(references.length ? { references } : {}),
      ...(notice ? { notice } : {}),
    };
  });

  router.post('/coaching/onboarding_save_content', {}, async (_ctx, { user, body }) => {
    const { question, periodKey } = await questionAndPeriod(db, body.question_id, body.period_key);
    const notes = {
      ...(typeof body.content === 'string' ? { content: body.content } : {}),
      ...(typeof body.content_summary === 'string' ? { content_summary: body.content_summary } : {}),
      ...(body.clear_messages ? { clear: true } : {}),
    };
    const key = { userId: user.id, questionId: question.id, periodKey };
    const result = await saveNotes(db, key, notes, { basedOn: body.revision, saveId: body.save_id });
    // Changed elsewhere since `revision`: the same 409 as a file's texts.
    if (!result.saved) throw conflict(M.staleNotes, result.current);
    // New notes, or the chat cleared: embedded again, or the vector gone, at that run.
    index.changed();
    const { content, content_summary, content_revision, summary_revision, updated_at } = result.conversation;
    return { success: true, content, content_summary, content_revision, summary_revision, updated_at: updated_at! };
  });

  router.post('/coaching/onboarding_generate_summary', {}, async (ctx, { user, body }) => {
    const { question, periodKey } = await questionAndPeriod(db, body.question_id, body.period_key);
    const key = { userId: user.id, questionId: question.id, periodKey };
    const stored = await readConversation(db, key);
    // What the page shows wins (its manual entries may not be saved yet); the stored ones otherwise.
    const content = body.content ?? stored.content;
    const messages: CoachingChatMessage[] = body.messages ?? stored.messages;
    const input = summaryInput(content, messages);
    if (!input) throw invalid(M.nothingToSummarize);
    const summary = await ai.run(ctx, user.id, async (signal) => {
      const summary = (
        await ai.provider.summarize({ content: input, fileName: coachingFileName(question.title, periodKey), signal })
      ).trim();
      if (!summary) throw new AiMalformedAnswerError('the summary is empty', summary);
      return summary.slice(0, COACHING_LIMITS.summary);
    });
    // The generated summary replaces the stored one (its revision goes up: an editor based on the old one gets a 409).
    await saveText(db, key, 'content_summary', summary);
    const { summary_revision } = await readConversation(db, key);
    return { success: true, summary, summary_revision };
  });
}
