import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../Modal';
import type { AlertOptions, ConfirmOptions, DialogRequest, PromptOptions } from './types';
import './dialogs.css';

function PromptDialog({ options, settle }: { options: PromptOptions; settle: (answer: string | null) => void }) {
  const [value, setValue] = useState(options.initial ?? '');
  // The problem shows once the user has typed or tried to submit, not on an untouched field.
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const problem = options.validate?.(value) ?? null;
  const shown = touched ? problem : null;

  useEffect(() => {
    // As the browser's prompt does: the proposed answer is selected, ready to be typed over.
    inputRef.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null) {
      setTouched(true);
      inputRef.current?.focus();
      return;
    }
    settle(value);
  };

  return (
    <Modal open onClose={() => settle(null)} title={options.title} initialFocusRef={inputRef} className="cc-dialog">
      <form className="cc-dialog-form" onSubmit={submit} noValidate>
        <label className="cc-dialog-label" htmlFor={`${id}-input`}>
          {options.label}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="cc-dialog-input"
          value={value}
          maxLength={options.maxLength}
          placeholder={options.placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={shown !== null}
          aria-describedby={shown !== null ? `${id}-problem` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setTouched(true);
          }}
        />
        {shown !== null && (
          <p id={`${id}-problem`} className="cc-dialog-problem" role="alert">
            {shown}
          </p>
        )}
        <div className="cc-dialog-actions">
          <button type="button" className="button" onClick={() => settle(null)}>
            {options.cancelLabel ?? 'Cancel'}
          </button>
          <button type="submit" className="button button-primary" disabled={shown !== null}>
            {options.confirmLabel ?? 'OK'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ConfirmDialog({ options, settle }: { options: ConfirmOptions; settle: (answer: boolean) => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Modal
      open
      onClose={() => settle(false)}
      describedBy={messageId}
      title={options.title}
      className="cc-dialog"
      // A destructive action is never one Enter away.
      initialFocusRef={options.danger ? cancelRef : confirmRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="button" onClick={() => settle(false)}>
            {options.cancelLabel ?? 'Cancel'}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={options.danger ? 'button cc-dialog-danger' : 'button button-primary'}
            onClick={() => settle(true)}
          >
            {options.confirmLabel ?? 'OK'}
          </button>
        </>
      }
    >
      <p className="cc-dialog-message" id={messageId}>
        {options.message}
      </p>
    </Modal>
  );
}

function AlertDialog({ options, settle }: { options: AlertOptions; settle: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Modal
      open
      onClose={() => settle()}
      describedBy={messageId}
      title={options.title}
      className="cc-dialog"
      initialFocusRef={okRef}
      footer={
        <button ref={okRef} type="button" className="button button-primary" onClick={() => settle()}>
          {options.closeLabel ?? 'OK'}
        </button>
      }
    >
      <p className="cc-dialog-message" role="alert" id={messageId}>
        {options.message}
      </p>
    </Modal>
  );
}

/** The open dialogs, the latest on top (Modal keeps one backdrop and the focus in the top one). */
export default function DialogHost({ requests }: { requests: readonly DialogRequest[] }) {
  return (
    <>
      {requests.map((request) => {
        switch (request.kind) {
          case 'prompt':
            return <PromptDialog key={request.id} options={request.options} settle={request.settle} />;
          case 'confirm':
            return <ConfirmDialog key={request.id} options={request.options} settle={request.settle} />;
          case 'alert':
            return <AlertDialog key={request.id} options={request.options} settle={request.settle} />;
        }
      })}
    </>
  );
}
