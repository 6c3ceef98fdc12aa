import { useState } from 'react';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_LIMITS as L } from '@cc/contracts/planning-rules';
import type { TodoForm } from './api/todos';
import { defaultDueDate } from '../shared/dates';
import { InputField, TextAreaField } from '../shared/fields';
import { FormModal } from '../shared/FormModal';

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

/** Add or edit a todo: title, due date (today for a new one), description, tags, milestone. */
export function TodoModal({ todo, milestoneId, milestones, onSave, onClose }: TodoModalProps) {
  const [form, setForm] = useState<TodoForm>(() => todoFormOf(todo, milestoneId ?? null));
  const set =
    <K extends keyof TodoForm>(key: K) =>
    (value: TodoForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  return (
    <FormModal
      title={todo ? 'Edit todo' : 'Add todo'}
      formId="todo-form"
      submitLabel={todo ? 'Save' : 'Add todo'}
      form={form}
      onSave={(f) => onSave(f, todo?.id)}
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
          <InputField label="Due date" name="due_date" type="date" value={form.due_date} onChange={set('due_date')} />
          <TextAreaField
            label="Description"
            name="description"
            value={form.description}
            onChange={set('description')}
            maxLength={L.description}
          />
          <InputField
            label="Tags"
            name="tags"
            value={form.tags}
            onChange={set('tags')}
            maxLength={L.tagsText}
            placeholder="work, career"
            hint={`Comma-separated, up to ${L.tags}.`}
          />
          <div className="planning-field">
            <label htmlFor="todo-milestone">Milestone</label>
            <select
              id="todo-milestone"
              name="milestone_id"
              value={form.milestone_id === null ? '' : String(form.milestone_id)}
              onChange={(e) => set('milestone_id')(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">None</option>
              {milestones.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </FormModal>
  );
}
