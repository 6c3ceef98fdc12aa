import { FILE_NAME_MAX } from '@cc/contracts/names';
import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import { DescriptionField, FormActions, NameField } from './fields';

export interface FileCreateModalProps {
  folder: string;
  /** What is wrong with a name as typed (the name rules, the folder's files), or null. */
  validate: (name: string) => string | null;
  onCreate: (name: string, description: string) => Promise<boolean>;
  onClose: () => void;
}

/** File create: name, description, Create (docs/dashboard.md#files; the name rules are applied by onCreate). */
export function FileCreateModal({ folder, validate, onCreate, onClose }: FileCreateModalProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  // The empty field is not reported before the user has typed or tried to create.
  const [touched, setTouched] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const problem = validate(name);
  const shown = touched ? problem : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (problem !== null) {
      setTouched(true);
      nameRef.current?.focus();
      return;
    }
    setSaving(true);
    const ok = await onCreate(name, description);
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal open onClose={onClose} title={`New file in "${folder}"`} className="dash-modal" initialFocusRef={nameRef}>
      <form className="modal-form" onSubmit={submit} noValidate>
        <NameField
          value={name}
          onChange={(value) => {
            setName(value);
            setTouched(true);
          }}
          problem={shown}
          maxLength={FILE_NAME_MAX}
          inputRef={nameRef}
          placeholder="e.g. leadership stories"
          hint=".md is added for you."
        />
        <DescriptionField value={description} onChange={setDescription} />
        <FormActions onCancel={onClose} busy={saving} submitLabel="Create" invalid={shown !== null} />
      </form>
    </Modal>
  );
}
