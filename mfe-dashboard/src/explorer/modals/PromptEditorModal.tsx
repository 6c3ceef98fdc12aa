import { useState, type FormEvent } from 'react';
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { Modal } from '@cc/ui';
import { normalizeCount } from '../counts';
import { CountField } from './fields';
import { TEXT } from '../texts';

export interface Prompt {
  system: string;
  user: string;
}

/** The read of a default prompt (GET /profile/*_prompt: `routeQuery` from the suggestions api). */
export interface PromptQuery {
  queryKey: QueryKey;
  queryFn?: QueryFunction<Prompt, QueryKey>;
}

export interface PromptEditorModalProps {
  title: string;
  /** The default prompt, read once per opening. */
  prompt: PromptQuery;
  /** Folder suggestions only: the count field. */
  count?: number;
  onCountChange?: (count: number) => void;
  /**
   * Submit: resolves when done (the editor closes), rejects on failure (the button is enabled
   * again and the failure text shows).
   */
  onSubmit: (prompt: Prompt, count: number | undefined) => Promise<void> | void;
  onClose: () => void;
  /** The failure text (default 'Error regenerating suggestions.'). */
  failureText?: string;
}

const NO_PROMPT: Prompt = { system: '', user: '' };
const PROMPT_PARTS = [
  { part: 'system', label: 'System prompt', rows: 6 },
  { part: 'user', label: 'User prompt', rows: 8 },
] as const;

/** The prompt editor: system and user textareas, a count field for folders, 'Submit prompt'. */
export function PromptEditorModal({
  title,
  prompt: promptQuery,
  count,
  onCountChange,
  onSubmit,
  onClose,
  failureText = TEXT.regenerateFailed,
}: PromptEditorModalProps) {
  // The prompt of the opening: a count changed in the editor does not read it again.
  const [opened] = useState(promptQuery);
  // Read fresh each opening (it names the folders and files the user has now), never kept.
  const loaded = useQuery({ ...opened, staleTime: 0, gcTime: 0 });
  const [edited, setEdited] = useState<Prompt | null>(null);
  const prompt = edited ?? (loaded.data ? { system: loaded.data.system ?? '', user: loaded.data.user ?? '' } : NO_PROMPT);
  const state = loaded.data ? 'ready' : loaded.isError ? 'failed' : 'loading';
  const [countText, setCountText] = useState(count === undefined ? '' : String(count));
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setFailed(false);
    try {
      await onSubmit(prompt, count === undefined ? undefined : normalizeCount(countText));
      setSubmitting(false);
      onClose();
    } catch {
      setSubmitting(false);
      setFailed(true);
    }
  };

  return (
    <Modal open onClose={onClose} title={title} className="dash-modal dash-modal-wide" closeOnBackdrop={!submitting}>
      <form className="modal-form" onSubmit={submit} aria-busy={submitting}>
        {state === 'loading' && (
          <p className="dash-muted" role="status">
            Loading prompt…
          </p>
        )}
        {state === 'failed' && (
          <p className="dash-muted" role="status">
            The default prompt could not be loaded. You can still write one, or leave both empty to use the defaults.
          </p>
        )}
        {PROMPT_PARTS.map(({ part, label, rows }) => (
          <label key={part} className="dash-field">
            <span>{label}</span>
            <textarea
              name={part}
              rows={rows}
              value={prompt[part]}
              disabled={state === 'loading'}
              onChange={(e) => setEdited({ ...prompt, [part]: e.target.value })}
            />
          </label>
        ))}
        {count !== undefined && (
          <CountField
            label="Number of folders"
            value={countText}
            onChange={(text) => {
              setCountText(text);
              onCountChange?.(normalizeCount(text));
            }}
          />
        )}
        {failed && (
          <p className="dash-error" role="alert">
            {failureText}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={submitting || state === 'loading'}>
            {submitting ? (
              <>
                <span className="spinner spinner-inline" aria-hidden="true" /> Submitting…
              </>
            ) : (
              'Submit prompt'
            )}
          </button>
        </div>
      </form>
    </Modal>
  );
}
