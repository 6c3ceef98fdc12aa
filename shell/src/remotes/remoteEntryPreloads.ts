import type { RemoteName } from '@cc/contracts/pages';
import { REMOTE_PAGE_ROUTES, remoteEntryPath } from '../routes';
import { firstRequestPath } from './firstPageRequest';

/** A remote page's route (react-router syntax), the remote entries its first view loads and the paths of its first reads. */
export interface EntryPreload {
  path: string;
  entries: string[];
  reads: string[];
}

/**
 * The table index.html's inline script works from (EarlyPageRequestsPlugin in
 * @cc/webpack-config/preload; webpack.config.js reads it at build time): for every remote page,
 * its own remote's entry, then those of the modules it also loads (the dashboard's About me
 * panel: the people remote), the same remotes preloadRemotePages asks the runtime for; and the
 * paths of the route's `firstRequests`, which the script sends (firstPageRequest.ts takes them).
 */
export function remoteEntryPreloads(): EntryPreload[] {
  // The script takes the first row that matches: ranked by literal segments, most first (a
  // stable sort), it picks the page remotePageAt picks (`/planning/action_plan` before
  // `/planning/:tab`).
  const literals = (path: string) => path.split('/').filter((part) => part && !part.startsWith(':')).length;
  const ranked = [...REMOTE_PAGE_ROUTES].sort((a, b) => literals(b.path) - literals(a.path));
  return ranked.map((route) => {
    const remotes = new Set<RemoteName>([route.remote, ...route.alsoLoads.map((id) => id.split('/')[0] as RemoteName)]);
    return { path: route.path, entries: [...remotes].map(remoteEntryPath), reads: route.firstRequests.map(firstRequestPath) };
  });
}
