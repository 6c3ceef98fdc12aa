import { DESCRIPTION_MAX } from '@cc/contracts/names';
import { useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';

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
        <label className="dash-field">
          <span>Description</span>
          <textarea name="description" rows={4} value={text} maxLength={DESCRIPTION_MAX} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saving}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
