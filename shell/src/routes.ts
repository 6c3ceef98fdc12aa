import type { RemoteName } from '@cc/contracts';

/**
 * The pages the shell serves and which remote module renders each. Kept as plain data so a
 * test can check it against PAGE_ROUTES in @cc/contracts (the route table the gateway uses).
 * Only types come from @cc/contracts at build time: importing its values would pull zod
 * into the first page load.
 */
export interface RemotePageRoute {
  /** react-router path (`:param` syntax). */
  path: string;
  remote: RemoteName;
  /** Exposed module name: loaded as `<remote>/<module>`. */
  module: string;
  /** Section name for the loading and error states. */
  label: string;
}

export const REMOTE_PAGE_ROUTES: readonly RemotePageRoute[] = [
  { path: '/dashboard', remote: 'dashboard', module: 'DashboardPage', label: 'Dashboard' },
  { path: '/journal', remote: 'dashboard', module: 'JournalPage', label: 'Journal' },
  { path: '/journal/:date', remote: 'dashboard', module: 'JournalPage', label: 'Journal' },
  { path: '/planning', remote: 'planning', module: 'PlanningPage', label: 'Planning' },
  { path: '/planning/:tab', remote: 'planning', module: 'PlanningPage', label: 'Planning' },
  { path: '/coaching', remote: 'coaching', module: 'CoachingPage', label: 'Coaching' },
  { path: '/people', remote: 'people', module: 'PeoplePage', label: 'People' },
];

/** Pages the shell renders itself. */
export const SHELL_PAGE_PATHS = { home: '/', signIn: '/sign-in', signUp: '/sign-up' } as const;
export const PUBLIC_PAGE_PATHS: readonly string[] = [SHELL_PAGE_PATHS.signIn, SHELL_PAGE_PATHS.signUp];

/** The remotes the shell knows (its webpack config declares the same four). */
export const REMOTE_NAMES: readonly RemoteName[] = ['dashboard', 'planning', 'coaching', 'people'];

export interface NavItem {
  label: string;
  to: string;
  /** Path prefix that marks the link as the current section. */
  section: string;
}

export function navItems(today: string): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard', section: '/dashboard' },
    { label: 'Planning', to: '/planning', section: '/planning' },
    { label: 'Coaching', to: '/coaching', section: '/coaching' },
    { label: 'People', to: '/people', section: '/people' },
    { label: 'Journal', to: `/journal/${today}`, section: '/journal' },
  ];
}
