import type { RemoteName } from '@cc/contracts/pages';
import { REMOTE_PAGE_ROUTES, remoteEntryPath } from '../routes';

/** A remote page's route (react-router syntax) and the remote entries its first view loads. */
export interface EntryPreload {
  path: string;
  entries: string[];
}

/**
 * The table index.html's inline script preloads from (PreloadRemoteEntriesPlugin in
 * @cc/webpack-config/preload; webpack.config.js reads it at build time): for every remote page,
 * its own remote's entry, then those of the modules it also loads (the dashboard's About me
 * panel: the people remote), the same remotes preloadRemotePages asks the runtime for.
 */
export function remoteEntryPreloads(): EntryPreload[] {
  return REMOTE_PAGE_ROUTES.map((route) => {
    const remotes = new Set<RemoteName>([route.remote, ...route.alsoLoads.map((id) => id.split('/')[0] as RemoteName)]);
    return { path: route.path, entries: [...remotes].map(remoteEntryPath) };
  });
}
