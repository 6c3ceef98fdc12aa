import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { DialogProvider } from '@cc/ui/dialogs';
import { takeOpenOnLoad } from '@cc/ui/open-hint';
import { useLocation, useNavigate } from '@cc/ui/router';
import { ExplorerActionsProvider } from '../explorer/actions/ExplorerActionsProvider';
import { Explorer } from '../explorer/Explorer';
import { displayName } from '../explorer/labels';
import { useExplorer } from '../explorer/useExplorer';
import { useWorkspace } from '../workspace/useWorkspace';
import { ChunkBoundary } from './ChunkBoundary';
import { fileSearch, hintFromSearch } from './fileAddress';
import { RemoteSlot } from './RemoteSlot';
import { useAutoOpen } from './useAutoOpen';
import './dashboard.css';

/**
 * The centre (mode bar, editor + preview, diff panel) and the right column (file chat) of the
 * open file. Big (CodeMirror): loaded only when a file is opened, never for the About me view.
 */
const importWorkspace = () => import(/* webpackChunkName: "file-workspace" */ '../workspace/FileWorkspace');

/**
 * The dashboard (spec §2): the explorer on the left; the open file's workspace (centre and
 * right), or the About me panel from the people remote when no file is open. Its questions and
 * alerts are in-app dialogs, one at a time, over the whole page.
 */
export default function DashboardPage() {
  return (
    <DialogProvider>
      <Dashboard />
    </DialogProvider>
  );
}

function Dashboard() {
  const explorer = useExplorer();
  const workspace = useWorkspace();
  const location = useLocation();
  // Another page's hint first; else the file the address names (a reload, Back, a new tab).
  const fromAddress = useRef(hintFromSearch(location.search));
  useAutoOpen(explorer, workspace, () => takeOpenOnLoad() ?? fromAddress.current);
  useFileInAddress(workspace.openFile);

  const [attempt, setAttempt] = useState(0);
  // A failed React.lazy stays failed: Retry makes a new one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the point: each Retry needs a new lazy()
  const FileWorkspace = useMemo(() => lazy(importWorkspace), [attempt]);

  const { openFile, draftRequest, autoChat } = workspace;
  useEffect(() => {
    // The workspace sets the same title when it mounts; this covers the moment it is loading.
    document.title = openFile ? displayName(openFile.name) : 'About me';
  }, [openFile]);

  return (
    <div id="dashboard-root" data-testid="dashboard-root" data-remote="dashboard" className="page dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <div className="dashboard-layout">
        <ExplorerActionsProvider explorer={explorer} workspace={workspace}>
          <Explorer explorer={explorer} selectedId={openFile?.id ?? null} />
        </ExplorerActionsProvider>
        <div className="dashboard-workspace" data-testid="dashboard-workspace" data-view={openFile ? 'file' : 'about-me'}>
          {openFile ? (
            <ChunkBoundary key={openFile.id} label="editor" onRetry={() => setAttempt((n) => n + 1)}>
              <Suspense
                fallback={
                  <div className="workspace-loading" role="status">
                    <span className="spinner spinner-inline" aria-hidden="true" /> Opening {displayName(openFile.name)}…
                  </div>
                }
              >
                <FileWorkspace
                  key={openFile.id}
                  file={openFile}
                  draftRequest={draftRequest && draftRequest.fileId === openFile.id ? draftRequest : null}
                  onDraftHandled={workspace.draftHandled}
                  autoChat={autoChat}
                  onAutoChatHandled={workspace.autoChatHandled}
                />
              </Suspense>
            </ChunkBoundary>
          ) : (
            // The About me container: no mode bar, editor or diff view here.
            <section className="aboutme-container" data-testid="aboutme-container" aria-label="About me">
              <RemoteSlot id="people/AboutMePanel" label="About me panel" />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

/** The open file goes into the address (replacing the entry: opening files adds no history). */
function useFileInAddress(openFile: { folder: string; name: string } | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = fileSearch(openFile);
  // Only on a change: at mount, the address may name a file that is about to be opened from it.
  const shown = useRef(search);
  useEffect(() => {
    if (shown.current === search) return;
    shown.current = search;
    if (location.search !== search) navigate({ pathname: location.pathname, search }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the open file only
  }, [search]);
}

export { DashboardPage };
