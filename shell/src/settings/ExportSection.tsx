import { useId, useRef, useState } from 'react';
import { readZipDownload, type DownloadProgress } from './exportDownload';

type State =
  | { step: 'idle' }
  | { step: 'running'; progress: DownloadProgress }
  | { step: 'done'; name: string; bytes: number }
  | { step: 'failed'; error: string };

/** A size as a person reads it: a small account's zip is some KB, not "0.0 MB". */
const sizeLabel = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 1 : 0)} MB`;

/**
 * Export: everything the account holds as one zip (`GET /export`, docs/export.md), with a
 * progress bar while it downloads. The zip is saved under the name the server gives it.
 */
export function ExportSection() {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function start() {
    if (state.step === 'running') return;
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    setState({ step: 'running', progress: { received: 0, estimate: 0 } });
    const result = await readZipDownload('/export', controller.signal, (progress) => setState({ step: 'running', progress }));
    if (controller.signal.aborted) return;
    if (!result.ok) {
      setState({ step: 'failed', error: result.error });
      return;
    }
    const url = URL.createObjectURL(result.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = result.name;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the file to the browser's download; the copy here can go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setState({ step: 'done', name: result.name, bytes: result.blob.size });
  }

  const running = state.step === 'running';
  // Until the first bytes arrive (the server is still gathering the parts), or without an
  // estimate, the bar moves without a value rather than sitting at 0.
  const percent =
    running && state.progress.received > 0 && state.progress.estimate > 0
      ? Math.min(99, Math.floor((state.progress.received / state.progress.estimate) * 100))
      : undefined;

  return (
    <section className="panel settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Export</h2>
      <p>
        Download everything in your workspace as one zip: your files and journal as markdown you can open anywhere (Obsidian included), your
        plans, check-ins, people, meetings and About me, and a <code>workspace.json</code> that keeps every detail.
      </p>
      {running && (
        <div className="export-progress">
          <progress id={`${id}-progress`} max={100} value={percent} aria-label="Export progress" />
          {/* Not a live region: it changes with every chunk; the end is announced by the status below. */}
          <span>{state.progress.received ? `${sizeLabel(state.progress.received)} downloaded` : 'Preparing your export…'}</span>
        </div>
      )}
      {state.step === 'done' && (
        <p className="form-notice" role="status">
          Your export is saved as {state.name} ({sizeLabel(state.bytes)}).
        </p>
      )}
      {state.step === 'failed' && (
        <div className="form-error" role="alert">
          {state.error}
        </div>
      )}
      {/* aria-disabled, not disabled: the button keeps the keyboard focus while the export runs. */}
      <button type="button" className="button" onClick={() => void start()} aria-disabled={running}>
        {running ? 'Exporting…' : state.step === 'done' ? 'Export again' : 'Export my workspace'}
      </button>
    </section>
  );
}
