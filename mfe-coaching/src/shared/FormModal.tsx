import { useState, type ReactNode } from 'react';
import { Modal } from '@cc/ui';

/**
 * The coaching forms' one dialog shape: the fields, the server's problem under them, and
 * Cancel beside the action that sends them (disabled while it runs).
 */
export function FormModal({
  title,
  action,
  busy,
  error,
  onAction,
  onClose,
  className,
  formProps,
  children,
}: {
  title: string;
  action: string;
  busy: boolean;
  error: string | null;
  onAction: () => void;
  onClose: () => void;
  className?: string;
  formProps?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      className={className}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={onAction}>
            {action}
          </button>
        </>
      }
    >
      <div className="coaching-form" {...formProps}>
        {children}
        {error && (
          <p className="coaching-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/**
 * The values of an admin form, one change handler per field, and the save: `onSave` answers the
 * server's problem as text (null when it saved), which the form shows until the next try.
 */
export function useSavedForm<V extends { [K in keyof V]: string }>(initial: V, onSave: (values: V) => Promise<string | null>) {
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof V) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const save = async () => {
    setBusy(true);
    const problem = await onSave(values);
    setBusy(false);
    setError(problem);
  };
  return { field, modal: { error, busy, onAction: () => void save() } };
}
