import { describe, expect, it } from '@jest/globals';
import { PAGE_ROUTES, REMOTES, toRouterPath } from '@cc/contracts';
import {
  navItems,
  pageRouteAt,
  PUBLIC_PAGE_PATHS,
  REMOTE_NAMES,
  REMOTE_PAGE_ROUTES,
  remoteEntryPath,
  remotePageAt,
  SHELL_PAGE_PATHS,
} from './routes';

interface FederationOptions {
  name: string;
  remotes?: Record<string, string>;
  exposes?: Record<string, string>;
  shared?: Record<string, { singleton?: boolean; eager?: boolean }>;
  dts?: boolean;
}

/** The ModuleFederationPlugin options of a workspace's webpack.config.js. */
async function federationOptions(workspace: string): Promise<{ options: FederationOptions; publicPath: string }> {
  const mod = (await import(`../../${workspace}/webpack.config.js`)) as {
    default: (env: unknown, argv: { mode: string }) => { plugins: object[]; output: { publicPath: string } };
  };
  const config = mod.default({}, { mode: 'production' });
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin') as { _options: FederationOptions } | undefined;
  if (!plugin) throw new Error(`${workspace}: no ModuleFederationPlugin`);
  return { options: plugin._options, publicPath: config.output.publicPath };
}

describe('shell routes', () => {
  it('serves every page route of the route table, from the remote it names', () => {
    for (const page of PAGE_ROUTES) {
      const path = toRouterPath(page.path);
      if (page.remote === 'shell') {
        expect(Object.values(SHELL_PAGE_PATHS)).toContain(path);
        expect(PUBLIC_PAGE_PATHS.includes(path)).toBe(page.public === true);
      } else {
        const route = REMOTE_PAGE_ROUTES.find((r) => r.path === path);
        expect(route?.remote).toBe(page.remote);
      }
    }
  });

  it('has no page the route table does not know', () => {
    const known = PAGE_ROUTES.map((p) => toRouterPath(p.path));
    for (const route of REMOTE_PAGE_ROUTES) expect(known).toContain(route.path);
  });

  it('knows the same remotes as the contracts', () => {
    expect([...REMOTE_NAMES].sort()).toEqual([...REMOTES].sort());
  });

  it('names the remote page an address opens (its code is loaded at start-up)', () => {
    const at = (path: string) => {
      const route = remotePageAt(path);
      return route && `${route.remote}/${route.module}`;
    };
    expect(at('/people')).toBe('people/PeoplePage');
    expect(at('/people/')).toBe('people/PeoplePage');
    expect(at('/Coaching')).toBe('coaching/CoachingPage');
    expect(at('/dashboard')).toBe('dashboard/DashboardPage');
    expect(at('/journal')).toBe('dashboard/JournalPage');
    expect(at('/journal/2026-01-31')).toBe('dashboard/JournalPage');
    expect(at('/planning/milestones_view')).toBe('planning/PlanningPage');
    for (const path of ['/planning/action_plan', '/planning/Action_Plan', '/planning/action_plan/'])
      expect(remotePageAt(path)?.path).toBe('/planning/action_plan');
    expect(remotePageAt('/planning/all_todos')?.path).toBe('/planning/:tab');
    for (const path of ['/', '/sign-in', '/sign-up', '/nowhere', '/people/4', '/journal/2026-01-31/x']) expect(at(path)).toBeUndefined();
  });

  it('prefers the route with more literal segments, in whatever order the table lists them (as react-router ranks them)', () => {
    const routes = [{ path: '/planning/:tab' }, { path: '/planning/action_plan' }, { path: '/:section/:tab' }];
    for (const order of [routes, [...routes].reverse()]) {
      expect(pageRouteAt(order, '/planning/action_plan')?.path).toBe('/planning/action_plan');
      expect(pageRouteAt(order, '/planning/done')?.path).toBe('/planning/:tab');
      expect(pageRouteAt(order, '/people/4')?.path).toBe('/:section/:tab');
      expect(pageRouteAt(order, '/planning')).toBeUndefined();
    }
  });

  it('links every section; the journal link opens today', () => {
    expect(navItems().map((i) => i.to)).toEqual(['/dashboard', '/planning', '/coaching', '/people', '/journal']);
  });
});

describe('federation wiring (webpack configs)', () => {
  it('the shell declares every remote at /mfe/<name>/remoteEntry.js', async () => {
    const { options, publicPath } = await federationOptions('shell');
    expect(options.name).toBe('shell');
    expect(publicPath).toBe('/');
    expect(options.dts).toBe(false);
    expect(options.remotes).toEqual(Object.fromEntries(REMOTES.map((r) => [r, `${r}@${remoteEntryPath(r)}`])));
  });

  it.each(REMOTES.map((r) => [r]))('%s exposes what the shell loads and shares the same singletons', async (remote) => {
    const shell = await federationOptions('shell');
    const { options, publicPath } = await federationOptions(`mfe-${remote}`);
    expect(options.name).toBe(remote);
    expect(publicPath).toBe(`/mfe/${remote}/`);
    expect(options.dts).toBe(false);
    for (const route of REMOTE_PAGE_ROUTES.filter((r) => r.remote === remote)) {
      expect(Object.keys(options.exposes ?? {})).toContain(`./${route.module}`);
    }
    // What a page's first view also loads from this remote (the action plan's code for its tab).
    for (const id of REMOTE_PAGE_ROUTES.flatMap((r) => r.alsoLoads).filter((m) => m.startsWith(`${remote}/`))) {
      expect(Object.keys(options.exposes ?? {})).toContain(`./${id.slice(remote.length + 1)}`);
    }
    expect(Object.keys(options.shared ?? {}).sort()).toEqual(Object.keys(shell.options.shared ?? {}).sort());
    for (const [name, config] of Object.entries(options.shared ?? {})) {
      expect([name, config.singleton]).toEqual([name, true]);
      expect([name, config.eager]).toEqual([name, undefined]);
    }
  });

  it('the dashboard takes the About me panel from the people remote', async () => {
    const dashboard = await federationOptions('mfe-dashboard');
    const people = await federationOptions('mfe-people');
    expect(dashboard.options.remotes).toEqual({ people: 'people@/mfe/people/remoteEntry.js' });
    expect(Object.keys(people.options.exposes ?? {})).toContain('./AboutMePanel');
  });
});
