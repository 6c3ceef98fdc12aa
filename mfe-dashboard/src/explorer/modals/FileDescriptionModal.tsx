import { useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import { DescriptionField, FormActions } from './fields';

export interface FileDescriptionModalProps {
  name: string;
  description: string;
  onSave: (description: string) => Promise<boolean>;
  onClose: () => void;
}

/** File description edit (Save). */
export function FileDescriptionModal({ name, description, onSave, onClose }: FileDescriptionModalProps) {
  const [text, setText] = useState(description);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const ok = await onSave(text);
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal open onClose={onClose} title={`Description of "${name}"`} className="dash-modal">
      <form className="modal-form" onSubmit={submit}>
        <DescriptionField value={text} onChange={setText} rows={4} />
        <FormActions onCancel={onClose} busy={saving} submitLabel="Save" />
      </form>
    </Modal>
  );
}
