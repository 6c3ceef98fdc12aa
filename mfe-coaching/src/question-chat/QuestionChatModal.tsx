import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { DiffLine } from '@cc/contracts';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { coachingFileName, COACHING_FOLDER, COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { cleanDiff, diffLines, Modal } from '@cc/ui';
import { checkinPeriodLabel } from '../shared/dates';
import { generateSummary, suggestNoteEdits } from './api/conversation';
import { LastPeriodLine } from './LastPeriodLine';
import { QuestionChat } from './QuestionChat';
import { NotesProposal } from './NotesProposal';
import { QuestionNotes } from './QuestionNotes';
import { ScoreBar } from './ScoreBar';
import { subQuestions } from './subQuestions';
import { useNoteText } from './useNoteText';
import { useQuestionChat } from './useQuestionChat';
import './question-chat.css';

const SuggestionModal = lazy(() => import('./SuggestionModal'));

/** Update notes from chat's answers (docs/coaching.md#notes). */
export const UPDATE_TEXTS = {
  /** After Accept. The first description said "journal entry": the check-in has none (issue 20). */
  done: 'I updated your notes on this question.',
  none: 'I could not generate improvements at this time.',
  /** The proposal would change nothing: no diff to accept. */
  unchanged: 'Nothing to change: your notes already have this.',
  failed: 'There was an error updating your notes.',
} as const;

interface Proposal {
  lines: DiffLine[];
  content: string;
}

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
  const [proposal, setProposal] = useState<Proposal | null>(null);
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

  /**
   * Update notes from chat (docs/coaching.md#notes): the chat waits while the coach writes a new
   * version of the manual entries, which is shown as a diff in place of the editor; nothing
   * changes until Accept.
   */
  const update = useMutation({
    mutationFn: async (): Promise<Proposal | 'none' | 'unchanged'> => {
      const current = content.text;
      const answer = await suggestNoteEdits({ content: current, fileName, folder: COACHING_FOLDER }, chat.history());
      if (!answer.suggested_content) return 'none';
      // An answer without a diff gets one computed from the two texts.
      let lines = cleanDiff(answer.diff);
      if (lines.length === 0) lines = await diffLines(current, answer.suggested_content);
      if (!lines.some((line) => line.type !== 'unchanged')) return 'unchanged';
      return { lines, content: answer.suggested_content };
    },
    onSuccess: (result) => {
      if (typeof result === 'object') setProposal(result);
      else chat.append({ role: 'assistant', content: UPDATE_TEXTS[result], error: result === 'none' });
    },
    onError: (error) => {
      console.warn('[coaching] updating the notes from the chat failed', error);
      chat.append({ role: 'assistant', content: UPDATE_TEXTS.failed, error: true });
    },
  });
  /**
   * Accept: the proposal replaces the manual entries and is saved at once. A save that fails (or
   * meets a newer text) is the editor's to show, with its retry or its conflict panel; the line
   * says the notes were updated only once they are saved.
   */
  const accept = useMutation({
    mutationFn: (next: string) => content.replaceAndSave(next),
    onSuccess: (saved) => {
      setProposal(null);
      if (saved) chat.append({ role: 'assistant', content: UPDATE_TEXTS.done });
    },
    onError: (error) => {
      console.warn('[coaching] saving the accepted notes failed', error);
      setProposal(null);
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
      <LastPeriodLine previous={loaded?.previous} />
      <div className="coaching-question-columns">
        <div>
          <QuestionChat chat={chat} busy={updating} busyText="Writing an update to your notes from the chat…" />
          <div className="coaching-chat-actions">
            <button type="button" className="button button-quiet" onClick={chat.clear} disabled={chat.sending || updating}>
              Clear chat
            </button>
            <button
              type="button"
              className="button"
              onClick={() => update.mutate()}
              disabled={chat.sending || updating || proposal !== null || chat.history().length === 0}
            >
              Update notes from chat
            </button>
            <button type="button" className="button" onClick={() => setSuggestionOpen(true)}>
              Save to a file
            </button>
          </div>
        </div>
        {proposal ? (
          <NotesProposal
            lines={proposal.lines}
            accepting={accept.isPending}
            onAccept={() => accept.mutate(proposal.content)}
            onReject={() => setProposal(null)}
          />
        ) : (
          <QuestionNotes
            content={content}
            summary={summary}
            ready={loaded !== null}
            onRegenerate={() => regenerate.mutate()}
            regenerating={regenerate.isPending}
            disabled={updating}
          />
        )}
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
