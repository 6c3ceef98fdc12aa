import { listenForUserChanges, UserAnswerCache, type Db, type Logger } from '@cc/service-kit';

/**
 * The `GET /planning/todos` and `GET /planning/milestones` answers (the whole lists, not a page)
 * per user, in the kit's UserAnswerCache (JSON bytes, gzipped once), so the planning page's two
 * reads cost no query, no serialisation and no compression while nothing changed: 1,000 todos
 * are 300 KB of JSON, about 10 ms of a core per read, which a loaded machine stretched to
 * 100-250 ms on the page's cold visit (bench/modules/planning.ts).
 *
 * A trigger on todos and milestones (planning migration 007) sends `NOTIFY planning_lists,
 * '<user_id>'` at commit. Both lists go together (a todo's change moves its milestone's progress,
 * a milestone's deletion unlinks todos). The instance that handled a write drops the user's lists
 * itself before answering (module.ts).
 */
export type PlanningList = 'todos' | 'milestones';
export type PlanningListsCache = UserAnswerCache<PlanningList>;

export const PLANNING_LISTS_CHANNEL = 'planning_lists';

export const planningListsCache = (maxBytes: number, maxEntries?: number): PlanningListsCache =>
  new UserAnswerCache<PlanningList>(maxBytes, maxEntries);

export function listenForPlanningChanges(db: Db, cache: PlanningListsCache, log: Logger): boolean {
  return listenForUserChanges(db, PLANNING_LISTS_CHANNEL, cache, log);
}
