import type { ScoredSection } from '@cc/contracts/coaching';

/** One step per section: how many of its questions are scored; the selected one's questions show below. */
export function SectionProgress({
  sections,
  selected,
  onSelect,
}: {
  sections: readonly ScoredSection[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const answered = sections.reduce((n, s) => n + s.questions.filter((q) => q.score !== null).length, 0);
  const total = sections.reduce((n, s) => n + s.questions.length, 0);
  return (
    <nav className="coaching-progress" aria-label="Sections">
      <div
        className="coaching-progress-bar"
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
      >
        <span style={{ width: total ? `${(answered / total) * 100}%` : '0%' }} />
      </div>
      <ol className="coaching-progress-steps">
        {sections.map((section, index) => {
          const done = section.questions.filter((q) => q.score !== null).length;
          const complete = section.questions.length > 0 && done === section.questions.length;
          return (
            <li key={section.id}>
              <button
                type="button"
                className={`coaching-step${index === selected ? ' active' : ''}${complete ? ' complete' : ''}`}
                aria-current={index === selected ? 'step' : undefined}
                onClick={() => onSelect(index)}
              >
                <span className="coaching-step-title">{section.title}</span>
                <span className="coaching-step-count">
                  {done}/{section.questions.length}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
