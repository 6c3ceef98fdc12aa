import { FOLDER_NAME_MAX } from '@cc/contracts/names';
import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import { DescriptionField, FormActions, NameField } from './fields';

export interface FolderEditModalProps {
  folder: string;
  description: string;
  focus: 'name' | 'description';
  /** What is wrong with a name as typed (the name rules; this folder's own name is fine), or null. */
  validate: (name: string) => string | null;
  onSave: (changes: { name: string; description: string }) => Promise<boolean>;
  onClose: () => void;
}

/** Folder edit: name, description, Save (docs/dashboard.md#folders). A bad name is reported as it is typed. */
export function FolderEditModal({ folder, description, focus, validate, onSave, onClose }: FolderEditModalProps) {
  const [name, setName] = useState(folder);
  const [text, setText] = useState(description);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const problem = validate(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (problem !== null) {
      nameRef.current?.focus();
      return;
    }
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
      <form className="modal-form" onSubmit={submit} noValidate>
        <NameField value={name} onChange={setName} problem={problem} maxLength={FOLDER_NAME_MAX} inputRef={nameRef} />
        <DescriptionField value={text} onChange={setText} inputRef={descriptionRef} />
        <FormActions onCancel={onClose} busy={saving} submitLabel="Save" invalid={problem !== null} />
      </form>
    </Modal>
  );
}
