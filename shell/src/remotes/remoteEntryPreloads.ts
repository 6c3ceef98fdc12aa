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
  return REMOTE_PAGE_ROUTES.map((route) => {
    const remotes = new Set<RemoteName>([route.remote, ...route.alsoLoads.map((id) => id.split('/')[0] as RemoteName)]);
    return { path: route.path, entries: [...remotes].map(remoteEntryPath), reads: route.firstRequests.map(firstRequestPath) };
  });
}
