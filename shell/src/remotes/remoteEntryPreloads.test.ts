import { describe, expect, it } from '@jest/globals';
import { REMOTE_PAGE_ROUTES } from '../routes';
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
    expect(reads('/dashboard')).toEqual([]);
  });

  it('has one row per remote page, in the route table order (the first match wins, as in remotePageAt)', () => {
    expect(remoteEntryPreloads().map((row) => row.path)).toEqual(REMOTE_PAGE_ROUTES.map((route) => route.path));
  });
});
