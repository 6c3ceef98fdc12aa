import { STATEMENT_STATUSES, type StatementStatus } from '@cc/contracts/profile-rules';
import { deleteCompanyStatement, deleteStatement, verifyStatement, type CompanyStatements, type ProfileStatement } from '../api/profile';
import { SourceLink } from './SourceLink';

const STATUS_LABELS: Record<StatementStatus, string> = { verified: 'Verify', unverified: 'Unsure', rejected: 'Reject' };

export interface StatementsReviewProps {
  statements: ProfileStatement[];
  onStatements(next: ProfileStatement[]): void;
  /** The review view: delete and the verdicts beside each statement. */
  reviewing: boolean;
}

/**
 * The personal statements to review: each with its source a click away, a delete, and the
 * three verdicts (sent as strings; spec §4 does not show the status as text, the pressed button
 * says it).
 */
export function StatementsReview({ statements, onStatements, reviewing }: StatementsReviewProps) {
  const remove = async (index: number) => {
    try {
      onStatements((await deleteStatement(index)).statements);
    } catch {
      // Spec §8: statement-delete failures are ignored.
    }
  };
  const verify = async (index: number, status: StatementStatus) => {
    try {
      onStatements((await verifyStatement(index, status)).statements);
    } catch {
      // The statement keeps its former verdict; pressing again retries.
    }
  };
  if (statements.length === 0) return <p className="aboutme-empty">No statements yet.</p>;
  return (
    <ol className="aboutme-statements" data-testid="aboutme-statements">
      {statements.map((s, index) => (
        <li
          key={`${index}:${s.text}`}
          className={`aboutme-statement aboutme-statement-${s.status ?? 'unverified'}`}
          data-testid="aboutme-statement"
        >
          <p className="aboutme-statement-text">{s.text}</p>
          <div className="aboutme-statement-meta">
            <SourceLink source={s.source} url={s.source_url} />
            {reviewing && (
              <>
                <span className="aboutme-verdicts" role="group" aria-label="Review">
                  {STATEMENT_STATUSES.map((status) => (
                    <button
                      key={status}
                      type="button"
                      className="button button-small"
                      aria-pressed={(s.status ?? 'unverified') === status}
                      onClick={() => void verify(index, status)}
                    >
                      {STATUS_LABELS[status]}
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
      ))}
    </ol>
  );
}

export interface CompanyBlocksProps {
  company: CompanyStatements;
  onCompany(next: CompanyStatements): void;
  reviewing: boolean;
}

/** Company statements grouped by company (spec §2). */
export function CompanyBlocks({ company, onCompany, reviewing }: CompanyBlocksProps) {
  const groups = Object.entries(company).filter(([, list]) => list.length > 0);
  if (groups.length === 0) return null;
  const remove = async (name: string, index: number) => {
    try {
      onCompany((await deleteCompanyStatement(name, index)).company_statements);
    } catch {
      // Spec §8: company statement failures are ignored.
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
                {(s.source_url || s.source !== name) && <SourceLink source={s.source} url={s.source_url} />}{' '}
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
