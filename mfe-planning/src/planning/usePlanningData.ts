import { useCallback, useEffect, useRef, useState } from 'react';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { fetchMilestones } from '../api/milestones';
import { fetchTodos } from '../api/todos';

export type PlanningData =
  | { status: 'loading'; todos: Todo[]; milestones: Milestone[] }
  | { status: 'ok'; todos: Todo[]; milestones: Milestone[] }
  | { status: 'error'; todos: Todo[]; milestones: Milestone[]; error: unknown };

export interface PlanningDataState {
  data: PlanningData;
  /**
   * Reads both lists again and shows them in place (the spec's "the page reloads after each
   * change", without losing the chat, the scroll or a draft). Resolves once shown.
   */
  refresh(): Promise<void>;
}

const EMPTY: PlanningData = { status: 'loading', todos: [], milestones: [] };

/** The todos and milestones every tab and the chat read: loaded together, refreshed after each change. */
export function usePlanningData(): PlanningDataState {
  const [data, setData] = useState<PlanningData>(EMPTY);
  const latest = useRef(0);
  const mounted = useRef(true);

  const load = useCallback(async (signal?: AbortSignal) => {
    const request = ++latest.current;
    try {
      const [todos, milestones] = await Promise.all([fetchTodos(signal), fetchMilestones(signal)]);
      // Only the newest answer is shown: an older refresh never overwrites a newer one.
      if (request !== latest.current || !mounted.current) return;
      setData({ status: 'ok', todos: todos.todos, milestones: milestones.milestones });
    } catch (error) {
      if (request !== latest.current || !mounted.current || signal?.aborted) return;
      setData((current) => ({ status: 'error', todos: current.todos, milestones: current.milestones, error }));
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    void load(controller.signal);
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, [load]);

  const refresh = useCallback(() => load(), [load]);
  return { data, refresh };
}
