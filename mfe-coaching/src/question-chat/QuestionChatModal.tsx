import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { coachingFileName, COACHING_FOLDER, COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { Modal } from '@cc/ui';
import { checkinPeriodLabel } from '../shared/dates';
import { generateSummary, suggestNoteEdits } from './api/conversation';
import { QuestionChat } from './QuestionChat';
import { QuestionNotes } from './QuestionNotes';
import { ScoreBar } from './ScoreBar';
import { subQuestions } from './subQuestions';
import { useNoteText } from './useNoteText';
import { useQuestionChat } from './useQuestionChat';
import './question-chat.css';

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

  // The manual entries are saved first: the summary is made from what the server has.
  const regenerate = useMutation({
    mutationFn: async () => {
      await content.saves.flush();
      return generateSummary(at, content.text, chat.history());
    },
    onMutate: () => setNotice(null),
    onSuccess: (answer) => summary.replaceFromServer(answer.summary, answer.summary_revision),
    onError: (error) => {
      console.warn('[coaching] the summary failed', error);
      setNotice(M.errorWith(error.message || 'Unknown error'));
    },
  });

  /** Update file from chat (docs/coaching.md#notes): the chat is disabled meanwhile, then the manual entries are replaced and saved. */
  const update = useMutation({
    mutationFn: async () => {
      const answer = await suggestNoteEdits({ content: content.text, fileName, folder: COACHING_FOLDER }, chat.history());
      if (!answer.suggested_content) return false;
      await content.replaceAndSave(answer.suggested_content);
      return true;
    },
    onSuccess: (updated) =>
      chat.append(
        updated ? { role: 'assistant', content: UPDATE_TEXTS.done } : { role: 'assistant', content: UPDATE_TEXTS.none, error: true },
      ),
    onError: (error) => {
      console.warn('[coaching] updating the notes from the chat failed', error);
      chat.append({ role: 'assistant', content: UPDATE_TEXTS.failed, error: true });
    },
  });
  const updating = update.isPending;

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
              onClick={() => update.mutate()}
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
          onRegenerate={() => regenerate.mutate()}
          regenerating={regenerate.isPending}
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
