import { describe, expect, it } from '@jest/globals';
import { REMOTE_PAGE_ROUTES, remotePageAt } from '../routes';
import { remoteEntryPreloads } from './remoteEntryPreloads';

describe("the remote entries index.html preloads for each page (the route table's remotes)", () => {
  it("names the page's remote first, then the remotes of the modules its first view also loads", () => {
    const table = remoteEntryPreloads();
    const at = (path: string) => table.find((row) => row.path === path)?.entries;
    expect(at('/dashboard')).toEqual(['/mfe/dashboard/remoteEntry.js', '/mfe/people/remoteEntry.js']);
    expect(at('/journal/:date')).toEqual(['/mfe/dashboard/remoteEntry.js']);
    expect(at('/planning/:tab')).toEqual(['/mfe/planning/remoteEntry.js']);
    expect(at('/people')).toEqual(['/mfe/people/remoteEntry.js']);
  });

  it("names the paths of the route's first reads", () => {
    const reads = (path: string) => remoteEntryPreloads().find((row) => row.path === path)?.reads;
    expect(reads('/planning/:tab')).toEqual(['/planning/todos', '/planning/milestones']);
    expect(reads('/people')).toEqual(['/people']);
    expect(reads('/dashboard')).toEqual(['/folders', '/files', '/profile']);
    expect(reads('/journal')).toEqual([]);
  });

  it('has one row per remote page, ranked so that the first row matching an address is the page remotePageAt opens', () => {
    const table = remoteEntryPreloads();
    expect(table.map((row) => row.path).sort()).toEqual(REMOTE_PAGE_ROUTES.map((route) => route.path).sort());
    // The inline script's matching (EarlyPageRequestsPlugin): same segment count, a param matches
    // any segment, the others any case; the first row that matches.
    const segments = (path: string) => path.split('/').filter(Boolean);
    const firstRow = (pathname: string) =>
      table.find((row) => {
        const pattern = segments(row.path);
        const wanted = segments(pathname);
        return (
          pattern.length === wanted.length &&
          pattern.every((part, i) => part.startsWith(':') || part.toLowerCase() === wanted[i]!.toLowerCase())
        );
      });
    const addresses = [
      ...REMOTE_PAGE_ROUTES.map((route) => route.path.replace(/:\w+/g, 'x')),
      '/planning/action_plan',
      '/Planning/Action_Plan',
      '/planning/todos',
      '/journal/2026-11-27',
    ];
    for (const address of addresses) expect([address, firstRow(address)?.path]).toEqual([address, remotePageAt(address)?.path]);
    expect(firstRow('/planning/action_plan')?.reads).toEqual(
      remotePageAt('/planning/action_plan')!.firstRequests.map((key) => key.slice(4)),
    );
  });
});
