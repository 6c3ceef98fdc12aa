import type { ScoredQuestion } from '@cc/contracts/coaching';
import { ScoreDonut } from '../shared/ScoreDonut';
import { ScoreTrend } from './ScoreTrend';

/** The selected section's questions, each with its score donut and its recent scores. */
export function QuestionList({
  questions,
  onOpen,
  showTrend = true,
}: {
  questions: readonly ScoredQuestion[];
  onOpen: (question: ScoredQuestion) => void;
  /** Off for onboarding: answered once, it has no periods to compare. */
  showTrend?: boolean;
}) {
  if (questions.length === 0) return <p className="coaching-note">This section has no questions yet.</p>;
  return (
    <ul className="coaching-questions">
      {questions.map((q) => (
        <li key={q.id} className="coaching-question" data-testid="question" data-question-id={q.id}>
          <button type="button" className="coaching-question-open" onClick={() => onOpen(q)}>
            <ScoreDonut score={q.score} />
            <span className="coaching-question-body">
              <span className="coaching-question-title">{q.title}</span>
              <span className="coaching-question-text">{q.text}</span>
            </span>
            {q.has_notes && <span className="coaching-question-notes">Notes</span>}
          </button>
          {showTrend && <ScoreTrend scores={q.recent_scores} />}
        </li>
      ))}
    </ul>
  );
}
