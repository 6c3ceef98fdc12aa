import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routeQuery } from '@cc/client/query';
import { IMPORT_MAX_BYTES, type ImportKind, type ImportStatus } from '@cc/contracts/import';
import { IMPORT_TEXT, uploadImport } from './importUpload';

/** How each kind reads in the summary: "3 files", "1 journal day". */
const KIND_WORDS: Record<ImportKind, [string, string]> = {
  folder: ['folder', 'folders'],
  file: ['file', 'files'],
  journal: ['journal day', 'journal days'],
  todo: ['todo', 'todos'],
  milestone: ['milestone', 'milestones'],
  plan_period: ['action-plan period', 'action-plan periods'],
  checkin: ['check-in answer', 'check-in answers'],
  coaching_plan: ['information-gathering plan', 'information-gathering plans'],
  person: ['person', 'people'],
  meeting: ['meeting', 'meetings'],
  about_me: ['About me profile', 'About me profiles'],
  chat: ['chat', 'chats'],
};

export function createdLine(created: ImportStatus['summary']['created']): string {
  const parts = (Object.keys(KIND_WORDS) as ImportKind[])
    .filter((k) => (created[k] ?? 0) > 0)
    .map((k) => `${created[k]} ${created[k] === 1 ? KIND_WORDS[k][0] : KIND_WORDS[k][1]}`);
  return parts.length ? `Imported ${parts.join(', ')}.` : 'Nothing new was imported.';
}

/** While an import runs, its state is asked again this often. */
const POLL_MS = 700;

/**
 * Import: a zip of an export (everything comes back) or of any folder of markdown, such as an
 * Obsidian vault or a Notion export (docs/import.md). The upload shows how much went out; the
 * import then runs on the server, and its progress and summary show here.
 */
export function ImportSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [importId, setImportId] = useState<string | null>(null);

  const job = useQuery({
    ...routeQuery('GET /import/{id}', { params: { id: importId ?? '' } }),
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.import.state === 'running' ? POLL_MS : false),
  });
  const status = job.data?.import;
  const running = upload !== null || status?.state === 'running';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || running) return;
    setImportId(null);
    // Said at once, rather than after sending the whole file to be told the same.
    if (file.size > IMPORT_MAX_BYTES) {
      setRefused([IMPORT_TEXT.tooLarge]);
      return;
    }
    setRefused([]);
    setUpload({ sent: 0, total: file.size });
    const result = await uploadImport(file, (sent, total) => setUpload({ sent, total }));
    setUpload(null);
    if (!result.ok) {
      setRefused(result.errors);
      return;
    }
    setImportId(result.import.id);
    setFile(null);
    if (input.current) input.current.value = '';
  }

  // Once done, every page shows what came in: whatever the browser kept of the lists is stale.
  const finished = status?.state === 'done' ? status.id : null;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'GET /import/{id}' });
  }, [finished, queryClient]);

  const percent = upload ? Math.floor((upload.sent / Math.max(upload.total, 1)) * 100) : (status?.progress ?? 0);

  return (
    <section className="panel settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import</h2>
      <p>
        Bring in a zip of an export from this workspace (everything comes back as it was), or a zip of any folder of markdown, such as an
        Obsidian vault or a Notion export: folders become folders, notes become files, and notes named like <code>2026-11-03.md</code>{' '}
        become journal days. Nothing you already have is changed; a name that is taken gets “(2)”.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-file`}>Zip file (up to 100 MB)</label>
          <input
            ref={input}
            id={`${id}-file`}
            name="file"
            type="file"
            accept=".zip,application/zip"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              // A reason given for the previous zip does not hold for this one.
              setRefused([]);
            }}
            disabled={running}
          />
        </div>
        {running && (
          <div className="export-progress">
            <progress max={100} value={percent} aria-label="Import progress" />
            <span aria-live="polite">{upload ? `Uploading… ${percent}%` : `Importing… ${percent}%`}</span>
          </div>
        )}
        {refused.length > 0 && (
          <div className="form-error" role="alert">
            {refused.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {status?.state === 'failed' && (
          <div className="form-error" role="alert">
            {status.errors.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {status?.state === 'done' && <ImportSummaryView status={status} />}
        {/* aria-disabled, not disabled: the button keeps the keyboard focus while the import runs and after it. */}
        <button type="submit" className="button" aria-disabled={!file || running}>
          {running ? 'Importing…' : 'Import zip'}
        </button>
      </form>
    </section>
  );
}

function ImportSummaryView({ status }: { status: ImportStatus }) {
  const { skipped } = status.summary;
  return (
    <div className="form-notice import-summary" role="status">
      <p>{createdLine(status.summary.created)}</p>
      {skipped.length > 0 && (
        <details>
          <summary>{skipped.length === 1 ? '1 entry was' : `${skipped.length} entries were`} left out (see why)</summary>
          {/* Scrolls when long, so it takes the keyboard focus to be scrolled without a mouse. */}
          <ul tabIndex={0} aria-label="Left out of the import">
            {skipped.map((s, i) => (
              <li key={`${s.path}-${i}`}>
                <code>{s.path}</code>: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
