import { scoreColour } from '@cc/contracts/coaching-rules';
import './score.css';

const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A question's score as a ring: under 40 red, 40-69 yellow, 70 and above green (docs/coaching.md#question-chat); none yet is grey. */
export function ScoreDonut({ score, size = 44 }: { score: number | null; size?: number }) {
  const colour = score === null ? 'none' : scoreColour(score);
  const filled = score === null ? 0 : (Math.max(0, Math.min(100, score)) / 100) * CIRCUMFERENCE;
  return (
    <svg
      className={`coaching-donut coaching-score-${colour}`}
      data-testid="score-donut"
      data-colour={colour}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={score === null ? 'Not scored yet' : `Score ${score} out of 100`}
    >
      <circle className="coaching-donut-track" cx="20" cy="20" r={RADIUS} />
      {filled > 0 && (
        <circle
          className="coaching-donut-value"
          cx="20"
          cy="20"
          r={RADIUS}
          strokeDasharray={`${filled} ${CIRCUMFERENCE - filled}`}
          transform="rotate(-90 20 20)"
        />
      )}
      <text x="20" y="24" textAnchor="middle" className="coaching-donut-text">
        {score === null ? '–' : score}
      </text>
    </svg>
  );
}
