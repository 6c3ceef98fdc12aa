import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateRoutes } from '@cc/client/query';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { milestonesQuery } from '../milestones/api/milestones';
import { warmDateFormats } from '../shared/dates';
import { todosQuery } from '../todos/api/todos';

export type PlanningData =
  | { status: 'loading'; todos: Todo[]; milestones: Milestone[] }
  | { status: 'ok'; todos: Todo[]; milestones: Milestone[] }
  | { status: 'error'; todos: Todo[]; milestones: Milestone[]; error: unknown };

export interface PlanningLists {
  data: PlanningData;
  /**
   * Reads both lists again and shows them in place (docs/planning.md#todos: "the page reloads after
   * each change", without losing the chat, the scroll or a draft). Resolves once shown.
   */
  refresh(): Promise<void>;
}

const NONE: never[] = [];

/** Both lists read again: every change to a todo can move a milestone's progress, and a deleted milestone unlinks its todos. */
export const refreshLists = (client: QueryClient) => invalidateRoutes(client, 'GET /planning/todos', 'GET /planning/milestones');

/**
 * The todos and milestones every tab and the chat read: two queries of the page's one
 * QueryClient, read again (invalidated) after each change, which keeps their unchanged records.
 */
export function usePlanningLists(): PlanningLists {
  const client = useQueryClient();
  const todos = useQuery(todosQuery());
  const milestones = useQuery(milestonesQuery());
  // The list's dates are formatted by formatters made while the data is on its way.
  useEffect(warmDateFormats, []);

  const error = todos.error ?? milestones.error;
  const todoList = todos.data?.todos ?? NONE;
  const milestoneList = milestones.data?.milestones ?? NONE;
  const pending = todos.isPending || milestones.isPending;
  const data = useMemo<PlanningData>(() => {
    if (error) return { status: 'error', todos: todoList, milestones: milestoneList, error };
    return { status: pending ? 'loading' : 'ok', todos: todoList, milestones: milestoneList };
  }, [error, pending, todoList, milestoneList]);

  const refresh = useCallback(() => refreshLists(client), [client]);
  return { data, refresh };
}
