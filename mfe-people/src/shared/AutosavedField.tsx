import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useAutosavedText } from '@cc/ui';
import { ConflictPanel } from '@cc/ui/conflict';
import { PEOPLE_STATUS_TEXTS, statusTone } from './saveTexts';
import { staleFieldOf, type FieldSave } from './stale';
import './autosavedField.css';

export interface AutosavedFieldHandle {
  /** What the field holds now. */
  text(): string;
  /** Puts `text` in the field; `save` autosaves it as if typed (an AI proposal). */
  put(text: string, save: boolean): void;
  /** Saves now what is unsaved; true when all is saved. */
  flush(): Promise<boolean>;
}

export interface AutosavedFieldProps {
  /** Which text this is (one autosave per key). */
  autosaveKey: string;
  /** Where its unsaved draft waits in localStorage until the server confirms. */
  storageKey: string | null;
  delayMs: number;
  label: string;
  /** The server's text. */
  initial: string;
  /** Its revision (0: never written); undefined while the record does not exist yet. */
  initialRevision?: number;
  /**
   * Stores the text (`keepalive` while the page goes away), based on `revision`; resolves with
   * the field's new revision. A 409 with the field's current text shows the conflict panel.
   */
  save(text: string, info: FieldSave): Promise<number | undefined | void>;
  /** What the conflict panel says changed: a person's field or a meeting's. */
  conflictSubject: 'profile' | 'meeting';
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  disabled?: boolean;
  type?: 'text' | 'datetime-local';
  testId?: string;
  placeholder?: string;
  className?: string;
  /** A line under the field saying what it holds in words (a date in the user's form). */
  describe?: (value: string) => string;
  ref?: Ref<AutosavedFieldHandle>;
}

/**
 * One autosaved text field (the kit's hook: saved `delayMs` after the last keystroke and on
 * blur, kept as a local draft until the server confirms, retried, sent on page hide), with the
 * people page's status line under it.
 */
export function AutosavedField(props: AutosavedFieldProps) {
  const {
    autosaveKey,
    storageKey,
    delayMs,
    label,
    initial,
    initialRevision,
    conflictSubject,
    multiline,
    rows = 3,
    maxLength,
    disabled,
    type = 'text',
    testId,
    placeholder,
    className,
    describe,
  } = props;
  const id = useId();
  const [value, setValue] = useState(initial);
  const valueRef = useRef(initial);
  const saveRef = useRef(props.save);
  saveRef.current = props.save;

  const auto = useAutosavedText<number>({
    key: autosaveKey,
    storageKey,
    delayMs,
    texts: PEOPLE_STATUS_TEXTS,
    getText: () => valueRef.current,
    save: async (text, revision, { keepalive, saveId }) => (await saveRef.current(text, { keepalive, revision, saveId })) ?? revision,
    conflictOf: staleFieldOf,
    onError: (error) => console.warn(`[people] saving ${autosaveKey} failed`, error),
  });

  const { start, changed, flush } = auto;
  useEffect(() => {
    // A local draft the server does not have yet wins, and is saved (based on the revision it was made from).
    const shown = start(initial, initialRevision);
    valueRef.current = shown;
    setValue(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per autosave: later server texts never overwrite what the user types
  }, [start]);

  useImperativeHandle(
    props.ref,
    () => ({
      text: () => valueRef.current,
      put: (text: string, save: boolean) => {
        valueRef.current = text;
        setValue(text);
        if (save) changed();
      },
      flush,
    }),
    [changed, flush],
  );

  const onChange = (next: string) => {
    valueRef.current = next;
    setValue(next);
    changed();
  };

  const status = auto.status.text;
  const conflict = auto.status.conflict;
  const takeTheirs = () => {
    const theirs = auto.takeTheirs();
    if (theirs === null) return;
    valueRef.current = theirs;
    setValue(theirs);
  };
  const common = {
    id,
    value,
    disabled,
    maxLength,
    placeholder,
    'data-testid': testId,
    'aria-describedby': describe ? `${id}-status ${id}-hint` : `${id}-status`,
    onBlur: auto.blurred,
  };
  return (
    <div className={className ? `autosaved-field ${className}` : 'autosaved-field'}>
      <div className="autosaved-field-head">
        <label htmlFor={id}>{label}</label>
        <span
          id={`${id}-status`}
          className={`save-status save-status-${statusTone(status)}`}
          role="status"
          data-testid={testId ? `${testId}-status` : undefined}
        >
          {status}
        </span>
      </div>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {describe && (
        <p id={`${id}-hint`} className="field-hint" data-testid={testId ? `${testId}-hint` : undefined}>
          {describe(value)}
        </p>
      )}
      {conflict && (
        <ConflictPanel
          subject={conflictSubject}
          field={`“${label}”`}
          mine={conflict.mine}
          theirs={conflict.theirs}
          theirsRevision={conflict.theirsBase}
          currentMine={() => valueRef.current}
          onKeepMine={() => void auto.keepMine()}
          onTakeTheirs={takeTheirs}
        />
      )}
    </div>
  );
}
