import { useMemo, type ReactNode } from 'react';
import type { DiffLine } from '@cc/contracts';
import { diffStats } from './diff';
import '../controls.css';
import './diff.css';

export interface DiffViewProps {
  lines: readonly DiffLine[];
  /** Accessible name of the region (default 'Proposed changes'). */
  label?: string;
  /** Shown above the lines (e.g. a title). */
  header?: ReactNode;
  /** Buttons under the summary (e.g. Accept All, Reject, Edit). */
  actions?: ReactNode;
  className?: string;
}

const SIGN: Record<DiffLine['type'], string> = { added: '+', removed: '−', unchanged: ' ' };
const SPOKEN: Record<DiffLine['type'], string> = { added: 'Added: ', removed: 'Removed: ', unchanged: '' };

/** Lines added, removed and unchanged, with a count of each change. */
export function DiffView({ lines, label = 'Proposed changes', header, actions, className }: DiffViewProps) {
  const stats = useMemo(() => diffStats(lines), [lines]);
  return (
    <section className={className ? `cc-frame cc-diff ${className}` : 'cc-frame cc-diff'} aria-label={label} data-testid="diff-view">
      {header}
      <div className="cc-diff-bar">
        <p className="cc-diff-summary" data-testid="diff-summary">
          <span className="cc-diff-count cc-diff-count--added">+{stats.added} added</span>
          <span className="cc-diff-count cc-diff-count--removed">−{stats.removed} removed</span>
          <span className="cc-diff-count">{stats.unchanged} unchanged</span>
        </p>
        {actions && <div className="cc-diff-actions">{actions}</div>}
      </div>
      <ol className="cc-diff-lines">
        {lines.map((line, i) => (
          <li key={i} className={`cc-diff-line cc-diff-line--${line.type}`} data-type={line.type}>
            <span className="cc-diff-sign" aria-hidden="true">
              {SIGN[line.type]}
            </span>
            <span className="cc-diff-text">
              {SPOKEN[line.type] && <span className="cc-visually-hidden">{SPOKEN[line.type]}</span>}
              {line.content || '\u00a0'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
