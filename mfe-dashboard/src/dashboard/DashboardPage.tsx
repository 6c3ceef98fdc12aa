import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { DialogProvider } from '@cc/ui/dialogs';
import { ExplorerActionsProvider } from '../explorer/actions/ExplorerActionsProvider';
import { Explorer } from '../explorer/Explorer';
import { displayName } from '../explorer/labels';
import { useExplorer } from '../explorer/useExplorer';
import { useWorkspace } from '../workspace/useWorkspace';
import { ChunkBoundary } from './ChunkBoundary';
import { preloadRemoteSlot, RemoteSlot } from './RemoteSlot';
import { useAutoOpen } from './useAutoOpen';
import { useFileAddress } from './useFileAddress';
// The shared .cc-visually-hidden (the page's heading) from the first paint.
import '@cc/ui/controls.css';
import './dashboard.css';

/**
 * The centre (mode bar, editor + preview, diff panel) and the right column (file chat) of the
 * open file. Big (CodeMirror): loaded only when a file is opened, never for the About me view.
 */
const importWorkspace = () => import(/* webpackChunkName: "file-workspace" */ '../workspace/FileWorkspace');

/** The people remote's panel the page shows when no file is open (its default view): asked for as this code arrives. */
const ABOUT_ME_PANEL = 'people/AboutMePanel';
preloadRemoteSlot(ABOUT_ME_PANEL);

/**
 * The dashboard (docs/dashboard.md): the explorer on the left; the open file's workspace (centre and
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
  useAutoOpen(explorer, workspace);
  const { opening } = useFileAddress(explorer, workspace);

  const [attempt, setAttempt] = useState(0);
  // A failed React.lazy stays failed: Retry makes a new one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the point: each Retry needs a new lazy()
  const FileWorkspace = useMemo(() => lazy(importWorkspace), [attempt]);

  const { openFile, draftRequest, historyRequest, autoChat } = workspace;
  useEffect(() => {
    // The workspace sets the same title when it mounts; this covers the moment it is loading.
    document.title = openFile ? displayName(openFile.name) : 'About me';
  }, [openFile]);

  return (
    <div id="dashboard-root" data-testid="dashboard-root" data-remote="dashboard" className="page dashboard">
      <h1 className="cc-visually-hidden">Dashboard</h1>
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
                  historyRequest={historyRequest && historyRequest.fileId === openFile.id ? historyRequest : null}
                  onHistoryHandled={workspace.historyHandled}
                  autoChat={autoChat}
                  onAutoChatHandled={workspace.autoChatHandled}
                />
              </Suspense>
            </ChunkBoundary>
          ) : opening ? (
            <div className="workspace-loading" role="status">
              <span className="spinner spinner-inline" aria-hidden="true" /> Opening {displayName(opening)}…
            </div>
          ) : (
            // The About me container: no mode bar, editor or diff view here. A plain box: the panel
            // is the one "About me" region (a named section here nested two of the same name).
            <div className="aboutme-container" data-testid="aboutme-container">
              <RemoteSlot id={ABOUT_ME_PANEL} label="About me panel" />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export { DashboardPage };
