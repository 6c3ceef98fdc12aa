import { storeOpenOnLoad } from '@cc/ui/open-hint';

/**
 * Where a citation leads. The notes research cites the user's own notes as app links
 * (`/people?person=…[&meeting=…]`, `/dashboard?folder=…&file=…`, `/journal?date=…`); the
 * dashboard and the journal do not read those queries, so they are turned into what those
 * pages do read: the dashboard's open-on-load hint, and /journal/{date}.
 */
export type CitationTarget =
  { kind: 'web'; href: string } | { kind: 'app'; href: string; openDashboardFile?: { folder: string; fileName: string } };

export function citationTarget(url: string): CitationTarget | null {
  if (/^https?:\/\//i.test(url)) return { kind: 'web', href: url };
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const parsed = new URL(url, 'http://app.invalid');
  const q = parsed.searchParams;
  if (parsed.pathname === '/journal' && /^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? ''))
    return { kind: 'app', href: `/journal/${q.get('date')}` };
  if (parsed.pathname === '/dashboard' && q.get('folder') && q.get('file')) {
    return { kind: 'app', href: '/dashboard', openDashboardFile: { folder: q.get('folder')!, fileName: q.get('file')! } };
  }
  return { kind: 'app', href: `${parsed.pathname}${parsed.search}` };
}

/** Follows an app citation inside the single-page app. */
export function followAppCitation(target: Extract<CitationTarget, { kind: 'app' }>, navigate: (to: string) => void): void {
  if (target.openDashboardFile) storeOpenOnLoad({ folder: target.openDashboardFile.folder, fileName: target.openDashboardFile.fileName });
  navigate(target.href);
}
