import type { RemoteModuleId } from '@cc/contracts/pages';
import { loadRemoteModule, nextAttempt } from '@cc/ui/federation';
import { remotePageAt } from '../routes';

/**
 * The remote modules the address's page renders first: its own, then those of other remotes on
 * its first view (the dashboard's About me panel, from the people remote).
 */
export function remoteModulesAt(pathname: string): { page: RemoteModuleId | null; also: readonly RemoteModuleId[] } {
  const page = remotePageAt(pathname);
  return page ? { page: `${page.remote}/${page.module}`, also: page.alsoLoads } : { page: null, also: [] };
}

/** Starts a module's load; its RemotePage (or the remote's own slot) finds it on its way or arrived. */
function preload(id: RemoteModuleId): void {
  try {
    loadRemoteModule(id, nextAttempt()).catch(() => undefined);
  } catch {
    // No federation runtime yet: the page loads its module itself when it renders.
  }
}

/**
 * Asked for from the entry chunk (index.ts), while the shell's own chunks download: the federation
 * runtime (in the entry chunk) fetches each remote's entry, then the module's chunks, beside the
 * shell's React and router instead of after they have loaded and rendered; a module's shared
 * dependencies (React, ...) are the shell's copies, arriving meanwhile. Before, the page's module
 * was asked for by the shell's bootstrap and the About me panel by the dashboard's render: one
 * round trip and one evaluation after another on a cold visit (bench/modules/frontend.ts).
 *
 * The page's own module loads at once, as it did from the bootstrap; the others once the session
 * probe says someone is signed in (signed out, the shell sends the visitor to /sign-in).
 */
export function preloadRemotePages(pathname: string, session: Promise<Response> | null, load = preload): void {
  const { page, also } = remoteModulesAt(pathname);
  if (page) load(page);
  if (!also.length || !session) return;
  session.then(
    (response) => {
      if (response.ok) for (const id of also) load(id);
    },
    () => undefined,
  );
}
