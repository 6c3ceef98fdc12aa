import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@cc/client';
import { formatDateTime } from '@cc/contracts/dates';
import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';
import { savedResearchQuery, searchPerson, type PersonSearchAnswer } from './api/research';
import { CitedAnswer } from './CitedAnswer';
import './research.css';

type Status = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; result: PersonSearchAnswer } | { kind: 'error'; message: string };

/** The server's own words when it gave some, else 'Error fetching results'. */
const searchError = (error: unknown) =>
  errorText(error, { separator: ' ', unknown: M.errorFetchingResults, fallback: M.errorFetchingResults });

/**
 * The AI web research on a person (docs/people.md#research): Searching..., then Done, or 'Showing saved result'
 * when the server gives back the saved one; the answer with its numbered sources. Coming back
 * to the tab (or to the address `?view=research`) shows the saved result at once, read without
 * searching (GET /people/{id}/research), rather than an empty panel until Research is pressed.
 */
export function ResearchPanel({ personId, name }: { personId: number; name: string }) {
  const queryClient = useQueryClient();
  // Nothing saved to show (or not readable now): the panel offers the search as before.
  const saved = useQuery(savedResearchQuery(personId)).data?.research;
  const search = useMutation({ mutationFn: (refresh: boolean) => searchPerson(queryClient, personId, refresh) });
  const run = (refresh: boolean) => search.mutate(refresh);

  // A search the user started wins over what was saved.
  const status: Status = search.isPending
    ? { kind: 'searching' }
    : search.isError
      ? { kind: 'error', message: searchError(search.error) }
      : search.data
        ? { kind: 'done', result: search.data }
        : saved
          ? { kind: 'done', result: { success: true, ...saved, from_cache: true } }
          : { kind: 'idle' };

  const searching = status.kind === 'searching';
  const statusText =
    status.kind === 'searching'
      ? M.searching
      : status.kind === 'done'
        ? status.result.from_cache
          ? M.showingSavedResult
          : M.searchDone
        : status.kind === 'error'
          ? status.message
          : '';

  return (
    <section className="research-panel" aria-label={`Research on ${name}`}>
      <div className="research-bar">
        <button
          type="button"
          className="button button-primary"
          onClick={() => run(false)}
          disabled={searching}
          data-testid="research-button"
        >
          Research {name}
        </button>
        {status.kind === 'done' && (
          <button type="button" className="button" onClick={() => run(true)} disabled={searching}>
            Search again
          </button>
        )}
        <span
          className={status.kind === 'error' ? 'research-status research-status-error' : 'research-status'}
          role="status"
          data-testid="research-status"
        >
          {statusText}
        </span>
      </div>
      {status.kind === 'idle' && (
        <p className="muted">Looks up {name} on the web (or in your own notes when no web search is set up) and cites every source.</p>
      )}
      {status.kind === 'done' && (
        <>
          <p className="muted research-when" data-testid="research-when">
            {status.result.source === 'web' ? 'Searched on the web' : 'From your notes'}, {formatDateTime(status.result.searched_at)}
            {/* Said here, once, apart from the answer: the answer is the research itself. */}
            {status.result.source === 'notes' && `. ${M.noWebSearch}`}
          </p>
          <CitedAnswer answer={status.result.answer} citations={status.result.citations} />
        </>
      )}
    </section>
  );
}
