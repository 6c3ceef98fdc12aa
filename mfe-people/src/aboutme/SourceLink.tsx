import type { MouseEvent } from 'react';
import { canonicalAddress } from '@cc/contracts/addresses';
import { formatDay } from '@cc/contracts/dates';
import { useNavigate } from '@cc/ui/router';

const isWeb = (url: string) => /^https?:\/\//i.test(url);
const JOURNAL_DAY = /^\/journal\/(\d{4}-\d{2}-\d{2})$/;
// The label the service gives what the user typed in the Edit tab.
const DETAILS_SOURCE = 'profile details';

/** What a source is called on screen: its label; a journal day in the user's own way of writing dates; the details as the user knows them. */
export function sourceName(source: string, url?: string): string {
  const day = url ? JOURNAL_DAY.exec(canonicalAddress(url))?.[1] : undefined;
  if (day) return `Journal, ${formatDay(day)}`;
  if (source.trim() === DETAILS_SOURCE) return 'Your About me details';
  return source.trim() || 'No source';
}

/**
 * A statement's source, one click away at its address: a note of the user's (a file, a journal
 * day, a check-in, a milestone, the About me details) opens in the app, in this tab (or a new
 * one: the link is the full address); a web citation opens in a new tab. A statement no object
 * stands behind says so.
 */
export function SourceLink({ source, url }: { source: string; url?: string }) {
  const navigate = useNavigate();
  const label = sourceName(source, url);
  if (!url || (!isWeb(url) && !url.startsWith('/'))) {
    return <span className={`aboutme-source${source.trim() ? '' : ' aboutme-source-none'}`}>{label}</span>;
  }
  if (isWeb(url)) {
    return (
      <a className="aboutme-source" href={url} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  const address = canonicalAddress(url);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(address);
  };
  return (
    <a className="aboutme-source" href={address} onClick={open} data-testid="aboutme-source">
      {label}
    </a>
  );
}
