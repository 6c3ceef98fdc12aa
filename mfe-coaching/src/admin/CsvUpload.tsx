import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, serverReasons } from '@cc/client';
import { COACHING_MESSAGES as M, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { uploadQuestionsCsv } from './api/upload';
import { PREVIEW_COLUMNS, previewCsv, type CsvPreview } from './csvPreview';

/** The upload's status line (docs/coaching.md#csv-import): the server's message, its first reason on a refusal, or the failure. */
export function uploadStatus(outcome: { message: string } | { error: unknown }): string {
  if ('message' in outcome) return M.csvSuccess(outcome.message);
  const error = outcome.error;
  const [reason] = serverReasons(error);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && reason) return M.csvError(reason);
  return M.csvFailed;
}

/**
 * CSV import: choose a file, see its rows and their problems, upload. The result stays, beside
 * the button and scrolled into view, until dismissed or another file is chosen: the first description's 5 s
 * hid it below the editor's fold before a walkthrough could read it (issue 18 keeps it).
 */
export function CsvUpload({ type, onImported }: { type: QuestionnaireType; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [status, setStatus] = useState<{ text: string; ok: boolean; details: string[] } | null>(null);
  const statusRef = useRef<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const chosenRef = useRef<File | null>(null);

  useEffect(() => {
    if (status) statusRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [status]);

  const choose = async (chosen: File | null) => {
    chosenRef.current = chosen;
    setFile(chosen);
    setPreview(null);
    setStatus(null);
    if (!chosen) return;
    try {
      const found = await previewCsv(await chosen.text(), type);
      // Another file may have been chosen while this one was read.
      if (chosenRef.current === chosen) setPreview(found);
    } catch {
      // The preview is a courtesy (the parser's chunk did not load): the upload still checks the file.
    }
  };

  const importing = useMutation({
    mutationFn: (chosen: File) => uploadQuestionsCsv(chosen, type),
    onSuccess: (answer) => {
      setStatus({ text: uploadStatus({ message: answer.message }), ok: true, details: [] });
      // Imported: the file and its preview go, the result stays where the preview was.
      chosenRef.current = null;
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = '';
      onImported();
    },
    // A refusal's first reason is the status line; the rest (each bad row) are listed under it.
    onError: (error) => setStatus({ text: uploadStatus({ error }), ok: false, details: serverReasons(error).slice(1) }),
  });
  const busy = importing.isPending;

  const upload = () => {
    if (file) importing.mutate(file);
    else setStatus({ text: M.selectCsv, ok: false, details: [] });
  };

  return (
    <section className="coaching-csv" aria-label="Import questions from a CSV file">
      <h3>Import from CSV</h3>
      <p className="coaching-note">
        Columns: questionnaire_type (empty: this tab&apos;s), section_title, section_description, question_title, question_text, prompt, and
        an optional position. A file with a bad row imports nothing; importing it again creates no duplicates.
      </p>
      <div className="coaching-csv-row">
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
        <button type="button" className="button button-primary" disabled={!file || busy} onClick={upload}>
          {busy ? 'Uploading…' : 'Upload CSV'}
        </button>
      </div>
      {status && (
        <div
          ref={statusRef}
          className={status.ok ? 'coaching-csv-status ok' : 'coaching-csv-status error'}
          role="status"
          data-testid="csv-status"
        >
          <p>{status.text}</p>
          {status.details.length > 0 && (
            <ul>
              {status.details.slice(0, 20).map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
          <button type="button" className="button button-quiet" onClick={() => setStatus(null)}>
            Dismiss
          </button>
        </div>
      )}
      {!file && !status && <p className="coaching-note">{M.selectCsv}</p>}
      {/* Once the server has answered, its status says what is wrong with the file (not a second time here). */}
      {preview && !preview.ok && !status && (
        <p className="coaching-error" role="alert">
          {preview.error}
        </p>
      )}
      {preview?.ok && (
        <div className="coaching-csv-preview" data-testid="csv-preview">
          <p>
            {preview.rows.length} row{preview.rows.length === 1 ? '' : 's'}
            {preview.bad > 0 ? `, ${preview.bad} with problems: the server will refuse the file.` : ', ready to import.'}
          </p>
          <table>
            <thead>
              <tr>
                <th>Row</th>
                {PREVIEW_COLUMNS.map((c) => (
                  <th key={c}>{c}</th>
                ))}
                <th>Problems</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.slice(0, 50).map((row) => (
                <tr key={row.line} className={row.problems.length ? 'bad' : undefined}>
                  <td>{row.line}</td>
                  {PREVIEW_COLUMNS.map((c) => (
                    <td key={c}>{row.cells[c]}</td>
                  ))}
                  <td>{row.problems.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.rows.length > 50 && <p className="coaching-note">And {preview.rows.length - 50} more rows.</p>}
        </div>
      )}
    </section>
  );
}
