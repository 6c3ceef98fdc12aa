import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from '@cc/ui/router';
import type { Citation } from './api/research';
import { citationTarget, followAppCitation } from './links';

interface CitationLinkProps {
  citation: Citation;
  children: ReactNode;
  className?: string;
  label?: string;
}

/** A web source opens in a new tab; one of the user's notes opens in the app. */
function CitationLink({ citation, children, className, label }: CitationLinkProps) {
  const navigate = useNavigate();
  const target = citationTarget(citation.url);
  if (!target) return <span className={className}>{children}</span>;
  if (target.kind === 'web') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={className} aria-label={label}>
        {children}
      </a>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens a new tab as any link does.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    followAppCitation(target, navigate);
  };
  return (
    <a href={target.href} onClick={onClick} className={className} aria-label={label}>
      {children}
    </a>
  );
}

const MARKER = /\[(\d{1,3})\]/g;

/** A line with its [n] markers as links to their sources (a marker without one stays text). */
function lineWithMarkers(line: string, citations: readonly Citation[]): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(MARKER)) {
    const n = Number(match[1]);
    const citation = citations[n - 1];
    if (!citation) continue;
    out.push(line.slice(last, match.index));
    out.push(
      <sup key={`${match.index}`}>
        <CitationLink citation={citation} className="citation-marker" label={`Source ${n}: ${citation.title || citation.url}`}>
          [{n}]
        </CitationLink>
      </sup>,
    );
    last = match.index + match[0].length;
  }
  out.push(line.slice(last));
  return out;
}

/** Strips the markdown a search answer carries that would show as symbols (**bold**, # headings). */
const plain = (line: string) => line.replace(/\*\*(.+?)\*\*/g, '$1').replace(/^#{1,6}\s+/, '');

/**
 * The research answer as paragraphs with numbered citations (every [n] is citations[n-1]),
 * then the numbered sources.
 */
export function CitedAnswer({ answer, citations }: { answer: string; citations: readonly Citation[] }) {
  const paragraphs = answer.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return (
    <div className="cited-answer" data-testid="research-answer">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {lineWithMarkers(plain(line), citations)}
            </Fragment>
          ))}
        </p>
      ))}
      {citations.length > 0 && (
        <>
          <h4>Sources</h4>
          <ol className="citations" data-testid="research-citations">
            {citations.map((citation, i) => (
              <li key={`${i}-${citation.url}`} data-testid="research-citation">
                <CitationLink citation={citation}>{citation.title || citation.url}</CitationLink>
                {citation.site && <span className="citation-site"> · {citation.site}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
