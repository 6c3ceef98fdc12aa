import { createContext, use, useMemo, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@cc/client';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { useDialogs } from '@cc/ui/dialogs';
import * as milestonesApi from '../milestones/api/milestones';
import * as todosApi from '../todos/api/todos';
import { stopListReads, tickMilestone, tickTodo } from './listCache';
import { refreshLists } from './usePlanningLists';

/** Which add/edit modal is open: a todo (new, possibly for a milestone) or a milestone. */
export type PlanningModal =
  { kind: 'todo'; todo?: Todo; milestoneId?: number | null } | { kind: 'milestone'; milestone?: Milestone } | null;

export interface PlanningActions {
  openModal(modal: PlanningModal): void;
  /** Saves the modal's todo; true when saved (the modal closes), false after the alert. */
  saveTodo(form: todosApi.TodoForm, id?: number): Promise<boolean>;
  deleteTodo(todo: Todo): Promise<void>;
  /** Ticks (or unticks) at once; undone, with the alert, when the server refuses. */
  toggleTodo(todo: Todo): Promise<void>;
  saveMilestone(form: milestonesApi.MilestoneForm, id?: number): Promise<boolean>;
  deleteMilestone(milestone: Milestone): Promise<void>;
  toggleMilestone(milestone: Milestone): Promise<void>;
}

const Context = createContext<PlanningActions | null>(null);

/**
 * What the buttons of the todo and milestone views do: the call, the confirmation before a
 * delete, its alert when a change fails (docs/planning.md#messages), and both lists read again
 * in place after each change, whether it worked or not (they show what the server holds). Made
 * once, so memoised rows never re-render for it.
 */
export function PlanningActionsProvider(props: { openModal: (modal: PlanningModal) => void; children: ReactNode }) {
  const dialogs = useDialogs();
  const client = useQueryClient();
  const openModal = useRef(props.openModal);
  openModal.current = props.openModal;

  const actions = useMemo<PlanningActions>(() => {
    const fail = (error: unknown, fallback: string) => {
      console.warn('[planning]', fallback, error);
      void dialogs.alert({ title: 'Planning', message: errorText(error, { prefix: M.errorPrefix, unknown: M.unknownError, fallback }) });
    };
    /** Runs a change, then reads the lists again; `undo` takes back what was shown before the answer. */
    const change = async (run: () => Promise<unknown>, fallback: string, undo?: () => void): Promise<boolean> => {
      try {
        await run();
        return true;
      } catch (error) {
        undo?.();
        fail(error, fallback);
        return false;
      } finally {
        await refreshLists(client);
      }
    };
    /** Deletes after the user confirms; nothing happens on Cancel. */
    const remove = async (title: string, message: string, run: () => Promise<unknown>, fallback: string) => {
      if (await dialogs.confirm({ title, message, confirmLabel: 'Delete', danger: true })) await change(run, fallback);
    };
    /**
     * Shows the tick in the same event as the click (a box must never lag behind it), then stops
     * the reads on their way that could paint the old state over it: a stopped read goes back to
     * the state the tick wrote (TanStack keeps a manual write as the state to revert to).
     */
    const toggle = async (tick: () => () => void, run: () => Promise<unknown>, fallback: string) => {
      const undo = tick();
      void stopListReads(client);
      await change(run, fallback, undo);
    };
    return {
      openModal: (modal) => openModal.current(modal),
      saveTodo: (form, id) =>
        change(() => (id === undefined ? todosApi.createTodo(form) : todosApi.updateTodo(id, form)), M.errorSavingTodo),
      deleteTodo: (todo) => remove('Delete todo', M.confirmDeleteTodo, () => todosApi.deleteTodo(todo.id), M.errorDeletingTodo),
      toggleTodo: (todo) =>
        toggle(
          () => tickTodo(client, todo, !todo.completed),
          () => todosApi.toggleTodo(todo.id),
          M.errorUpdatingTodo,
        ),
      saveMilestone: (form, id) =>
        change(
          () => (id === undefined ? milestonesApi.createMilestone(form) : milestonesApi.updateMilestone(id, form)),
          M.errorSavingMilestone,
        ),
      deleteMilestone: (milestone) =>
        remove('Delete milestone', M.confirmDeleteMilestone, () => milestonesApi.deleteMilestone(milestone.id), M.errorDeletingMilestone),
      toggleMilestone: (milestone) =>
        toggle(
          () => tickMilestone(client, milestone, !milestone.completed),
          () => milestonesApi.toggleMilestone(milestone.id),
          M.errorUpdatingMilestone,
        ),
    };
  }, [dialogs, client]);

  return <Context value={actions}>{props.children}</Context>;
}

export function usePlanningActions(): PlanningActions {
  const actions = use(Context);
  if (!actions) throw new Error('usePlanningActions needs a PlanningActionsProvider above it');
  return actions;
}
