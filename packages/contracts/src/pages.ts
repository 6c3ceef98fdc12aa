/**
 * Browser page routes, zod-free: the gateway serves the shell for each, and the shell imports
 * this file (`@cc/contracts/pages`) to know which remote module renders which page.
 */
import type { AnsweredRoute } from './answers';
import type { RequestedRoute } from './route-requests';

/** A read of the route table that takes no path params: what a page may declare among its first requests. */
export type FirstPageRead = Exclude<Extract<AnsweredRoute & RequestedRoute, `GET ${string}`>, `${string}{${string}`>;

export const REMOTES = ['dashboard', 'planning', 'coaching', 'people'] as const;
export type RemoteName = (typeof REMOTES)[number];
/** An exposed module of a remote, as the federation runtime loads it: `people/AboutMePanel`. */
export type RemoteModuleId = `${RemoteName}/${string}`;

export interface PageRoute {
  path: string;
  /** The remote that renders the page, or the shell itself. */
  remote: 'shell' | RemoteName;
  /** The module the remote exposes for it (loaded as `<remote>/<module>`). */
  module?: string;
  /** The section's name in loading and error states. */
  label?: string;
  /** Pages that need no session. */
  public?: boolean;
  /**
   * The reads the page makes first on every visit of a path of this route, as route-table keys
   * (GETs without path params). On a cold visit the shell's index.html sends them as the page
   * starts (an inline script, beside the session probe: shell/src/earlyRequests.ts), and hands each answer to the QueryClient as that call's query
   * (shell/src/remotes/): the page's `useQuery(routeQuery(key))` finds it there. Declared here,
   * by the page's owner, so the shell knows no domain's calls.
   */
  firstRequests?: readonly FirstPageRead[];
  /**
   * Modules the page renders on its first view besides its own: another remote's (the dashboard's
   * default view is the people remote's About me panel) or its own remote's code that the page
   * otherwise loads when it renders (the action plan tab's timeline): the shell starts loading
   * them with the page's module.
   */
  alsoLoads?: readonly RemoteModuleId[];
}

const PLANNING_LISTS: readonly FirstPageRead[] = ['GET /planning/todos', 'GET /planning/milestones'];
/** The action plan tab's reads: the current plan and its weeks (`timeline_items` reads the current plan's, so it needs no id). */
const ACTION_PLAN_READS: readonly FirstPageRead[] = ['GET /coaching/current_action_plan', 'GET /coaching/timeline_items'];

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', remote: 'shell' },
  { path: '/sign-in', remote: 'shell', public: true },
  { path: '/sign-up', remote: 'shell', public: true },
  // The account's settings: export, import, delete the account (shell/src/settings/).
  { path: '/settings', remote: 'shell' },
  // Everything deleted in the last 30 days, to restore (shell/src/trash/, docs/trash.md).
  { path: '/trash', remote: 'shell' },
  {
    path: '/dashboard',
    remote: 'dashboard',
    module: 'DashboardPage',
    label: 'Dashboard',
    firstRequests: ['GET /folders', 'GET /files', 'GET /profile'],
    alsoLoads: ['people/AboutMePanel'],
  },
  { path: '/journal', remote: 'dashboard', module: 'JournalPage', label: 'Journal' },
  { path: '/journal/{date}', remote: 'dashboard', module: 'JournalPage', label: 'Journal' },
  // Every tab reads both lists (its counts, the chat's context, the action plan's milestones).
  { path: '/planning', remote: 'planning', module: 'PlanningPage', label: 'Planning', firstRequests: PLANNING_LISTS },
  // The action plan tab: its plan and weeks travel with the lists (asked first: the timeline waits
  // for them, not for the lists, and one service answers all four), its code with the page's.
  {
    path: '/planning/action_plan',
    remote: 'planning',
    module: 'PlanningPage',
    label: 'Planning',
    firstRequests: [...ACTION_PLAN_READS, ...PLANNING_LISTS],
    alsoLoads: ['planning/ActionPlanTab'],
  },
  { path: '/planning/{tab}', remote: 'planning', module: 'PlanningPage', label: 'Planning', firstRequests: PLANNING_LISTS },
  { path: '/coaching', remote: 'coaching', module: 'CoachingPage', label: 'Coaching' },
  { path: '/people', remote: 'people', module: 'PeoplePage', label: 'People', firstRequests: ['GET /people'] },
];

/** `/files/{id}/summary` → `/files/:id/summary` (Koa and react-router syntax). */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
