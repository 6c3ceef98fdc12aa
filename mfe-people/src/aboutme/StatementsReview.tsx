import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STATEMENT_STATUSES, type StatementStatus } from '@cc/contracts/profile-rules';
import { deleteCompanyStatement, deleteStatement, verifyStatement, type CompanyStatements, type ProfileStatement } from './api/profile';
import { SourceLink } from './SourceLink';
import { ANY_SOURCE, counts, filterShowing, shownEntries, sourcesOf, STATUS_FILTERS, type Entry, type StatusFilter } from './statementList';

const STATUS_LABELS: Record<StatementStatus, string> = { verified: 'Verify', unverified: 'Unsure', rejected: 'Reject' };
/** Statements to review shown at first; the rest a click away. */
export const PAGE_SIZE = 50;

export interface StatementsReviewProps {
  statements: ProfileStatement[];
  onStatements(next: ProfileStatement[]): void;
  /** The review view: delete and the verdicts beside each statement. */
  reviewing: boolean;
  /** The statement the address names (its index): shown, scrolled to and highlighted. */
  focus?: number | null;
}

function countLine(statements: ProfileStatement[]): string {
  const c = counts(statements);
  const parts = [
    `${c.total} ${c.total === 1 ? 'statement' : 'statements'}`,
    c.unreviewed ? `${c.unreviewed} to review` : '',
    c.verified ? `${c.verified} verified` : '',
    c.unverified ? `${c.unverified} unsure` : '',
    c.rejected ? `${c.rejected} rejected` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * The personal statements: a count, filters by status and source, those still to review first
 * and the reviewed ones collapsed; rejected ones leave the list (a filter shows them). Each has
 * its source a click away and, in review, a delete and the three verdicts (sent as strings; the
 * pressed button says which).
 */
export function StatementsReview({ statements, onStatements, reviewing, focus = null }: StatementsReviewProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('current');
  const [source, setSource] = useState(ANY_SOURCE);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [reviewedOpen, setReviewedOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const ids = useId();

  const target = focus !== null ? statements[focus] : undefined;
  useEffect(() => {
    if (!target || focus === null) return;
    // Whatever the filters, the statement the address names is shown.
    setStatus((current) => filterShowing(target, current));
    setSource((current) => (current === ANY_SOURCE || current === target.source.trim() ? current : ANY_SOURCE));
    setReviewedOpen(true);
    setLimit((current) => Math.max(current, focus + 1));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the statement is there, and again for another address
  }, [focus, Boolean(target)]);

  // Scrolled to and focused once it is drawn (the filters above may first have to show it).
  const reached = useRef<number | null>(null);
  useEffect(() => {
    if (focus === null || reached.current === focus) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-statement-index="${focus}"]`);
    if (!item) return;
    reached.current = focus;
    item.scrollIntoView({ block: 'center' });
    item.focus({ preventScroll: true });
  });

  const remove = async (index: number) => {
    try {
      onStatements(await deleteStatement(queryClient, index));
    } catch {
      // Statement-delete failures are ignored (docs/about-me.md#statements).
    }
  };
  const verify = async (index: number, verdict: StatementStatus) => {
    try {
      onStatements(await verifyStatement(queryClient, index, verdict));
    } catch {
      // The statement keeps its former verdict; pressing again retries.
    }
  };
  if (statements.length === 0) return <p className="aboutme-empty">No statements yet.</p>;

  const { open, reviewed, collapse } = shownEntries(statements, status, source);
  const sources = sourcesOf(statements);
  const item = ({ statement: s, index }: Entry) => (
    <li
      key={`${index}:${s.text}`}
      // Its number in the stored list (the one its address names), whatever the filters show.
      value={index + 1}
      className={`aboutme-statement aboutme-statement-${s.status ?? 'new'}${index === focus ? ' aboutme-statement-focus' : ''}`}
      data-testid="aboutme-statement"
      data-statement-index={index}
      tabIndex={index === focus ? -1 : undefined}
      aria-current={index === focus ? 'true' : undefined}
    >
      <p className="aboutme-statement-text">{s.text}</p>
      <div className="aboutme-statement-meta">
        <SourceLink source={s.source} url={s.source_url} />
        {reviewing && (
          <>
            <span className="aboutme-verdicts" role="group" aria-label="Review">
              {STATEMENT_STATUSES.map((verdict) => (
                <button
                  key={verdict}
                  type="button"
                  className="button button-small"
                  aria-pressed={s.status === verdict}
                  onClick={() => void verify(index, verdict)}
                >
                  {STATUS_LABELS[verdict]}
                </button>
              ))}
            </span>
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => void remove(index)}
              aria-label={`Delete: ${s.text.slice(0, 80)}`}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );

  return (
    <div className="aboutme-list" ref={list}>
      <div className="aboutme-list-head">
        <p className="aboutme-count" data-testid="aboutme-count" aria-live="polite">
          {countLine(statements)}
        </p>
        <div className="aboutme-filters">
          <label htmlFor={`${ids}-status`}>Status</label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as StatusFilter)}
            data-testid="aboutme-filter-status"
          >
            {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((f) => (
              <option key={f} value={f}>
                {STATUS_FILTERS[f]}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-source`}>Source</label>
          <select id={`${ids}-source`} value={source} onChange={(e) => setSource(e.target.value)} data-testid="aboutme-filter-source">
            <option value={ANY_SOURCE}>All sources</option>
            {sources.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name} ({s.count})
              </option>
            ))}
          </select>
        </div>
      </div>
      {open.length === 0 && reviewed.length === 0 && <p className="aboutme-empty">No statements match these filters.</p>}
      {open.length > 0 && (
        <ol className="aboutme-statements" data-testid="aboutme-statements">
          {open.slice(0, limit).map(item)}
        </ol>
      )}
      {open.length > limit && (
        <button type="button" className="button button-small" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
          Show {Math.min(PAGE_SIZE, open.length - limit)} more of {open.length - limit}
        </button>
      )}
      {collapse && reviewed.length > 0 && (
        <details
          className="aboutme-reviewed"
          open={reviewedOpen}
          onToggle={(e) => setReviewedOpen((e.target as HTMLDetailsElement).open)}
          data-testid="aboutme-reviewed"
        >
          <summary>Reviewed ({reviewed.length})</summary>
          <ol className="aboutme-statements">{reviewed.map(item)}</ol>
        </details>
      )}
    </div>
  );
}

