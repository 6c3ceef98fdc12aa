import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@cc/client';
import type { SearchGroup, SearchResult } from '@cc/contracts';
// Its own subpath: the Modal alone, not the whole of @cc/ui (chat, markdown, editor) nor the
// shared copy of it, which the shell would then provide to every remote in place of theirs.
import { Modal } from '@cc/ui/modal';
import { useNavigate } from '@cc/ui/router';
import { Highlighted } from './Highlighted';
import { KIND_HEADINGS, KIND_NAMES, partialNote } from './kinds';
import { modifierLabel } from './keys';
import { normalizeQuery, QUERY_MAX, searchQuery } from './searchQuery';
import { titleMarked, titleParts } from './titles';
import { topHit } from './topHit';
import './search-palette.css';

/** Typing pauses this long before a search is sent: one request per word, not per key (docs/search.md#the-palette). */
export const SEARCH_DEBOUNCE_MS = 90;

export const SEARCH_HINT = 'Search your files, journal, plans, check-ins, people and meetings.';
/** The query between curly quotes, without the straight ones a phrase was typed in (no “"…"”). */
const quoted = (q: string) => `“${q.replace(/"/g, '').trim() || q}”`;
export const noResultsText = (q: string) => `No results for ${quoted(q)}`;

export interface SearchPaletteProps {
  /** What the user typed into the header field before the palette's code arrived. */
  initialQuery?: string;
  /** `opened`: a result was opened here, so the focus belongs to the new page, not to where it was. */
  onClose: (how?: 'opened') => void;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A block of rows under one heading: the top hit, then each kind in the answer's order. */
interface Section {
  key: string;
  heading: string;
  /**
   * Beside the heading: a kind's count, "5 of 12" (how many of its matches the palette shows, the
   * top hit among them), or the top hit's kind, which no kind heading above it says.
   */
  note?: string;
  results: SearchResult[];
}

function sectionsOf(groups: readonly SearchGroup[], query: string): Section[] {
  const top = topHit(groups, query);
  const kinds = groups.map((g) => ({
    key: g.kind,
    heading: KIND_HEADINGS[g.kind],
    note: g.total > g.results.length ? `${g.results.length} of ${g.total}` : undefined,
    results: g.results.filter((result) => result !== top),
  }));
  const all = top ? [{ key: 'top', heading: 'Top hit', note: KIND_NAMES[top.kind], results: [top] }, ...kinds] : kinds;
  return all.filter((section) => section.results.length > 0);
}

/** A plain click opens in this tab through the router; a modified click is the browser's (new tab, window). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The search palette (combobox pattern): the field keeps the focus, arrows move the active row
 * (aria-activedescendant), Enter opens it in this tab, Ctrl/⌘-Enter in a new one, Escape closes
 * and the Modal gives the focus back to where it was. Rows are real links, so a middle or
 * modified click opens a tab as anywhere else.
 */
export default function SearchPalette({ initialQuery = '', onClose }: SearchPaletteProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState(initialQuery);
  // Keys typed after this mounted but before the Modal moved the focus into the field still
  // reached the header field, which appends them to `initialQuery`: they belong at the end of
  // the text, or a fast typist's first opening loses a letter ("migation").
  const typedBefore = useRef(initialQuery);
  useEffect(() => {
    const before = typedBefore.current;
    typedBefore.current = initialQuery;
    if (initialQuery.length > before.length && initialQuery.startsWith(before)) {
      const more = initialQuery.slice(before.length);
      setText((current) => current + more);
    }
  }, [initialQuery]);
  const q = useDebounced(normalizeQuery(text), SEARCH_DEBOUNCE_MS);
  const typed = normalizeQuery(text);
  const search = useQuery(searchQuery(q));
  const answer = typed ? search.data : undefined;
  const sections = useMemo(() => (answer ? sectionsOf(answer.groups, answer.query) : []), [answer]);
  const results: SearchResult[] = sections.flatMap((section) => section.results);

  // The active row belongs to the answer it was chosen in: a new answer starts at its first row.
  const [active, setActive] = useState<{ of: unknown; index: number }>({ of: undefined, index: 0 });
  const activeIndex = active.of === answer && active.index < results.length ? active.index : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = results.length > 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const open = (url: string) => {
    onClose('opened');
    navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ of: answer, index: (activeIndex + step + results.length) % results.length });
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const url = results[activeIndex]!.url;
      if (event.ctrlKey || event.metaKey) window.open(url, '_blank', 'noopener');
      else open(url);
    }
  };

  let index = 0;
  const section = ({ key, heading, note, results: rows }: Section) => {
    const headingId = `${listId}-${key}`;
    const noteId = `${headingId}-note`;
    return (
      <div key={key} role="group" aria-labelledby={headingId} className="search-group">
        <div role="presentation" className="search-group-heading">
          <span id={headingId}>{heading}</span>
          {note && (
            <span id={noteId} className="search-group-total">
              {note}
            </span>
          )}
        </div>
        {rows.map((result) => {
          const at = index++;
          const title = titleParts(result);
          return (
            <a
              key={`${result.kind}:${result.id}`}
              id={optionId(at)}
              role="option"
              aria-selected={at === activeIndex}
              // The top hit's kind is said beside its heading, not in the row.
              aria-describedby={key === 'top' ? noteId : undefined}
              href={result.url}
              tabIndex={-1}
              className={at === activeIndex ? 'search-result active' : 'search-result'}
              onMouseMove={() => at !== activeIndex && setActive({ of: answer, index: at })}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                open(result.url);
              }}
            >
              <span className="search-result-title">
                {titleMarked(result) ? <Highlighted text={title.main} highlights={title.marks} /> : title.main}
                {result.generated && <span className="search-result-tag">generated</span>}
              </span>
              {title.when && <span className="search-result-when">{title.when}</span>}
              {result.snippet && !titleMarked(result) && (
                <span className="search-result-snippet">
                  <Highlighted text={result.snippet} highlights={result.highlights} />
                </span>
              )}
            </a>
          );
        })}
      </div>
    );
  };

  const pending = typed !== q || search.isFetching;
  const note = answer ? partialNote(answer.partial) : null;
  let body;
  if (!typed) {
    body = <p className="search-state">{SEARCH_HINT}</p>;
  } else if (search.isError && !answer) {
    body = (
      <div className="search-state search-error" role="alert">
        <p>{errorText(search.error, { prefix: 'Search failed: ', fallback: 'Search failed: the server did not answer.' })}</p>
        <button type="button" className="button" onClick={() => void search.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (!answer || (results.length === 0 && pending)) {
    body = <p className="search-state">Searching…</p>;
  } else if (results.length === 0) {
    body = <p className="search-state">{noResultsText(answer.query)}</p>;
  } else if (!pending) {
    // The list itself is not a live region: a screen reader hears how many rows arrived.
    body = (
      <p className="search-sr-only">{`${results.length} ${results.length === 1 ? 'result' : 'results'} for ${quoted(answer.query)}`}</p>
    );
  }

  return (
    <Modal open onClose={() => onClose()} title="Search" className="search-palette" initialFocusRef={inputRef}>
      <input
        ref={inputRef}
        className="search-input"
        type="text"
        role="combobox"
        aria-label="Search your workspace"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        maxLength={QUERY_MAX}
        placeholder="Search…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {note && <p className="search-partial">{note}</p>}
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        aria-busy={pending}
        // Chromium puts a scrolling box in the Tab order; the field's arrows already move through
        // the rows, and a focused list would take them (it has no keys of its own).
        tabIndex={-1}
        className="search-results"
        hidden={results.length === 0}
        // Which query the rows on screen answer (the previous one stays while the next loads): the bench waits for it.
        data-testid="search-results"
        data-query={answer?.query}
      >
        {sections.map(section)}
      </div>
      <div aria-live="polite">{body}</div>
      {/* The keys move through rows: shown while there are rows to move through. */}
      <p className="search-keys" aria-hidden="true" hidden={results.length === 0}>
        <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>{modifierLabel()}</kbd>+<kbd>Enter</kbd> in a new tab ·{' '}
        <kbd>Esc</kbd> to close
      </p>
    </Modal>
  );
}
