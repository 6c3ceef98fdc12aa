import { FILE_NAME_MAX } from '@cc/contracts/names';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import { DescriptionField, FormActions } from './fields';

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
        <DescriptionField value={description} onChange={setDescription} />
        <FormActions onCancel={onClose} busy={saving} submitLabel="Create" />
      </form>
    </Modal>
  );
}
