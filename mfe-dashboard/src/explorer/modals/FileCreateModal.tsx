import { DESCRIPTION_MAX, FILE_NAME_MAX } from '@cc/contracts/names';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';

export interface FileCreateModalProps {
  folder: string;
  onCreate: (name: string, description: string) => Promise<boolean>;
  onClose: () => void;
}

/** File create: name, description, Create (spec §2; the name rules are applied by onCreate). */
export function FileCreateModal({ folder, onCreate, onClose }: FileCreateModalProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const ok = await onCreate(name, description);
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal open onClose={onClose} title={`New file in "${folder}"`} className="dash-modal">
      <form className="modal-form" onSubmit={submit}>
        <div className="dash-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            name="name"
            value={name}
            maxLength={FILE_NAME_MAX}
            placeholder="e.g. leadership stories"
            aria-describedby={`${id}-hint`}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
          <small className="dash-hint" id={`${id}-hint`}>
            .md is added for you.
          </small>
        </div>
        <label className="dash-field">
          <span>Description</span>
          <textarea
            name="description"
            rows={3}
            value={description}
            maxLength={DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saving}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
