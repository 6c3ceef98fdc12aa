import { useId, type Ref } from 'react';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  hint?: string;
  required?: boolean;
}

/** A labelled one-line input (text or date) of the planning dialogs. */
export function InputField(props: FieldProps & { type?: 'text' | 'date'; inputRef?: Ref<HTMLInputElement>; placeholder?: string }) {
  const id = useId();
  return (
    <div className="planning-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        maxLength={props.maxLength}
        required={props.required}
        placeholder={props.placeholder}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        autoComplete="off"
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <small id={`${id}-hint`} className="planning-hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

/** A labelled textarea. */
export function TextAreaField(props: FieldProps & { rows?: number }) {
  const id = useId();
  return (
    <div className="planning-field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 3}
        value={props.value}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
