import { useEffect } from 'react';
import { fetchFolders, type FoldersAnswer } from '../api/folders';
import { useServiceCall } from '../hooks/useServiceCall';
import { ServiceStatus } from '../components/ServiceStatus';
import { RemoteSlot } from '../components/RemoteSlot';
import '../dashboard.css';

function describeFolders(answer: FoldersAnswer): string {
  const count = answer.folders?.length ?? 0;
  return count === 1 ? '1 folder' : `${count} folders`;
}

/** The dashboard: file explorer on the left; with no file open, the About me view. */
export default function DashboardPage() {
  const folders = useServiceCall((signal) => fetchFolders(signal));
  useEffect(() => {
    document.title = 'Dashboard';
  }, []);

  return (
    <div id="dashboard-root" data-testid="dashboard-root" data-remote="dashboard" className="page dashboard">
      <header>
        <h1>Dashboard</h1>
        <p className="page-lead">Your career documents: folders of markdown files, an editor with preview, and an AI coach to chat with about each file.</p>
      </header>
      <div className="dashboard-grid">
        <aside id="explorer-root" data-testid="explorer-root" className="panel explorer" aria-label="Files">
          <h2>Files</h2>
          <ServiceStatus label="Folders service" state={folders} describe={describeFolders} />
          {folders.status === 'ok' && folders.data.folders.length === 0 && (
            <p className="explorer-empty">No folders yet. Click &quot;+ Folder&quot; to create one.</p>
          )}
          {folders.status === 'ok' && folders.data.folders.length > 0 && (
            <ul className="explorer-list">
              {folders.data.folders.map((folder) => (
                <li key={folder.name}>{folder.name}</li>
              ))}
            </ul>
          )}
        </aside>
        <section className="dashboard-main" aria-label="About me" data-testid="dashboard-main">
          {/* No file is open: the About me view, served by the people remote. */}
          <RemoteSlot id="people/AboutMePanel" label="About me panel" />
        </section>
      </div>
    </div>
  );
}

export { DashboardPage };
