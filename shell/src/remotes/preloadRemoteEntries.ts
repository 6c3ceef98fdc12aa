import { remoteEntryPath, remotePageAt } from '../routes';

/**
 * The remote entries the address's page needs, asked for from the entry chunk as soon as the
 * session probe says someone is signed in (index.ts). Without this, the federation runtime asks
 * for them only once React and the shell have loaded and run, and the dashboard asks for the
 * people remote (its About me panel) only once its own code has run: one round trip after
 * another. A `<link rel="preload">` lets them travel beside the shell's own chunks; the
 * runtime's `<script>` for the same URL then takes the preloaded response.
 *
 * Signed out, nothing is preloaded: the shell sends the visitor to /sign-in, and an unused
 * preload is bytes for nothing (and a console warning).
 */
export function remoteEntriesAt(pathname: string): string[] {
  const page = remotePageAt(pathname);
  return page ? [page.remote, ...page.alsoLoads].map(remoteEntryPath) : [];
}

export function preloadRemoteEntries(pathname: string, session: Promise<Response> | null): void {
  const entries = remoteEntriesAt(pathname);
  if (!entries.length || !session || typeof document === 'undefined') return;
  session.then(
    (response) => {
      if (!response.ok) return;
      for (const href of entries) {
        const link = document.createElement('link');
        link.rel = 'preload';
        link.setAttribute('as', 'script');
        link.href = href;
        document.head.appendChild(link);
      }
    },
    () => undefined,
  );
}
