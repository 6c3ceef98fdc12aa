import { scoreColour } from '@cc/contracts/coaching-rules';
import { checkinPeriodShort } from '../shared/dates';
import '../shared/score.css';

export interface RecentScore {
  period_key: string;
  score: number | null;
}

const W = 96;
const H = 28;

/**
 * A question's scores over its recent periods, oldest first (added, docs/coaching.md#check-ins): a line a user
 * reads at a glance, a dot per scored period, gaps where a period has no score.
 */
export function ScoreTrend({ scores }: { scores: readonly RecentScore[] }) {
  const scored = scores.filter((s) => s.score !== null);
  if (scored.length === 0) return <span className="coaching-trend-empty">No scores yet</span>;
  const x = (i: number) => (scores.length === 1 ? W / 2 : 3 + (i * (W - 6)) / (scores.length - 1));
  const y = (score: number) => H - 3 - (score / 100) * (H - 6);
  // Periods without a score are skipped, not drawn as zero: the line joins the scored ones.
  const points = scores.flatMap((s, i) => (s.score === null ? [] : [`${x(i).toFixed(1)},${y(s.score).toFixed(1)}`])).join(' ');
  const words = scores.map((s) => `${checkinPeriodShort(s.period_key)}: ${s.score ?? 'no score'}`).join(', ');
  return (
    <span className="coaching-trend-wrap">
      <svg
        className="coaching-trend"
        data-testid="score-trend"
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Recent scores: ${words}`}
      >
        <line x1={0} x2={W} y1={y(70)} y2={y(70)} className="coaching-trend-guide" />
        <line x1={0} x2={W} y1={y(40)} y2={y(40)} className="coaching-trend-guide" />
        {scored.length > 1 && <polyline points={points} className="coaching-trend-line" />}
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
      <span className="coaching-trend-caption" aria-hidden="true">
        last {scores.length}
      </span>
    </span>
  );
}
