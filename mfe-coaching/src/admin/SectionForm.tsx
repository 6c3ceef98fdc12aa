import type { Section } from '@cc/contracts/coaching';
import { FormModal, useSavedForm } from '../shared/FormModal';

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
  const form = useSavedForm<SectionValues>(
    {
      title: section?.title ?? '',
      description: section?.description ?? '',
      position: section ? String(section.position) : '',
    },
    onSave,
  );
  return (
    <FormModal title={section ? 'Edit section' : 'New section'} action="Save section" onClose={onClose} {...form.modal}>
      <label>
        Title
        <input {...form.field('title')} />
      </label>
      <label>
        Description
        <textarea rows={3} {...form.field('description')} />
      </label>
      <label>
        Position
        <input inputMode="numeric" {...form.field('position')} />
      </label>
    </FormModal>
  );
}
