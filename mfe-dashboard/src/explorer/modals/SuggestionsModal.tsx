import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '@cc/ui';
import type { Suggestion } from '../actions/useSuggestionActions';
import { MAX_COUNT, MIN_COUNT, normalizeCount, readCount, writeCount } from '../counts';
import { TEXT } from '../texts';
import { PromptEditorModal, type Prompt } from './PromptEditorModal';

type ListState = { status: 'loading' } | { status: 'ready'; items: Suggestion[] } | { status: 'failed' };

/** What happened to a suggestion the user chose to create. */
export type CreateOutcome = 'remove' | 'keep' | 'close';

/**
 * The last list of each suggestion modal ('folders', 'files:<folder>'), for as long as the page
 * lives: a modal opens with it at once and refreshes it.
 */
const cache = new Map<string, Suggestion[]>();
export const suggestionCache = {
  get: (key: string) => cache.get(key),
  set: (key: string, items: Suggestion[]) => void cache.set(key, items),
  clear: () => cache.clear(),
};

export interface SuggestionsModalProps {
  title: string;
  cacheKey: string;
  /** localStorage key of the count (aiFoldersCount / aiFilesCount). */
  countKey: string;
  /** What the count counts, for its label ('folders', 'files'). */
  noun: string;
  fetchList: (count: number, signal: AbortSignal) => Promise<Suggestion[]>;
  onCreate: (suggestion: Suggestion) => Promise<CreateOutcome>;
  onReject: (suggestion: Suggestion) => void;
  loadPrompt: (count: number, signal: AbortSignal) => Promise<Prompt>;
  /** Regenerates with the edited prompt; resolves with the new list (or undefined: load it again). */
  regenerate: (prompt: Prompt, count: number) => Promise<Suggestion[] | undefined>;
  /** The prompt editor shows a count field (folders). */
  promptCount: boolean;
  onClose: () => void;
}

/** The list is marked as fresh for 300 ms after a regeneration (docs/dashboard.md#limits-and-delays). */
export const REGENERATED_FLAG_MS = 300;

