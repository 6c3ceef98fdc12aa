import { useState } from 'react';
import type { Milestone } from '@cc/contracts/planning';
import { DEFAULT_MILESTONE_TYPE, PLANNING_LIMITS as L } from '@cc/contracts/planning-rules';
import type { MilestoneForm } from './api/milestones';
import { defaultTargetDate } from '../shared/dates';
import { InputField, TextAreaField } from '../shared/fields';
import { FormModal } from '../shared/FormModal';

export interface MilestoneModalProps {
  milestone?: Milestone;
  onSave: (form: MilestoneForm, id?: number) => Promise<boolean>;
  onClose: () => void;
}

export function milestoneFormOf(milestone: Milestone | undefined): MilestoneForm {
  return milestone
    ? {
        title: milestone.title,
        target_date: milestone.target_date,
        description: milestone.description,
        milestone_type: milestone.milestone_type,
      }
    : { title: '', target_date: defaultTargetDate(), description: '', milestone_type: DEFAULT_MILESTONE_TYPE };
}

/** Add or edit a milestone: title, target date (90 days ahead for a new one), description, type. */
export function MilestoneModal({ milestone, onSave, onClose }: MilestoneModalProps) {
  const [form, setForm] = useState<MilestoneForm>(() => milestoneFormOf(milestone));
  const set = (key: keyof MilestoneForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <FormModal
      title={milestone ? 'Edit milestone' : 'Add milestone'}
      formId="milestone-form"
      submitLabel={milestone ? 'Save' : 'Add milestone'}
      form={form}
      onSave={(f) => onSave(f, milestone?.id)}
      onClose={onClose}
    >
      {(firstFieldRef) => (
        <>
          <InputField
            label="Title"
            name="title"
            value={form.title}
            onChange={set('title')}
            maxLength={L.title}
            inputRef={firstFieldRef}
            required
          />
          <InputField label="Target date" name="target_date" type="date" value={form.target_date} onChange={set('target_date')} required />
          <TextAreaField
            label="Description"
            name="description"
            value={form.description}
            onChange={set('description')}
            maxLength={L.description}
          />
          <InputField
            label="Type"
            name="milestone_type"
            value={form.milestone_type}
            onChange={set('milestone_type')}
            maxLength={L.milestoneType}
            placeholder="90-day"
          />
        </>
      )}
    </FormModal>
  );
}
