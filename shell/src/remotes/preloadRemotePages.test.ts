import { describe, expect, it, jest } from '@jest/globals';
import type { RemoteModuleId } from '@cc/contracts/pages';
import { preloadRemotePages, remoteModulesAt } from './preloadRemotePages';

const settle = () => new Promise((r) => setTimeout(r, 0));
/** What the probe answered (only its status is read). */
const answered = (status: number) => Promise.resolve({ ok: status >= 200 && status < 300, status } as Response);

describe("the address's remote modules, asked for from the entry chunk", () => {
  it("names the page's module, the people remote's About me panel for the dashboard, and the action plan's code for its tab", () => {
    expect(remoteModulesAt('/dashboard')).toEqual({ page: 'dashboard/DashboardPage', also: ['people/AboutMePanel'] });
    expect(remoteModulesAt('/journal/2026-11-23')).toEqual({ page: 'dashboard/JournalPage', also: [] });
    expect(remoteModulesAt('/planning/action_plan')).toEqual({ page: 'planning/PlanningPage', also: ['planning/ActionPlanTab'] });
    expect(remoteModulesAt('/planning/all_todos')).toEqual({ page: 'planning/PlanningPage', also: [] });
    expect(remoteModulesAt('/planning')).toEqual({ page: 'planning/PlanningPage', also: [] });
    expect(remoteModulesAt('/people')).toEqual({ page: 'people/PeoplePage', also: [] });
    for (const shellPage of ['/', '/sign-in', '/sign-up', '/nowhere']) expect(remoteModulesAt(shellPage)).toEqual({ page: null, also: [] });
  });

  it("loads the page's module at once and the others once the session probe says someone is signed in", async () => {
    const load = jest.fn<(id: RemoteModuleId) => void>();
    preloadRemotePages('/dashboard', answered(200), load);
    expect(load.mock.calls).toEqual([['dashboard/DashboardPage']]);
    await settle();
    expect(load.mock.calls).toEqual([['dashboard/DashboardPage'], ['people/AboutMePanel']]);
  });

  it('loads no other module for a signed-out visitor or a failed probe, and nothing for a shell page', async () => {
    const load = jest.fn<(id: RemoteModuleId) => void>();
    preloadRemotePages('/dashboard', answered(401), load);
    preloadRemotePages('/dashboard', Promise.reject(new Error('offline')), load);
    preloadRemotePages('/dashboard', null, load);
    preloadRemotePages('/sign-in', answered(200), load);
    await settle();
    expect(load.mock.calls).toEqual([['dashboard/DashboardPage'], ['dashboard/DashboardPage'], ['dashboard/DashboardPage']]);
  });
});
