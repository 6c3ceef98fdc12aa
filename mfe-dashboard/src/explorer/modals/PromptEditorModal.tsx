import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import { MAX_COUNT, MIN_COUNT, normalizeCount } from '../counts';
import { TEXT } from '../texts';

export interface Prompt {
  system: string;
  user: string;
}

export interface PromptEditorModalProps {
  title: string;
  /** Loads the default prompt (GET /profile/*_prompt). */
  load: (signal: AbortSignal) => Promise<Prompt>;
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

type LoadState = 'loading' | 'ready' | 'failed';

/** The prompt editor: system and user textareas, a count field for folders, 'Submit prompt'. */
export function PromptEditorModal({
  title,
  load,
  count,
  onCountChange,
  onSubmit,
  onClose,
  failureText = TEXT.regenerateFailed,
}: PromptEditorModalProps) {
  const [prompt, setPrompt] = useState<Prompt>({ system: '', user: '' });
  const [state, setState] = useState<LoadState>('loading');
  const [countText, setCountText] = useState(count === undefined ? '' : String(count));
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setPrompt({ system: answer.system ?? '', user: answer.user ?? '' });
        setState('ready');
      },
      () => {
        if (!controller.signal.aborted) setState('failed');
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per opening, not again when the parent re-renders
  }, []);

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
        <label className="dash-field">
          <span>System prompt</span>
          <textarea
            name="system"
            rows={6}
            value={prompt.system}
            disabled={state === 'loading'}
            onChange={(e) => setPrompt((p) => ({ ...p, system: e.target.value }))}
          />
        </label>
        <label className="dash-field">
          <span>User prompt</span>
          <textarea
            name="user"
            rows={8}
            value={prompt.user}
            disabled={state === 'loading'}
            onChange={(e) => setPrompt((p) => ({ ...p, user: e.target.value }))}
          />
        </label>
        {count !== undefined && (
          <label className="dash-field dash-field-inline">
            <span>Number of folders</span>
            <input
              name="count"
              type="number"
              inputMode="numeric"
              min={MIN_COUNT}
              max={MAX_COUNT}
              value={countText}
              onChange={(e) => {
                setCountText(e.target.value);
                onCountChange?.(normalizeCount(e.target.value));
              }}
              onBlur={() => setCountText(String(normalizeCount(countText)))}
            />
          </label>
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
