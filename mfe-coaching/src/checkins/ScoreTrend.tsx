import { scoreColour } from '@cc/contracts/coaching-rules';

export interface RecentScore {
  period_key: string;
  score: number | null;
}

const W = 96;
const H = 28;

/**
 * A question's scores over its recent periods, oldest first (beyond the spec): a line a user
 * reads at a glance, a dot per scored period, gaps where a period has no score.
 */
export function ScoreTrend({ scores }: { scores: readonly RecentScore[] }) {
  const scored = scores.filter((s) => s.score !== null);
  if (scored.length === 0) return <span className="coaching-trend-empty">No scores yet</span>;
  const x = (i: number) => (scores.length === 1 ? W / 2 : 3 + (i * (W - 6)) / (scores.length - 1));
  const y = (score: number) => H - 3 - (score / 100) * (H - 6);
  const runs: string[] = [];
  let run: string[] = [];
  scores.forEach((s, i) => {
    if (s.score === null) {
      if (run.length > 1) runs.push(run.join(' '));
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(s.score).toFixed(1)}`);
  });
  if (run.length > 1) runs.push(run.join(' '));
  const words = scores.map((s) => `${s.period_key}: ${s.score ?? 'none'}`).join(', ');
  return (
    <svg
      className="coaching-trend"
      data-testid="score-trend"
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Recent scores: ${words}`}
    >
      {runs.map((points) => (
        <polyline key={points} points={points} className="coaching-trend-line" />
      ))}
      {scores.map((s, i) =>
        s.score === null ? null : (
          <circle
            key={s.period_key}
            cx={x(i)}
            cy={y(s.score)}
            r={2.2}
            className={`coaching-trend-dot coaching-score-${scoreColour(s.score)}`}
          />
        ),
      )}
    </svg>
  );
}
