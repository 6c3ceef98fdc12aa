import { useState } from 'react';
import type { Section } from '@cc/contracts/coaching';
import { Modal } from '@cc/ui';

export interface SectionValues {
  title: string;
  description: string;
  position: string;
}

/** Create or edit a section (a blank position: the server puts it last). */
export function SectionForm({
  section,
  onSave,
  onClose,
}: {
  section: Section | null;
  onSave: (values: SectionValues) => Promise<string | null>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<SectionValues>({
    title: section?.title ?? '',
    description: section?.description ?? '',
    position: section ? String(section.position) : '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const problem = await onSave(values);
    setBusy(false);
    if (problem) setError(problem);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={section ? 'Edit section' : 'New section'}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void save()}>
            Save section
          </button>
        </>
      }
    >
      <div className="coaching-form">
        <label>
          Title
          <input value={values.title} onChange={(e) => setValues({ ...values, title: e.target.value })} />
        </label>
        <label>
          Description
          <textarea rows={3} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
        </label>
        <label>
          Position
          <input inputMode="numeric" value={values.position} onChange={(e) => setValues({ ...values, position: e.target.value })} />
        </label>
        {error && (
          <p className="coaching-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
