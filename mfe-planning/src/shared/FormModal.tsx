import { useRef, type ButtonHTMLAttributes, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Modal } from '@cc/ui';
import './shared.css';

export interface FormModalProps<F> {
  title: string;
  /** The form's id (its submit button sits in the modal's footer). */
  formId: string;
  /** The submit button's label while not saving ('Save' or 'Add …'). */
  submitLabel: string;
  form: F;
  /** Saves the form; the modal closes when it answers true (false: the page showed the error). */
  onSave: (form: F) => Promise<boolean>;
  onClose: () => void;
  /** The fields, given the ref of the first one (it takes the focus). */
  children: (firstFieldRef: RefObject<HTMLInputElement | null>) => ReactNode;
}

/** A planning dialog's footer: Cancel, then its primary action (a button unless `type` says otherwise). */
export function CancelAndAction({
  onCancel,
  label,
  ...action
}: { onCancel: () => void; label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="button button-primary" {...action}>
        {label}
      </button>
    </>
  );
}

/** A planning add/edit dialog: Cancel and a submit that reads 'Saving…' and cannot be sent twice. */
export function FormModal<F>({ title, formId, submitLabel, form, onSave, onClose, children }: FormModalProps<F>) {
  const save = useMutation({
    mutationFn: (value: F) => onSave(value),
    onSuccess: (saved) => {
      if (saved) onClose();
    },
  });
  const saving = save.isPending;
  const firstFieldRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) save.mutate(form);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      initialFocusRef={firstFieldRef}
      className="planning-modal"
      footer={<CancelAndAction onCancel={onClose} label={saving ? 'Saving…' : submitLabel} type="submit" form={formId} disabled={saving} />}
    >
      <form id={formId} className="planning-form" onSubmit={submit} noValidate>
        {children(firstFieldRef)}
      </form>
    </Modal>
  );
}
