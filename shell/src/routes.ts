import { PAGE_ROUTES, REMOTES, toRouterPath, type FirstPageRead, type RemoteModuleId, type RemoteName } from '@cc/contracts/pages';

/** A page a remote renders, in react-router's syntax (from the route table's page routes). */
export interface RemotePageRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module name: loaded as `<remote>/<module>`. */
  module: string;
  /** Section name for the loading and error states. */
  label: string;
  /** Modules of other remotes its first view renders. */
  alsoLoads: readonly RemoteModuleId[];
  /** The reads it makes first on every visit (sent from the entry chunk). */
  firstRequests: readonly FirstPageRead[];
}

export const REMOTE_PAGE_ROUTES: readonly RemotePageRoute[] = PAGE_ROUTES.flatMap((page) =>
  page.remote === 'shell'
    ? []
    : [
        {
          path: toRouterPath(page.path),
          remote: page.remote,
          module: page.module!,
          label: page.label!,
          alsoLoads: page.alsoLoads ?? [],
          firstRequests: page.firstRequests ?? [],
        },
      ],
);

/** Where a remote's entry is served (the shell's webpack config declares the same). */
export function remoteEntryPath(remote: RemoteName): string {
  return `/mfe/${remote}/remoteEntry.js`;
}

/** Pages the shell renders itself. */
export const SHELL_PAGE_PATHS = { home: '/', signIn: '/sign-in', signUp: '/sign-up', settings: '/settings', trash: '/trash' } as const;
export const PUBLIC_PAGE_PATHS: readonly string[] = [SHELL_PAGE_PATHS.signIn, SHELL_PAGE_PATHS.signUp];

/** The remotes the shell knows (its webpack config declares the same four). */
export const REMOTE_NAMES: readonly RemoteName[] = REMOTES;

export interface NavItem {
  label: string;
  to: string;
  /** Path prefix that marks the link as the current section. */
  section: string;
}

/** Journal: /journal opens today's entry (the journal page knows the user's day; the shell needs no dates). */
export function navItems(): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard', section: '/dashboard' },
    { label: 'Planning', to: '/planning', section: '/planning' },
    { label: 'Coaching', to: '/coaching', section: '/coaching' },
    { label: 'People', to: '/people', section: '/people' },
    { label: 'Journal', to: '/journal', section: '/journal' },
  ];
}

/**
 * The remote page a path opens (react-router's matching, enough for the route table's paths:
 * literal segments, case-insensitive, and `:param` for one segment), or undefined. Where a literal
 * route and a param route both match (`/planning/action_plan`, `/planning/:tab`), the one with
 * more literal segments wins, as react-router ranks them, whatever their order in the table.
 */
export function remotePageAt(pathname: string): RemotePageRoute | undefined {
  return pageRouteAt(REMOTE_PAGE_ROUTES, pathname);
}

/** The route of `routes` that `pathname` opens (see remotePageAt). */
export function pageRouteAt<R extends { path: string }>(routes: readonly R[], pathname: string): R | undefined {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const wanted = segments(pathname);
  let best: R | undefined;
  let bestLiterals = -1;
  for (const route of routes) {
    const pattern = segments(route.path);
    const matches =
      pattern.length === wanted.length &&
      pattern.every((part, i) => (part.startsWith(':') ? wanted[i] !== '' : part.toLowerCase() === wanted[i]!.toLowerCase()));
    const literals = pattern.filter((part) => !part.startsWith(':')).length;
    if (matches && literals > bestLiterals) {
      best = route;
      bestLiterals = literals;
    }
  }
  return best;
}
