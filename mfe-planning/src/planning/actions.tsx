import { createContext, use, useMemo, useRef, type ReactNode } from 'react';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import * as milestonesApi from '../api/milestones';
import * as todosApi from '../api/todos';
import { useDialogs } from '@cc/ui/dialogs';
import { changeErrorText } from '../shared/errors';

/** Which add/edit modal is open: a todo (new, possibly for a milestone) or a milestone. */
export type PlanningModal =
  { kind: 'todo'; todo?: Todo; milestoneId?: number | null } | { kind: 'milestone'; milestone?: Milestone } | null;

export interface PlanningActions {
  openModal(modal: PlanningModal): void;
  /** Saves the modal's todo; true when saved (the modal closes), false after the alert. */
  saveTodo(form: todosApi.TodoForm, id?: number): Promise<boolean>;
  deleteTodo(todo: Todo): Promise<void>;
  toggleTodo(todo: Todo): Promise<void>;
  saveMilestone(form: milestonesApi.MilestoneForm, id?: number): Promise<boolean>;
  deleteMilestone(milestone: Milestone): Promise<void>;
  toggleMilestone(milestone: Milestone): Promise<void>;
}

const Context = createContext<PlanningActions | null>(null);

/**
 * What the buttons of the todo and milestone views do: the call, the confirmation before
 * a delete, its alert when a change fails (docs/planning.md#messages), and the lists read again in place after each
 * change. Made once, so memoised rows never re-render for it.
 */
export function PlanningActionsProvider(props: {
  refresh: () => Promise<void>;
  openModal: (modal: PlanningModal) => void;
  children: ReactNode;
}) {
  const dialogs = useDialogs();
  const latest = useRef(props);
  latest.current = props;

  const actions = useMemo<PlanningActions>(() => {
    const fail = (error: unknown, fallback: string) => {
      console.warn('[planning]', fallback, error);
      void dialogs.alert({ title: 'Planning', message: changeErrorText(error, fallback) });
    };
    /** Runs a change; the lists are read again after it whether it worked or not (they show what is true). */
    const change = async (run: () => Promise<unknown>, fallback: string): Promise<boolean> => {
      try {
        await run();
        return true;
      } catch (error) {
        fail(error, fallback);
        return false;
      } finally {
        await latest.current.refresh();
      }
    };
    return {
      openModal: (modal) => latest.current.openModal(modal),
      saveTodo: (form, id) =>
        change(() => (id === undefined ? todosApi.createTodo(form) : todosApi.updateTodo(id, form)), M.errorSavingTodo),
      deleteTodo: async (todo) => {
        const ok = await dialogs.confirm({ title: 'Delete todo', message: M.confirmDeleteTodo, confirmLabel: 'Delete', danger: true });
        if (ok) await change(() => todosApi.deleteTodo(todo.id), M.errorDeletingTodo);
      },
      toggleTodo: async (todo) => {
        await change(() => todosApi.toggleTodo(todo.id), M.errorUpdatingTodo);
      },
      saveMilestone: (form, id) =>
        change(
          () => (id === undefined ? milestonesApi.createMilestone(form) : milestonesApi.updateMilestone(id, form)),
          M.errorSavingMilestone,
        ),
      deleteMilestone: async (milestone) => {
        const ok = await dialogs.confirm({
          title: 'Delete milestone',
          message: M.confirmDeleteMilestone,
          confirmLabel: 'Delete',
          danger: true,
        });
        if (ok) await change(() => milestonesApi.deleteMilestone(milestone.id), M.errorDeletingMilestone);
      },
      toggleMilestone: async (milestone) => {
        await change(() => milestonesApi.toggleMilestone(milestone.id), M.errorUpdatingMilestone);
      },
    };
  }, [dialogs]);

  return <Context value={actions}>{props.children}</Context>;
}

export function usePlanningActions(): PlanningActions {
  const actions = use(Context);
  if (!actions) throw new Error('usePlanningActions needs a PlanningActionsProvider above it');
  return actions;
}
