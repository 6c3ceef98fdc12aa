import { useId, type Ref } from 'react';
import { DESCRIPTION_MAX } from '@cc/contracts/names';
import { MAX_COUNT, MIN_COUNT, normalizeCount } from '../counts';

/** The description box every folder and file dialog has (limit from the name rules). */
export function DescriptionField(props: {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <label className="dash-field">
      <span>Description</span>
      <textarea
        ref={props.inputRef}
        name="description"
        rows={props.rows ?? 3}
        value={props.value}
        maxLength={DESCRIPTION_MAX}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * The name box of a folder or file dialog. `problem` (the name rules, checked as the user types)
 * shows under it and marks it invalid.
 */
export function NameField(props: {
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  maxLength: number;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  hint?: string;
}) {
  const id = useId();
  const describedBy = [props.problem !== null && `${id}-problem`, props.hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="dash-field">
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        ref={props.inputRef}
        id={`${id}-name`}
        name="name"
        value={props.value}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-invalid={props.problem !== null}
        aria-describedby={describedBy || undefined}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete="off"
      />
      {props.hint && (
        <small className="dash-hint" id={`${id}-hint`}>
          {props.hint}
        </small>
      )}
      {props.problem !== null && (
        <p className="dash-error dash-field-problem" id={`${id}-problem`} role="alert">
          {props.problem}
        </p>
      )}
    </div>
  );
}

/** Cancel and the dialog's submit button (disabled while it works, or while the form has a problem). */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  invalid = false,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  invalid?: boolean;
}) {
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy || invalid}>
        {submitLabel}
      </button>
    </div>
  );
}

/**
 * How many suggestions to ask for: the text as typed (`onChange`), put back in range when the
 * box is left.
 */
export function CountField(props: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label className="dash-field dash-field-inline">
      <span>{props.label}</span>
      <input
        name="count"
        type="number"
        inputMode="numeric"
        min={MIN_COUNT}
        max={MAX_COUNT}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={() => props.onChange(String(normalizeCount(props.value)))}
      />
    </label>
  );
}
