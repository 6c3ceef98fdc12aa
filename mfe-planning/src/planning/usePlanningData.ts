import { useCallback, useEffect, useRef, useState } from 'react';
import type { Milestone, MilestonesAnswer, Todo, TodosAnswer } from '@cc/contracts/planning';
import { api, earlyRead } from '@cc/client';
import { fetchMilestones } from '../api/milestones';
import { fetchTodos } from '../api/todos';
import { warmDateFormats } from '../shared/dates';

export type PlanningData =
  | { status: 'loading'; todos: Todo[]; milestones: Milestone[] }
  | { status: 'ok'; todos: Todo[]; milestones: Milestone[] }
  | { status: 'error'; todos: Todo[]; milestones: Milestone[]; error: unknown };

export interface PlanningDataState {
  data: PlanningData;
  /**
   * Reads both lists again and shows them in place (docs/planning.md#todos: "the page reloads after each
   * change", without losing the chat, the scroll or a draft). Resolves once shown.
   */
  refresh(): Promise<void>;
}

const EMPTY: PlanningData = { status: 'loading', todos: [], milestones: [] };

type Lists = [TodosAnswer, MilestonesAnswer];
const readLists = (signal?: AbortSignal): Promise<Lists> => Promise.all([fetchTodos(signal), fetchMilestones(signal)]);

const early = earlyRead<Lists>();
const PAGE_KEY = '/planning';

/**
 * Starts reading both lists as the page's code arrives (this module is evaluated with the
 * exposed page), before React has rendered the page: on a cold visit the answer travels while
 * the page renders. Only for a visit that opens /planning; taken once, while fresh, by the first
 * load. The shell may load the page's code before it knows the session: a 401 here sends no one
 * anywhere, and the first load then asks again the usual way.
 */
export function prefetchPlanningData(): void {
  if (typeof window === 'undefined' || !/^\/planning(\/|$)/i.test(window.location?.pathname ?? '')) return;
  const quiet = { redirectOnUnauthorized: false };
  early.start(PAGE_KEY, () =>
    Promise.all([api.get<TodosAnswer>('/planning/todos', quiet), api.get<MilestonesAnswer>('/planning/milestones', quiet)]),
  );
}

/** The todos and milestones every tab and the chat read: loaded together, refreshed after each change. */
export function usePlanningData(): PlanningDataState {
  const [data, setData] = useState<PlanningData>(EMPTY);
  const latest = useRef(0);
  const mounted = useRef(true);

  const load = useCallback(async (signal?: AbortSignal, first = false) => {
    const request = ++latest.current;
    try {
      const both = (first ? early.take(PAGE_KEY, () => readLists(signal)) : null) ?? readLists(signal);
      warmDateFormats();
      const [todos, milestones] = await both;
      // Only the newest answer is shown: an older refresh never overwrites a newer one.
      if (request !== latest.current || !mounted.current) return;
      setData((current) => ({
        status: 'ok',
        todos: keepUnchanged(current.todos, todos.todos),
        milestones: keepUnchanged(current.milestones, milestones.milestones),
      }));
    } catch (error) {
      if (request !== latest.current || !mounted.current || signal?.aborted) return;
      setData((current) => ({ status: 'error', todos: current.todos, milestones: current.milestones, error }));
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    void load(controller.signal, true);
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, [load]);

  const refresh = useCallback(() => load(), [load]);
  return { data, refresh };
}

/** Two records from the server hold the same values (arrays and nested objects one level deep). */
function sameRecord(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => {
    const u = x[key];
    const v = y[key];
    if (Object.is(u, v)) return true;
    if (Array.isArray(u) || Array.isArray(v)) {
      return Array.isArray(u) && Array.isArray(v) && u.length === v.length && u.every((item, i) => Object.is(item, v[i]));
    }
    return typeof u === 'object' && typeof v === 'object' && u !== null && v !== null && sameRecord(u, v);
  });
}

/**
 * A list read again, with the records that did not change kept as they were (the same objects,
 * and the same array when nothing changed): a refresh after ticking one todo re-renders that
 * row, not all 1,000 (the rows are memoised on their todo).
 */
export function keepUnchanged<T extends { id: number }>(previous: readonly T[], next: T[]): T[] {
  if (previous.length === 0) return next;
  const byId = new Map(previous.map((item) => [item.id, item]));
  let same = previous.length === next.length;
  const kept = next.map((item, i) => {
    const old = byId.get(item.id);
    const result = old !== undefined && sameRecord(old, item) ? old : item;
    if (result !== previous[i]) same = false;
    return result;
  });
  return same ? (previous as T[]) : kept;
}
