import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { coachingFileName, COACHING_FOLDER, COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { Modal, suggestEdits } from '@cc/ui';
import { generateSummary } from '../api/conversation';
import { checkinPeriodLabel } from '../shared/dates';
import { QuestionChat } from './QuestionChat';
import { QuestionNotes } from './QuestionNotes';
import { ScoreBar } from './ScoreBar';
import { subQuestions } from './subQuestions';
import { useNoteText } from './useNoteText';
import { useQuestionChat } from './useQuestionChat';

const SuggestionModal = lazy(() => import('./SuggestionModal'));

/** Suggest-edits answers (docs/coaching.md#notes). */
export const UPDATE_TEXTS = {
  done: 'I updated your journal entry with improvements.',
  none: 'I could not generate improvements at this time.',
  failed: 'There was an error updating your file.',
} as const;

/**
 * A question of a period: its score, its parts, the chat with the coach, and the notes. Closing
 * reloads the questionnaire (the caller's onClose).
 */
export default function QuestionChatModal({
  question,
  periodKey,
  onClose,
}: {
  question: ScoredQuestion;
  periodKey: string;
  onClose: () => void;
}) {
  const at = useMemo(() => ({ questionId: question.id, periodKey }), [question.id, periodKey]);
  const chat = useQuestionChat(at, question.text || question.title);
  const content = useNoteText(at, 'content');
  const summary = useNoteText(at, 'content_summary');
  const [regenerating, setRegenerating] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [suggestionOpen, setSuggestionOpen] = useState(false);
  const fileName = coachingFileName(question.title, periodKey);

  const { loaded } = chat;
  useEffect(() => {
    if (!loaded) return;
    content.start(loaded.content, loaded.content_revision);
    summary.start(loaded.content_summary, loaded.summary_revision);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the conversation arrives
  }, [loaded]);

  const regenerate = async () => {
    setRegenerating(true);
    setNotice(null);
    try {
      await content.saves.flush();
      const answer = await generateSummary(at, content.text, chat.history());
      summary.replaceFromServer(answer.summary, answer.summary_revision);
    } catch (error) {
      console.warn('[coaching] the summary failed', error);
      setNotice(M.errorWith((error as Error).message || 'Unknown error'));
    } finally {
      setRegenerating(false);
    }
  };

  /** Update file from chat (docs/coaching.md#notes): the chat is disabled meanwhile, then the manual entries are replaced and saved. */
  const updateFromChat = async () => {
    const history = chat.history();
    setUpdating(true);
    try {
      const answer = await suggestEdits({
        message: 'Update my notes for this question from our conversation.',
        file_content: content.text,
        file_name: fileName,
        folder: COACHING_FOLDER,
        conversation_history: history,
      });
      if (answer.success && answer.suggested_content) {
        await content.replaceAndSave(answer.suggested_content);
        chat.append({ role: 'assistant', content: UPDATE_TEXTS.done });
      } else chat.append({ role: 'assistant', content: UPDATE_TEXTS.none, error: true });
    } catch (error) {
      console.warn('[coaching] updating the notes from the chat failed', error);
      chat.append({ role: 'assistant', content: UPDATE_TEXTS.failed, error: true });
    } finally {
      setUpdating(false);
    }
  };

  const parts = subQuestions(question.text);
  const lastReply = [...chat.lines].reverse().find((l) => l.role === 'assistant' && !l.error)?.content ?? '';

  return (
    <Modal open onClose={onClose} title={question.title} className="coaching-question-modal">
      <p className="coaching-note">{checkinPeriodLabel(periodKey)}</p>
      <ScoreBar score={chat.score} feedback={chat.feedback} />
      {parts.length > 0 && (
        <ul className="coaching-subquestions" aria-label="Questions to reflect on">
          {parts.map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
      )}
      <div className="coaching-question-columns">
        <div>
          <QuestionChat chat={chat} busy={updating} busyText="Updating your notes from the chat…" />
          <div className="coaching-chat-actions">
            <button type="button" className="button button-quiet" onClick={chat.clear} disabled={chat.sending || updating}>
              Clear chat
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void updateFromChat()}
              disabled={chat.sending || updating || chat.history().length === 0}
            >
              Update notes from chat
            </button>
            <button type="button" className="button" onClick={() => setSuggestionOpen(true)}>
              Save to a file
            </button>
          </div>
        </div>
        <QuestionNotes
          content={content}
          summary={summary}
          ready={loaded !== null}
          onRegenerate={() => void regenerate()}
          regenerating={regenerating}
          disabled={updating}
        />
      </div>
      {notice && (
        <p className="coaching-error" role="alert">
          {notice}
        </p>
      )}
      <Suspense fallback={null}>
        {suggestionOpen && (
          <SuggestionModal
            text={summary.text || content.text || lastReply}
            fileName={fileName}
            folder={COACHING_FOLDER}
            description={question.title}
            onClose={() => setSuggestionOpen(false)}
          />
        )}
      </Suspense>
    </Modal>
  );
}
