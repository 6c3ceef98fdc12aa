import { memo } from 'react';
import { localIsoDate } from '@cc/contracts/periods';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { usePlanningActions } from '../planning/actions';
import { shortDate } from '../shared/dates';
import { DoneBox, RecordItem, RowActions, visitOf, type Highlight } from '../shared/RecordItem';
import { TodoList } from '../todos/TodoList';
import './milestones.css';

export interface MilestoneListProps {
  milestones: readonly Milestone[];
  /** Todos by the milestone they are linked to. */
  linked: ReadonlyMap<number, Todo[]>;
  /** The milestone the address names (`?milestone=ID`) and the visit that named it: scrolled to and highlighted. */
  highlight?: Highlight;
}

const NO_MILESTONES: ReadonlyMap<number, Milestone> = new Map();

/** Milestones as cards: progress bar (done/total linked todos), their todos, toggle, edit, delete. */
export function MilestoneList({ milestones, linked, highlight = null }: MilestoneListProps) {
  if (milestones.length === 0) {
    return (
      <p className="planning-empty" data-testid="milestones-empty">
        No milestones yet. Add one for a goal 90 days out, or ask the assistant for a workback plan.
      </p>
    );
  }
  return (
    <ul className="milestone-list" aria-label="Milestones" data-testid="milestone-list" data-count={milestones.length}>
      {milestones.map((m) => (
        <MilestoneCard key={m.id} milestone={m} todos={linked.get(m.id) ?? []} highlight={visitOf(highlight, m.id)} />
      ))}
    </ul>
  );
}

const MilestoneCard = memo(function MilestoneCard({
  milestone,
  todos,
  highlight,
}: {
  milestone: Milestone;
  todos: Todo[];
  highlight: string | null;
}) {
  const actions = usePlanningActions();
  const today = localIsoDate();
  const completed = milestone.completed;
  const { done, total } = milestone.progress;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const overdue = !completed && milestone.target_date < today;
  return (
    <RecordItem className="milestone-card" testId="milestone-card" id={milestone.id} completed={completed} highlight={highlight}>
      <div className="milestone-head">
        <DoneBox completed={completed} name={`milestone "${milestone.title}"`} onToggle={() => actions.toggleMilestone(milestone)} />
        <div className="milestone-title-block">
          <h3 className="milestone-title">{milestone.title}</h3>
          <div className="todo-meta">
            <time dateTime={milestone.target_date} className={overdue ? 'todo-due overdue' : 'todo-due'}>
              Target {shortDate(milestone.target_date, today)}
            </time>
            {milestone.milestone_type && <span className="milestone-type">{milestone.milestone_type}</span>}
          </div>
        </div>
        <RowActions
          name={`milestone “${milestone.title}”`}
          onEdit={() => actions.openModal({ kind: 'milestone', milestone })}
          onDelete={() => void actions.deleteMilestone(milestone)}
        />
      </div>
      {milestone.description && <p className="milestone-description">{milestone.description}</p>}
      <div className="milestone-progress" data-testid="milestone-progress" data-done={done} data-total={total}>
        <div
          className="progress-bar"
          role="progressbar"
          aria-label={`Progress of "${milestone.title}"`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${total} done`}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="progress-text">{total === 0 ? 'No linked todos yet' : `${done}/${total} done`}</span>
      </div>
      <TodoList todos={todos} milestones={NO_MILESTONES} showMilestone={false} empty="" label={`Todos of "${milestone.title}"`} />
      <button
        type="button"
        className="button button-small milestone-add-todo"
        onClick={() => actions.openModal({ kind: 'todo', milestoneId: milestone.id })}
      >
        + Todo for this milestone
      </button>
    </RecordItem>
  );
});
