import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_LIMITS as L } from '@cc/contracts/planning-rules';
import type { TodoForm } from './api/todos';
import { defaultDueDate } from '../shared/dates';
import { RecordFormModal } from '../shared/RecordFormModal';

export interface TodoModalProps {
  /** The todo to edit; a new one otherwise. */
  todo?: Todo;
  /** A new todo's milestone (added from a milestone's card). */
  milestoneId?: number | null;
  milestones: readonly Milestone[];
  onSave: (form: TodoForm, id?: number) => Promise<boolean>;
  onClose: () => void;
}

/** The form of a todo as its fields show it: tags as comma-separated text. */
export function todoFormOf(todo: Todo | undefined, milestoneId: number | null = null): TodoForm {
  return todo
    ? {
        title: todo.title,
        due_date: todo.due_date ?? '',
        description: todo.description,
        tags: todo.tags.join(', '),
        milestone_id: todo.milestone_id,
      }
    : { title: '', due_date: defaultDueDate(), description: '', tags: '', milestone_id: milestoneId };
}

const DUE_DATE = { name: 'due_date', label: 'Due date', type: 'date' } as const;
const TAGS = {
  name: 'tags',
  label: 'Tags',
  maxLength: L.tagsText,
  placeholder: 'work, career',
  hint: `Comma-separated, up to ${L.tags}.`,
} as const;

/** Add or edit a todo: title, due date (today for a new one), description, tags, milestone. */
export function TodoModal({ todo, milestoneId, milestones, onSave, onClose }: TodoModalProps) {
  return (
    <RecordFormModal
      noun="todo"
      record={todo}
      initial={() => todoFormOf(todo, milestoneId ?? null)}
      date={DUE_DATE}
      more={[TAGS]}
      onSave={onSave}
      onClose={onClose}
    >
      {(form, set) => (
        <div className="planning-field">
          <label htmlFor="todo-milestone">Milestone</label>
          <select
            id="todo-milestone"
            name="milestone_id"
            value={form.milestone_id === null ? '' : String(form.milestone_id)}
            onChange={(e) => set('milestone_id', e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">None</option>
            {milestones.map((m) => (
              <option key={m.id} value={m.id}>
                {m.title}
              </option>
            ))}
          </select>
        </div>
      )}
    </RecordFormModal>
  );
}
