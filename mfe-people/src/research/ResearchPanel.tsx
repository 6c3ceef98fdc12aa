import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@cc/client';
import { formatDateTime } from '@cc/contracts/dates';
import { PEOPLE_MESSAGES as M } from '@cc/contracts/people-rules';
import { savedPersonResearch, searchPerson, type PersonSearchAnswer } from '../api/research';
import { CitedAnswer } from './CitedAnswer';

type Status = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; result: PersonSearchAnswer } | { kind: 'error'; message: string };

/** The server's own words when it gave some, else 'Error fetching results'. */
function searchError(error: unknown): string {
  if (!isApiError(error)) return M.errorFetchingResults;
  const body = (error.body ?? null) as { error?: unknown; errors?: unknown } | null;
  if (typeof body?.error === 'string' && body.error.trim()) return body.error;
  const errors = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : [];
  return errors.length > 0 ? errors.join(' ') : M.errorFetchingResults;
}

/**
 * The AI web research on a person (docs/people.md#research): Searching..., then Done, or 'Showing saved result'
 * when the server gives back the saved one; the answer with its numbered sources. Coming back
 * to the tab (or to the address `?view=research`) shows the saved result at once, read without
 * searching (GET /people/{id}/research), rather than an empty panel until Research is pressed.
 */
export function ResearchPanel({ personId, name }: { personId: number; name: string }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  useEffect(() => {
    const abort = new AbortController();
    savedPersonResearch(personId, abort.signal).then(
      (saved) => {
        // A search the user started meanwhile wins.
        if (saved && !abort.signal.aborted)
          setStatus((now) => (now.kind === 'idle' ? { kind: 'done', result: { success: true, ...saved, from_cache: true } } : now));
      },
      () => {
        // Nothing saved to show (or not readable now): the panel offers the search as before.
      },
    );
    return () => abort.abort();
  }, [personId]);

  const run = async (refresh: boolean) => {
    setStatus({ kind: 'searching' });
    try {
      const result = await searchPerson(personId, refresh);
      if (alive.current) setStatus({ kind: 'done', result });
    } catch (error) {
      if (alive.current) setStatus({ kind: 'error', message: searchError(error) });
    }
  };

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
          onClick={() => void run(false)}
          disabled={searching}
          data-testid="research-button"
        >
          Research {name}
        </button>
        {status.kind === 'done' && (
          <button type="button" className="button" onClick={() => void run(true)} disabled={searching}>
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
          </p>
          <CitedAnswer answer={status.result.answer} citations={status.result.citations} />
        </>
      )}
    </section>
  );
}
