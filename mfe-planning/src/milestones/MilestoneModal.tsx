import type { Milestone } from '@cc/contracts/planning';
import { DEFAULT_MILESTONE_TYPE, PLANNING_LIMITS as L } from '@cc/contracts/planning-rules';
import type { MilestoneForm } from './api/milestones';
import { defaultTargetDate } from '../shared/dates';
import { RecordFormModal } from '../shared/RecordFormModal';

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

const TARGET_DATE = { name: 'target_date', label: 'Target date', type: 'date', required: true } as const;
const TYPE = { name: 'milestone_type', label: 'Type', maxLength: L.milestoneType, placeholder: '90-day' } as const;

/** Add or edit a milestone: title, target date (90 days ahead for a new one), description, type. */
export function MilestoneModal({ milestone, onSave, onClose }: MilestoneModalProps) {
  return (
    <RecordFormModal
      noun="milestone"
      record={milestone}
      initial={() => milestoneFormOf(milestone)}
      date={TARGET_DATE}
      more={[TYPE]}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
