import type { ProfileStatement } from './api/profile';
import { sourceName } from './SourceLink';

/**
 * What the statements list shows of a long list (up to 200): a count, a filter by status and by
 * source, the reviewed ones collapsed, the rejected ones out of the list unless asked for. Each
 * entry keeps its index in the stored list: the verdicts and the delete name it.
 */

export type StatusFilter = 'current' | 'unreviewed' | 'verified' | 'unverified' | 'rejected' | 'all';

export const STATUS_FILTERS: Record<StatusFilter, string> = {
  current: 'All but rejected',
  unreviewed: 'To review',
  verified: 'Verified',
  unverified: 'Unsure',
  rejected: 'Rejected',
  all: 'All, rejected too',
};

/** Every source, as the filter offers it. */
export const ANY_SOURCE = '*';

export interface Entry {
  statement: ProfileStatement;
  index: number;
}

export const isReviewed = (s: ProfileStatement) => s.status === 'verified' || s.status === 'unverified';

function matchesStatus(s: ProfileStatement, filter: StatusFilter): boolean {
  switch (filter) {
    case 'current':
      return s.status !== 'rejected';
    case 'unreviewed':
      return s.status === undefined;
    case 'all':
      return true;
    default:
      return s.status === filter;
  }
}

/** The sources the statements name, by what the user reads, with how many each has. */
export function sourcesOf(statements: ProfileStatement[]): { key: string; name: string; count: number }[] {
  const found = new Map<string, { key: string; name: string; count: number }>();
  for (const s of statements) {
    const key = s.source.trim();
    const known = found.get(key);
    if (known) known.count += 1;
    else found.set(key, { key, name: sourceName(s.source, s.source_url), count: 1 });
  }
  return [...found.values()].sort((a, b) => ((a.key === '') !== (b.key === '') ? (a.key === '' ? 1 : -1) : a.name.localeCompare(b.name)));
}

export function counts(statements: ProfileStatement[]) {
  const of = (status: ProfileStatement['status']) => statements.filter((s) => s.status === status).length;
  return {
    total: statements.length,
    unreviewed: of(undefined),
    verified: of('verified'),
    unverified: of('unverified'),
    rejected: of('rejected'),
  };
}

/**
 * The entries a filter shows, split into those still to review and those reviewed (collapsed
 * unless the filter asks for a reviewed status itself).
 */
export function shownEntries(
  statements: ProfileStatement[],
  status: StatusFilter,
  source: string,
): { open: Entry[]; reviewed: Entry[]; collapse: boolean } {
  const entries = statements
    .map((statement, index) => ({ statement, index }))
    .filter(({ statement }) => matchesStatus(statement, status) && (source === ANY_SOURCE || statement.source.trim() === source));
  const collapse = status === 'current' || status === 'all';
  if (!collapse) return { open: entries, reviewed: [], collapse };
  return {
    open: entries.filter((e) => !isReviewed(e.statement)),
    reviewed: entries.filter((e) => isReviewed(e.statement)),
    collapse,
  };
}

/** The filter that shows a given statement (the one asked for by its address), keeping the current one when it already does. */
export function filterShowing(statement: ProfileStatement, status: StatusFilter): StatusFilter {
  return matchesStatus(statement, status) ? status : 'all';
}
