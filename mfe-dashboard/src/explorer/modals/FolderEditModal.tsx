import { FOLDER_NAME_MAX } from '@cc/contracts/names';
import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import { DescriptionField, FormActions } from './fields';

export interface FolderEditModalProps {
  folder: string;
  description: string;
  focus: 'name' | 'description';
  onSave: (changes: { name: string; description: string }) => Promise<boolean>;
  onClose: () => void;
}

/** Folder edit: name, description, Save (spec §2). */
export function FolderEditModal({ folder, description, focus, onSave, onClose }: FolderEditModalProps) {
  const [name, setName] = useState(folder);
  const [text, setText] = useState(description);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const ok = await onSave({ name, description: text });
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit folder "${folder}"`}
      className="dash-modal"
      initialFocusRef={focus === 'name' ? nameRef : descriptionRef}
    >
      <form className="modal-form" onSubmit={submit}>
        <label className="dash-field">
          <span>Name</span>
          <input
            ref={nameRef}
            name="name"
            value={name}
            maxLength={FOLDER_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </label>
        <DescriptionField value={text} onChange={setText} inputRef={descriptionRef} />
        <FormActions onCancel={onClose} busy={saving} submitLabel="Save" />
      </form>
    </Modal>
  );
}