export interface CompanyBlocksProps {
  company: CompanyStatements;
  onCompany(next: CompanyStatements): void;
  reviewing: boolean;
}

/** Company statements grouped by company (docs/about-me.md#company-insights). */
export function CompanyBlocks({ company, onCompany, reviewing }: CompanyBlocksProps) {
  const queryClient = useQueryClient();
  const groups = Object.entries(company).filter(([, list]) => list.length > 0);
  if (groups.length === 0) return null;
  const remove = async (name: string, index: number) => {
    try {
      onCompany(await deleteCompanyStatement(queryClient, name, index));
    } catch {
      // Company statement failures are ignored (docs/about-me.md#company-insights).
    }
  };
  return (
    <div className="aboutme-company" data-testid="aboutme-company">
      {groups.map(([name, list]) => (
        <section key={name} className="aboutme-company-group" aria-label={name}>
          <h4>{name}</h4>
          <ul>
            {list.map((s, index) => (
              <li key={`${index}:${s.text}`} data-testid="aboutme-company-statement">
                <span>{s.text}</span>{' '}
                {/* The group already names the company: a source of the same name says nothing more, unless it links. */}
                {(s.source_url || (s.source.trim() && s.source !== name)) && <SourceLink source={s.source} url={s.source_url} />}{' '}
                {reviewing && (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => void remove(name, index)}
                    aria-label={`Delete: ${s.text.slice(0, 80)}`}
                  >
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
