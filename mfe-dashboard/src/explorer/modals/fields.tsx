import type { Ref } from 'react';
import { DESCRIPTION_MAX } from '@cc/contracts/names';

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

/** Cancel and the dialog's submit button (disabled while it works). */
export function FormActions({ onCancel, busy, submitLabel }: { onCancel: () => void; busy: boolean; submitLabel: string }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}
