import { memo, useEffect, useMemo, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate } from '@cc/ui/router';
import { canonicalAddress, milestoneAddress } from '@cc/contracts/addresses';
import { localIsoDate } from '@cc/contracts/periods';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { usePlanningActions } from '../planning/actions';
import { shortDate } from '../shared/dates';
import { Tags } from '../shared/Tags';
import { visitOf, type Highlight } from '../shared/RecordItem';
import { useHighlightWithin } from '../shared/useHighlight';
import { followInAppLink } from '../shared/inAppLinks';
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
 * How many of `total` rows to render: the first ones at once, then the rest after the first
 * paint, until all are there. A long list (1,000 todos) shows its top as soon as its data is in
 * instead of after every row is built. The rest is an ordinary update, rendered in one go, not a
 * transition: a transition's render yields to the browser every few milliseconds, and the 960
 * rows of the bench's list were in the page 10-20 % later that way (bench `planning`, same-run
 * ratios) for no input to answer in between on a page still loading. The count only grows: a
 * refresh in place or another tab keeps the rows already shown (no jump of the scroll position).
 */
export function useRowsInSteps(total: number): number {
  const [count, setCount] = useState(FIRST_ROWS);
  const more = count < total;
  useEffect(() => {
    if (!more) return;
    let cancelled = false;
    const step = () => {
      if (!cancelled) setCount((n) => n + ROWS_PER_STEP);
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

/**
 * The due dates' texts ("Today", "Tue 3 Mar"), each day's made once for the whole list: a long
 * list repeats its days (the bench's 1,000 todos have 120), and making one, even from
 * `formatDay`'s cache, was about a tenth of the rows' render (its key reads the locale each time).
 * One function per day (`today`), so the memoised rows keep their props.
 */
function useDueTexts(today: string): (iso: string) => string {
  return useMemo(() => {
    const texts = new Map<string, string>();
    return (iso: string) => {
      let text = texts.get(iso);
      if (text === undefined) {
        text = iso === today ? 'Today' : shortDate(iso, today);
        texts.set(iso, text);
      }
      return text;
    };
  }, [today]);
}

/**
 * Todos as rows: done box, title, description, tags, due date, milestone, source link, edit and
 * delete. A list of 1,000 todos builds every row on its first visit, so a row is elements only:
 * no hooks, no handlers of its own, nothing from context. The list answers for all of them, from
 * the event's row (`data-id`): one change handler for the done boxes, one click handler for Edit,
 * Delete and the links (plain anchors with their real href, so a middle click, a modified click
 * or "open in a new tab" work as on any link; a plain click or Enter is the router's navigation,
 * as a router Link does).
 */
export function TodoList({ todos, milestones, empty, showMilestone = true, label, highlight = null }: TodoListProps) {
  const today = localIsoDate();
  const dueText = useDueTexts(today);
  const shown = useRowsInSteps(todos.length);
  const actions = usePlanningActions();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  // The boxes clicked whose change is on its way, with what they show: each follows its click in
  // the same event (a controlled box whose state changed later would spring back meanwhile), a
  // second click on it is ignored until the change has settled, then the box shows what the
  // lists hold again.
  const [clicked, setClicked] = useState<ReadonlyMap<number, boolean>>(NONE_CLICKED);
  const list = useRef<HTMLUListElement>(null);
  // The row the address names (`?todo=ID`): scrolled to and focused once it is in the list.
  useHighlightWithin(() => list.current?.querySelector<HTMLElement>(`:scope > [data-id="${highlight?.id}"]`), highlight?.visit ?? null);

  if (todos.length === 0) {
    if (!empty) return null;
    return (
      <p className="planning-empty" data-testid="todos-empty">
        {empty}
      </p>
    );
  }
  const todoOf = (target: EventTarget) => {
    const id = Number((target as Element).closest?.('.todo-row')?.getAttribute('data-id'));
    return todos.find((t) => t.id === id);
  };
  const onChange = (event: ChangeEvent<HTMLUListElement>) => {
    const box = event.target as EventTarget;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return;
    const todo = todoOf(box);
    if (!todo || clicked.has(todo.id)) return;
    setClicked((was) => new Map(was).set(todo.id, box.checked));
    void actions.toggleTodo(todo).finally(() =>
      setClicked((was) => {
        const next = new Map(was);
        next.delete(todo.id);
        return next;
      }),
    );
  };
  const onClick = (event: MouseEvent<HTMLUListElement>) => {
    const target = event.target as Element;
    const box = target.closest?.('input[type="checkbox"]');
    // A click on a box whose change is still on its way changes nothing (the box keeps its tick).
    if (box) {
      const todo = todoOf(box);
      if (todo && clicked.has(todo.id)) event.preventDefault();
      return;
    }
    // Edit and Delete are named by their class (no attribute of their own: 2,000 fewer in a long list).
    const act = target.closest?.('.todo-edit, .todo-delete');
    if (act) {
      const todo = todoOf(act);
      if (!todo) return;
      if (act.classList.contains('todo-edit')) actions.openModal({ kind: 'todo', todo });
      else void actions.deleteTodo(todo);
      return;
    }
    followInAppLink(event, navigate, here);
  };
  return (
    <ul
      ref={list}
      className="todo-list"
      aria-label={label}
      data-testid="todo-list"
      data-count={todos.length}
      onChange={onChange}
      onClick={onClick}
    >
      {(shown < todos.length ? todos.slice(0, shown) : todos).map((todo) => (
        <TodoRow
          key={todo.id}
          todo={todo}
          checked={clicked.get(todo.id) ?? todo.completed}
          milestone={showMilestone && todo.milestone_id !== null ? milestones.get(todo.milestone_id) : undefined}
          today={today}
          dueText={dueText}
          highlight={visitOf(highlight, todo.id)}
        />
      ))}
    </ul>
  );
}

const NONE_CLICKED: ReadonlyMap<number, boolean> = new Map();

/** A row's box is answered by the list's change handler (not `readOnly`: a screen reader would call it read-only). */
const handledByTheList = () => undefined;

const TodoRow = memo(function TodoRow({
  todo,
  checked,
  milestone,
  today,
  dueText,
  highlight,
}: {
  todo: Todo;
  /** What the done box shows: the todo's state, or the click on its way. */
  checked: boolean;
  milestone: Milestone | undefined;
  today: string;
  /** A due date's text (`useDueTexts`). */
  dueText: (iso: string) => string;
  highlight: string | null;
}) {
  const completed = todo.completed;
  const overdue = !completed && todo.due_date !== null && todo.due_date < today;
  const name = `“${todo.title}”`;
  return (
    <li
      className={completed ? 'todo-row done' : 'todo-row'}
      data-testid="todo-row"
      data-id={todo.id}
      data-completed={completed}
      data-highlighted={highlight !== null ? 'true' : undefined}
      tabIndex={highlight !== null ? -1 : undefined}
    >
      <input
        type="checkbox"
        className="todo-check"
        checked={checked}
        // The list's change handler answers it; a controlled box needs one of its own (one for all rows).
        onChange={handledByTheList}
        aria-label={checked ? `Mark "${todo.title}" not done` : `Mark "${todo.title}" done`}
      />
      <span className="todo-title">{todo.title}</span>
      {todo.description && <span className="todo-description">{todo.description}</span>}
      <div className="todo-meta">
        {todo.due_date && (
          <time dateTime={todo.due_date} className={overdue ? 'todo-due overdue' : 'todo-due'} title={overdue ? 'Overdue' : 'Due'}>
            {dueText(todo.due_date)}
          </time>
        )}
        {milestone && (
          <a href={milestoneAddress(milestone.id)} className="todo-milestone" title="Open the milestone">
            {`◆ ${milestone.title}`}
          </a>
        )}
        <Tags tags={todo.tags} />
        {todo.source_label && todo.source_url && (
          <a href={canonicalAddress(todo.source_url)} className="todo-source" title="Where this todo came from" data-testid="todo-source">
            {todo.source_label}
          </a>
        )}
      </div>
      <button type="button" className="button button-small button-quiet todo-edit" aria-label={`Edit ${name}`}>
        Edit
      </button>
      <button type="button" className="button button-small button-quiet todo-delete" aria-label={`Delete ${name}`}>
        Delete
      </button>
    </li>
  );
});
