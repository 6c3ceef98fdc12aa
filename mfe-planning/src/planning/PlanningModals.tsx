import type { Milestone } from '@cc/contracts/planning';
import { MilestoneModal } from '../milestones/MilestoneModal';
import { TodoModal } from '../todos/TodoModal';
import { usePlanningActions, type PlanningModal } from './actions';

/** The open add/edit modal (a lazy chunk: loaded on the first one opened). */
export default function PlanningModals({ modal, milestones }: { modal: NonNullable<PlanningModal>; milestones: readonly Milestone[] }) {
  const actions = usePlanningActions();
  const close = () => actions.openModal(null);
  if (modal.kind === 'todo') {
    return (
      <TodoModal todo={modal.todo} milestoneId={modal.milestoneId} milestones={milestones} onSave={actions.saveTodo} onClose={close} />
    );
  }
  return <MilestoneModal milestone={modal.milestone} onSave={actions.saveMilestone} onClose={close} />;
}
