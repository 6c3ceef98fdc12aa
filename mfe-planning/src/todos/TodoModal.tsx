import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '@cc/ui';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_LIMITS as L } from '@cc/contracts/planning-rules';
import type { TodoForm } from '../api/todos';
import { defaultDueDate } from '../shared/dates';
import { InputField, TextAreaField } from '../shared/fields';

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
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const set =
    <K extends keyof TodoForm>(key: K) =>
    (value: TodoForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setSaving(true);
    const saved = await onSave(form, todo?.id);
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={todo ? 'Edit todo' : 'Add todo'}
      initialFocusRef={titleRef}
      className="planning-modal"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="todo-form" className="button button-primary" disabled={saving}>
            {saving ? 'Saving…' : todo ? 'Save' : 'Add todo'}
          </button>
        </>
      }
    >
      <form id="todo-form" className="planning-form" onSubmit={(e) => void submit(e)} noValidate>
        <InputField
          label="Title"
          name="title"
          value={form.title}
          onChange={set('title')}
          maxLength={L.title}
          inputRef={titleRef}
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
      </form>
    </Modal>
  );
}
