import { Fragment, useMemo, type MouseEvent } from 'react';
import type { ChatReference } from '@cc/contracts';
import { useInRouterContext, useNavigate } from '@cc/ui/router';
import { SOURCES_TEXT } from './labels';
import { followedReference, referenceLinks, referenceTitle, renderCitedMarkdown } from './references';

export interface ChatAnswerProps {
  /** The answer's markdown (sanitized when rendered). */
  text: string;
  /** The notes it cites: its `[n]` become links, listed under it as Sources. */
  references?: readonly ChatReference[];
  /** One muted line under the answer (svc-chat says it once: docs/chat.md#sources). */
  notice?: string;
}

type Navigate = (to: string) => void;

/**
 * An assistant answer in any chat: its markdown with each cited `[n]` a link to the note, a
 * "Sources" line, and the notice. The links are real addresses (Ctrl/⌘-click or a middle click
 * opens a new tab); a plain click opens the note in this tab with the shell's router.
 */
export function ChatAnswer(props: ChatAnswerProps) {
  // A chat rendered outside a router (a test, a page of its own) follows its links as plain links.
  return useInRouterContext() ? <RoutedAnswer {...props} /> : <AnswerView {...props} navigate={null} />;
}

function RoutedAnswer(props: ChatAnswerProps) {
  const navigate = useNavigate();
  return <AnswerView {...props} navigate={(to) => void navigate(to)} />;
}

function AnswerView({ text, references, notice, navigate }: ChatAnswerProps & { navigate: Navigate | null }) {
  const links = useMemo(() => referenceLinks(references), [references]);
  const html = useMemo(() => renderCitedMarkdown(text, links), [text, links]);

  const follow = (event: MouseEvent<HTMLElement>) => {
    if (!navigate) return;
    const href = followedReference(event);
    if (!href) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <>
      {/* One handler follows the links inside (Enter on a link clicks it too). */}
      <div className="cc-markdown cc-chat-text" onClick={follow} dangerouslySetInnerHTML={{ __html: html }} />
      {links.length > 0 && (
        <p className="cc-chat-sources" data-testid="chat-sources" onClick={follow}>
          <span className="cc-chat-sources-label">{SOURCES_TEXT}:</span>{' '}
          {links.map((link, i) => (
            <Fragment key={link.n}>
              {i > 0 && <span aria-hidden="true"> · </span>}
              <a href={link.href} className="cc-chat-source" data-cc-ref={link.n}>
                [{link.n}] {referenceTitle(link)}
              </a>
            </Fragment>
          ))}
        </p>
      )}
      {notice && (
        <p className="cc-chat-answer-notice" data-testid="chat-notice">
          {notice}
        </p>
      )}
    </>
  );
}
