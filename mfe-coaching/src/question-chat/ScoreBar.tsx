import { scoreColour } from '@cc/contracts/coaching-rules';
import '../shared/score.css';

/** The conversation's score, 0-100, in its colour, and the coach's reason for it. */
export function ScoreBar({ score, feedback }: { score: number | null; feedback: string }) {
  const colour = score === null ? 'none' : scoreColour(score);
  return (
    <div className="coaching-scorebar" data-testid="score-bar" data-score={score ?? ''} data-colour={colour}>
      <div
        className="coaching-scorebar-track"
        role="meter"
        aria-label="Score"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score ?? 0}
      >
        <span className={`coaching-scorebar-fill coaching-score-${colour}`} style={{ width: `${score ?? 0}%` }} />
      </div>
      <span className="coaching-scorebar-value">{score === null ? 'Not scored yet' : `${score}/100`}</span>
      {feedback && <p className="coaching-scorebar-feedback">{feedback}</p>}
    </div>
  );
}
