import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@cc/ui/router';
import type { Explorer } from '../explorer/useExplorer';
import type { Workspace } from '../workspace/useWorkspace';
import { asksForAboutMe, fileFromSearch, fileSearch } from './fileAddress';
import { locateHint } from './useAutoOpen';

/**
 * Keeps the open file in the address and opens the one the address names: when the page loads,
 * as soon as the explorer's list is there (no delay: it is the user's own page, not another
 * page's hint), and when the address changes under the page (a link followed on the dashboard,
 * Back, Forward). An address with no file (About me, `?about=…`) closes the open one. A file not
 * in the list is looked for once more in a fresh one; one that is gone is not offered for
 * creation: the About me view shows. Answers the name being opened
 * meanwhile, so the page says so instead of showing About me.
 */
export function useFileAddress(explorer: Explorer, workspace: Workspace): { opening: string | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const [named, setNamed] = useState(() => fileFromSearch(location.search));

  const search = fileSearch(workspace.openFile);
  const shown = useRef(search);
  const seen = useRef(location.search);

  useEffect(() => {
    if (seen.current === location.search) return;
    seen.current = location.search;
    // The page's own write (below) is no request.
    if (location.search === shown.current) return;
    const file = fileFromSearch(location.search);
    if (file) setNamed(file);
    else if (workspace.openFile) workspace.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the address only
  }, [location.search]);

  // A file not in the list the page has may be newer than it (a brag document saved a moment
  // ago): the list is read again once for it before the address counts as naming a gone file.
  const reloadedFor = useRef<typeof named>(null);
  useEffect(() => {
    if (!named || explorer.status === 'loading') return;
    const wanted = named;
    let stale = false;
    const openFrom = (list: ReturnType<Explorer['current']>) => {
      const found = locateHint(list, wanted);
      if (!found) return;
      explorer.reveal(found.folder, found.id);
      workspace.open({ id: found.id, name: found.name, folder: found.folder });
    };
    const found = explorer.status === 'ready' ? locateHint(explorer.current(), wanted) : null;
    if (found || reloadedFor.current === wanted) {
      setNamed(null);
      if (found) openFrom(explorer.current());
      return;
    }
    reloadedFor.current = wanted;
    void explorer.reload().then((list) => {
      if (stale) return;
      setNamed(null);
      if (list) openFrom(list);
    });
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the list has arrived, or the address names another file
  }, [explorer.status, named]);

  // The open file goes into the address, replacing the entry (opening files adds no history);
  // only on a change: at first the address may name the file about to be opened from it. With
  // no file open, an address that asks for About me (a statement) is left as it is.
  useEffect(() => {
    if (shown.current === search) return;
    shown.current = search;
    if (!search && asksForAboutMe(location.search)) return;
    if (location.search !== search) {
      seen.current = search;
      navigate({ pathname: location.pathname, search }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the open file only
  }, [search]);

  return { opening: named && !workspace.openFile ? named.fileName : null };
}