/** Suggested folders / suggested files: count, the list with create and reject, 'Edit prompt & generate'. */
export function SuggestionsModal(props: SuggestionsModalProps) {
  const { title, cacheKey, countKey, noun, fetchList, onCreate, onReject, loadPrompt, regenerate, promptCount, onClose } = props;
  const [count, setCount] = useState(() => readCount(countKey));
  const [countText, setCountText] = useState(() => String(readCount(countKey)));
  const cached = suggestionCache.get(cacheKey);
  const [list, setList] = useState<ListState>(cached ? { status: 'ready', items: cached } : { status: 'loading' });
  const [regenFailed, setRegenFailed] = useState(false);
  const [regenerated, setRegenerated] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const mounted = useRef(true);
  const countRef = useRef(count);
  countRef.current = count;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  const setItems = useCallback(
    (items: Suggestion[]) => {
      suggestionCache.set(cacheKey, items);
      if (mounted.current) setList({ status: 'ready', items });
    },
    [cacheKey],
  );

  const refresh = useCallback(
    (signal?: AbortSignal) =>
      fetchList(countRef.current, signal ?? new AbortController().signal).then(
        (items) => {
          if (!signal?.aborted) setItems(Array.isArray(items) ? items : []);
        },
        () => {
          // 'No suggestions.' only when there is nothing to show; a cached list stays.
          if (!signal?.aborted && mounted.current) setList((prev) => (prev.status === 'ready' ? prev : { status: 'failed' }));
        },
      ),
    [fetchList, setItems],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const changeCount = (raw: string) => {
    setCountText(raw);
    setCount(writeCount(countKey, raw));
  };

  const remove = (suggestion: Suggestion) => {
    const current = suggestionCache.get(cacheKey) ?? (list.status === 'ready' ? list.items : []);
    setItems(current.filter((s) => s !== suggestion && !(s.name && s.name === suggestion.name)));
  };

  const create = async (suggestion: Suggestion) => {
    if (!suggestion.name?.trim()) return; // a suggestion without a name is ignored (docs/dashboard.md#suggestions)
    const key = suggestion.name;
    setBusy((prev) => new Set(prev).add(key));
    const outcome = await onCreate(suggestion);
    if (mounted.current)
      setBusy((prev) => {
        const next = new Set(prev);
        next.delete(key);
        return next;
      });
    if (outcome === 'remove' || outcome === 'close') remove(suggestion);
    if (outcome === 'close') onClose();
  };

  const reject = (suggestion: Suggestion) => {
    if (!suggestion.name?.trim()) return;
    // Removed from the list either way; the call fails silently (docs/dashboard.md#suggestions).
    remove(suggestion);
    onReject(suggestion);
  };

  const submitPrompt = async (prompt: Prompt, editedCount: number | undefined) => {
    const n = editedCount ?? count;
    setRegenFailed(false);
    try {
      const items = await regenerate(prompt, n);
      if (items) setItems(items);
      else await refresh();
      if (promptCount) {
        setRegenerated(true);
        timers.current.push(setTimeout(() => mounted.current && setRegenerated(false), REGENERATED_FLAG_MS));
      }
    } catch (error) {
      if (mounted.current) setRegenFailed(true);
      throw error;
    }
  };

  const items = list.status === 'ready' ? list.items : [];
  return (
    <>
      <Modal open onClose={onClose} title={title} className="dash-modal dash-modal-wide">
        <div className="suggestions">
          <div className="suggestions-controls">
            <label className="dash-field dash-field-inline">
              <span>Number of {noun}</span>
              <input
                name="count"
                type="number"
                inputMode="numeric"
                min={MIN_COUNT}
                max={MAX_COUNT}
                value={countText}
                onChange={(e) => changeCount(e.target.value)}
                onBlur={() => setCountText(String(normalizeCount(countText)))}
              />
            </label>
            <button type="button" className="button" onClick={() => setEditing(true)}>
              Edit prompt &amp; generate
            </button>
          </div>
          <div
            className={`suggestion-list${regenerated ? ' is-fresh' : ''}`}
            data-testid="suggestion-list"
            aria-live="polite"
            aria-busy={list.status === 'loading'}
          >
            {regenFailed && (
              <p className="dash-error" role="alert">
                {TEXT.regenerateFailed}
              </p>
            )}
            {list.status === 'loading' && <p className="dash-muted">{TEXT.loadingSuggestions}</p>}
            {list.status === 'failed' && <p className="dash-muted">{TEXT.noSuggestions}</p>}
            {list.status === 'ready' && items.length === 0 && <p className="dash-muted">{TEXT.noSuggestionsYet}</p>}
            {items.length > 0 && (
              <ul aria-label={title}>
                {items.map((s, i) => {
                  const name = s.name?.trim() ?? '';
                  const pending = busy.has(s.name ?? '');
                  return (
                    <li key={`${name}-${i}`} className="suggestion" data-testid="suggestion">
                      <div className="suggestion-text">
                        <strong>{name || '(no name)'}</strong>
                        {s.description && <span className="dash-muted">{s.description}</span>}
                      </div>
                      <div className="suggestion-actions">
                        <button
                          type="button"
                          className="button button-small button-primary"
                          aria-label={`Create ${name}`}
                          disabled={!name || pending}
                          onClick={() => void create(s)}
                        >
                          Create
                        </button>
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={`Reject ${name}`}
                          disabled={!name || pending}
                          onClick={() => reject(s)}
                        >
                          Reject
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      </Modal>
      {editing && (
        <PromptEditorModal
          title={`Edit the prompt for suggested ${noun}`}
          load={(signal) => loadPrompt(count, signal)}
          count={promptCount ? count : undefined}
          onCountChange={
            promptCount
              ? (n) => {
                  setCount(writeCount(countKey, n));
                  setCountText(String(n));
                }
              : undefined
          }
          onSubmit={submitPrompt}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}
