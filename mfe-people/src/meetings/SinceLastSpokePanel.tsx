import { useMemo, type MouseEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fileAddress, journalAddress, meetingAddress, researchAddress, todoAddress } from '@cc/contracts/addresses';
import { formatDateTime, formatDay } from '@cc/contracts/dates';
import { useNavigate } from '@cc/ui/router';
import { savedResearchQuery } from '../research/api/research';
import { personMeetingsPages } from './api/meetings';
import { mentionsQuery, todosQuery, type Mention } from './api/notes';
import { citationTarget, followAppCitation } from '../research/links';
import { researchOpening, sinceLastSpoke, type SinceLastSpoke } from './sinceLastSpoke';

/** An app link followed inside the single-page app (the research citations' way). */
function AppLink({ url, children }: { url: string; children: string }) {
  const navigate = useNavigate();
  const target = citationTarget(url);
  if (!target || target.kind !== 'app') return <span>{children}</span>;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    followAppCitation(target, navigate);
  };
  return (
    <a href={target.href} onClick={onClick}>
      {children}
    </a>
  );
}

const noteUrl = (m: Mention) => (m.kind === 'journal' ? journalAddress(m.date) : fileAddress(m.folder, m.name));
const noteTitle = (m: Mention) => (m.kind === 'journal' ? `Journal, ${formatDay(m.date)}` : `${m.folder}/${m.name}`);

/**
 * "Since we last spoke" (added, docs/people.md#meetings): the last meeting with the person, their open todos
 * and the notes that mention them since, each linked to its source. What cannot be read is
 * left out; nothing shows when there is nothing to say.
 */
export function SinceLastSpokePanel({
  personId,
  name,
  currentId,
  currentDate,
}: {
  personId: number;
  name: string;
  currentId: number | null;
  /** When the meeting being prepared is ('YYYY-MM-DDTHH:MM'): the last meeting is the one before it. */
  currentDate: string;
}) {
  const searchable = name.trim().length >= 2;
  // The meetings list's pages (shared with the list): the last meeting before this one is on the first.
  const meetings = useInfiniteQuery(personMeetingsPages(personId));
  const todos = useQuery(todosQuery());
  const mentions = useQuery({ ...mentionsQuery(name), enabled: searchable });
  const saved = useQuery(savedResearchQuery(personId));
  // Shown once every read has answered, as one brief; what could not be read is left out.
  const settled = [meetings, todos, saved, ...(searchable ? [mentions] : [])].every((q) => !q.isPending);
  const brief: SinceLastSpoke | null = useMemo(
    () =>
      settled
        ? sinceLastSpoke(
            name,
            { id: currentId, date: currentDate },
            meetings.data?.pages.flatMap((page) => page.meetings) ?? [],
            todos.data?.todos ?? [],
            (searchable && mentions.data?.mentions) || [],
          )
        : null,
    [settled, name, currentId, currentDate, meetings.data, todos.data, mentions.data, searchable],
  );
  const research = saved.data?.research ?? null;

  if (!brief || (!brief.last && brief.todos.length === 0 && brief.notes.length === 0 && !research)) return null;
  return (
    <section className="since-last" aria-label={`Since you last spoke with ${name}`} data-testid="since-last-spoke">
      <h3>Since you last spoke</h3>
      {brief.last && (
        <p>
          Last meeting:{' '}
          <AppLink url={meetingAddress(personId, brief.last.id)}>{`${brief.last.title}${
            brief.last.meeting_date ? ` (${formatDay(brief.last.meeting_date)})` : ''
          }`}</AppLink>
        </p>
      )}
      {brief.todos.length > 0 && (
        <>
          <h4>Open todos</h4>
          <ul>
            {brief.todos.map((t) => (
              <li key={t.id}>
                <AppLink url={todoAddress(t.id)}>{t.due_date ? `${t.title} (due ${formatDay(t.due_date)})` : t.title}</AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {brief.notes.length > 0 && (
        <>
          <h4>Notes that mention them</h4>
          <ul>
            {brief.notes.map((m) => (
              <li key={m.kind === 'journal' ? `j${m.date}` : `f${m.id}`}>
                <AppLink url={noteUrl(m)}>{noteTitle(m)}</AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {research && (
        <>
          <h4>Saved research</h4>
          <p>
            {researchOpening(research.answer)}{' '}
            <AppLink url={researchAddress(personId)}>{`${research.source === 'web' ? 'Web research' : 'From your notes'}, ${formatDateTime(
              research.searched_at,
            )}`}</AppLink>
          </p>
        </>
      )}
    </section>
  );
}
