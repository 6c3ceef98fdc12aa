import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { Modal } from '@cc/ui';
import type { Suggestion, SuggestionsAnswer } from '../api/suggestions';
import { readCount, writeCount } from '../counts';
import { CountField } from './fields';
import { TEXT } from '../texts';
import { PromptEditorModal, type Prompt, type PromptQuery } from './PromptEditorModal';

/** What happened to a suggestion the user chose to create. */
export type CreateOutcome = 'remove' | 'keep' | 'close';

/** The read of a suggestion list (the suggestions api's queries). */
export interface SuggestionsQuery {
  queryKey: QueryKey;
  queryFn?: QueryFunction<SuggestionsAnswer, QueryKey>;
}

export interface SuggestionsModalProps {
  title: string;
  /** The list at a count (the count sizes only a first generation: the key is the same for every count). */
  list: (count: number) => SuggestionsQuery;
  /** localStorage key of the count (aiFoldersCount / aiFilesCount). */
  countKey: string;
  /** What the count counts, for its label ('folders', 'files'). */
  noun: string;
  onCreate: (suggestion: Suggestion) => Promise<CreateOutcome>;
  onReject: (suggestion: Suggestion) => void;
  /** The default prompt at a count. */
  prompt: (count: number) => PromptQuery;
  /** Regenerates with the edited prompt; resolves with the new list (or undefined: read it again). */
  regenerate: (prompt: Prompt, count: number) => Promise<Suggestion[] | undefined>;
  /** The prompt editor shows a count field (folders). */
  promptCount: boolean;
  onClose: () => void;
}

/** The list is marked as fresh for 300 ms after a regeneration (docs/dashboard.md#limits-and-delays). */
export const REGENERATED_FLAG_MS = 300;

/**
 * Suggested folders / suggested files: count, the list with create and reject, 'Edit prompt &
 * generate'. The list is kept for as long as the page lives: the modal opens with the last one
 * at once and reads it again.
 */
export function SuggestionsModal(props: SuggestionsModalProps) {
  const { title, list, countKey, noun, onCreate, onReject, prompt, regenerate, promptCount, onClose } = props;
  const client = useQueryClient();
  const [count, setCount] = useState(() => readCount(countKey));
  const [countText, setCountText] = useState(() => String(readCount(countKey)));
  const [opened] = useState(() => list(count));
  // A model may be behind a failure: it is shown at once, not asked again and again.
  const suggestions = useQuery({ ...opened, refetchOnMount: 'always', gcTime: Infinity, retry: false });
  const [regenFailed, setRegenFailed] = useState(false);
  const [regenerated, setRegenerated] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const mounted = useRef(true);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  // 'No suggestions.' only when there is nothing to show; a list read before stays on a failure.
  const status = suggestions.data ? 'ready' : suggestions.isError ? 'failed' : 'loading';
  const items = suggestions.data?.suggestions ?? [];
  const setItems = (edit: (items: Suggestion[]) => Suggestion[]) =>
    client.setQueryData<SuggestionsAnswer>(opened.queryKey, (answer) => ({
      success: true,
      ...answer,
      suggestions: edit(answer?.suggestions ?? []),
    }));

  const changeCount = (raw: string) => {
    setCountText(raw);
    setCount(writeCount(countKey, raw));
  };

  const remove = (suggestion: Suggestion) =>
    setItems((current) => current.filter((s) => s !== suggestion && !(s.name && s.name === suggestion.name)));

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
      const fresh = await regenerate(prompt, n);
      if (fresh) setItems(() => fresh);
      else await client.refetchQueries({ queryKey: opened.queryKey, exact: true });
      if (promptCount) {
        setRegenerated(true);
        timers.current.push(setTimeout(() => mounted.current && setRegenerated(false), REGENERATED_FLAG_MS));
      }
    } catch (error) {
      if (mounted.current) setRegenFailed(true);
      throw error;
    }
  };

  return (
    <>
      <Modal open onClose={onClose} title={title} className="dash-modal dash-modal-wide">
        <div className="suggestions">
          <div className="suggestions-controls">
            <CountField label={`Number of ${noun}`} value={countText} onChange={changeCount} />
            <button type="button" className="button" onClick={() => setEditing(true)}>
              Edit prompt &amp; generate
            </button>
          </div>
          <div
            className={`suggestion-list${regenerated ? ' is-fresh' : ''}`}
            data-testid="suggestion-list"
            aria-live="polite"
            aria-busy={status === 'loading'}
          >
            {regenFailed && (
              <p className="dash-error" role="alert">
                {TEXT.regenerateFailed}
              </p>
            )}
            {status === 'loading' && <p className="dash-muted">{TEXT.loadingSuggestions}</p>}
            {status === 'failed' && <p className="dash-muted">{TEXT.noSuggestions}</p>}
            {status === 'ready' && items.length === 0 && <p className="dash-muted">{TEXT.noSuggestionsYet}</p>}
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
          prompt={prompt(count)}
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
