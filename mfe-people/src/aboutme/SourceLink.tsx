import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from '@cc/ui/router';
import { storeOpenOnLoad } from '@cc/ui/open-hint';

const isWeb = (url: string) => /^https?:\/\//i.test(url);

/** Where an app link goes: a file opens through the dashboard's open-on-load hint. */
export function appTarget(url: string): { path: string; hint?: { folder: string; fileName: string } } {
  const parsed = new URL(url, 'http://app.invalid');
  const folder = parsed.searchParams.get('folder');
  const file = parsed.searchParams.get('file');
  if (parsed.pathname === '/dashboard' && folder !== null && file) return { path: '/dashboard', hint: { folder, fileName: file } };
  return { path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
}

/**
 * A statement's source, one click away: a note of the user's (a file, a dated journal entry, a
 * check-in, a milestone) opens in the app; a web citation in a new tab; a label alone is text.
 */
export function SourceLink({ source, url }: { source: string; url?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const label = source || 'Source';
  if (!url) return source ? <span className="aboutme-source">{source}</span> : null;
  if (isWeb(url)) {
    return (
      <a className="aboutme-source" href={url} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  if (!url.startsWith('/')) return <span className="aboutme-source">{label}</span>;
  const target = appTarget(url);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (target.hint) {
      storeOpenOnLoad(target.hint);
      // The dashboard takes the hint when it mounts: already on it (this panel is), load it afresh.
      if (location.pathname === '/dashboard') {
        window.location.assign('/dashboard');
        return;
      }
    }
    navigate(target.path);
  };
  return (
    <a className="aboutme-source" href={url} onClick={open} data-testid="aboutme-source">
      {label}
    </a>
  );
}
