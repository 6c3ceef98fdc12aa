import { memo, startTransition, useEffect, useState } from 'react';
import { Link } from '@cc/ui/router';
import { canonicalAddress, milestoneAddress } from '@cc/contracts/addresses';
import { localIsoDate } from '@cc/contracts/periods';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { usePlanningActions } from '../planning/actions';
import { shortDate } from '../shared/dates';
import { Tags } from '../shared/Tags';
import { DoneBox, RecordItem, RowActions, visitOf, type Highlight } from '../shared/RecordItem';
import './todos.css';

export interface TodoListProps {
  todos: readonly Todo[];
  milestones: ReadonlyMap<number, Milestone>;
  /** What an empty list says (each tab has its own). */
  empty: string;
  /** Show the milestone a todo belongs to (off inside a milestone's own card). */
  showMilestone?: boolean;
  label: string;
  /** The todo the address names (`?todo=ID`) and the visit that named it: scrolled to and highlighted. */
  highlight?: Highlight;
}

/** Rows in the list's first paint: more than a tall window shows. */
export const FIRST_ROWS = 40;
/** Rows added per step after it (one step for the 1,000 todos of a long list). */
export const ROWS_PER_STEP = 1000;

/**
 * How many of `total` rows to render: the first ones at once, then the rest in steps after the
 * first paint (each step a transition: typing, clicks and scrolling go first), until all are
 * there. A long list (1,000 todos) shows its top as soon as its data is in instead of after
 * every row is built. The count only grows: a refresh in place or another tab keeps the rows
 * already shown (no jump of the scroll position).
 */
export function useRowsInSteps(total: number): number {
  const [count, setCount] = useState(FIRST_ROWS);
  const more = count < total;
  useEffect(() => {
    if (!more) return;
    let cancelled = false;
    const step = () => {
      if (!cancelled) startTransition(() => setCount((n) => n + ROWS_PER_STEP));
    };
    // After the next paint (a frame, then a task): the rows shown so far are on screen first.
    const frame = requestAnimationFrame(() => setTimeout(step, 0));
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [more, count]);
  return Math.min(total, count);
}

/** Todos as rows: done toggle, title, description, tags, due date, milestone, source link, edit and delete. */
export function TodoList({ todos, milestones, empty, showMilestone = true, label, highlight = null }: TodoListProps) {
  const today = localIsoDate();
  const shown = useRowsInSteps(todos.length);
  if (todos.length === 0) {
    if (!empty) return null;
    return (
      <p className="planning-empty" data-testid="todos-empty">
        {empty}
      </p>
    );
  }
  return (
    <ul className="todo-list" aria-label={label} data-testid="todo-list" data-count={todos.length}>
      {(shown < todos.length ? todos.slice(0, shown) : todos).map((todo) => (
        <TodoRow
          key={todo.id}
          todo={todo}
          milestone={showMilestone && todo.milestone_id !== null ? milestones.get(todo.milestone_id) : undefined}
          today={today}
          highlight={visitOf(highlight, todo.id)}
        />
      ))}
    </ul>
  );
}

const TodoRow = memo(function TodoRow({
  todo,
  milestone,
  today,
  highlight,
}: {
  todo: Todo;
  milestone: Milestone | undefined;
  today: string;
  highlight: string | null;
}) {
  const actions = usePlanningActions();
  const completed = todo.completed;
  const overdue = !completed && todo.due_date !== null && todo.due_date < today;
  return (
    <RecordItem className="todo-row" testId="todo-row" id={todo.id} completed={completed} highlight={highlight}>
      <DoneBox completed={completed} name={`"${todo.title}"`} onToggle={() => actions.toggleTodo(todo)} />
      <div className="todo-main">
        <span className="todo-title">{todo.title}</span>
        {todo.description && <span className="todo-description">{todo.description}</span>}
        <div className="todo-meta">
          {todo.due_date && (
            <time dateTime={todo.due_date} className={overdue ? 'todo-due overdue' : 'todo-due'} title={overdue ? 'Overdue' : 'Due'}>
              {todo.due_date === today ? 'Today' : shortDate(todo.due_date, today)}
            </time>
          )}
          {milestone && (
            <Link to={milestoneAddress(milestone.id)} className="todo-milestone" title="Open the milestone">
              {`◆ ${milestone.title}`}
            </Link>
          )}
          <Tags tags={todo.tags} />
          {todo.source_label && todo.source_url && (
            <Link
              to={canonicalAddress(todo.source_url)}
              className="todo-source"
              title="Where this todo came from"
              data-testid="todo-source"
            >
              {todo.source_label}
            </Link>
          )}
        </div>
      </div>
      <RowActions
        name={`“${todo.title}”`}
        onEdit={() => actions.openModal({ kind: 'todo', todo })}
        onDelete={() => void actions.deleteTodo(todo)}
      />
    </RecordItem>
  );
});
