import { CSRF_HEADER_NAME, getCsrfToken } from '@cc/client';
import type { ImportStatus } from '@cc/contracts/import';

/**
 * `POST /import` with the upload's progress: fetch cannot report how much of a body went out, so
 * this one call uses XMLHttpRequest (same origin, the CSRF token like every write). The answer is
 * the started import, or the server's reasons for refusing the zip.
 */
export type UploadResult = { ok: true; import: ImportStatus } | { ok: false; errors: string[]; status: number };

export const IMPORT_TEXT = {
  uploadFailed: 'The zip could not be sent. Check your connection and try again.',
  tooLarge:
    'This zip is larger than an import takes, so nothing was imported. A folder of notes can be zipped in parts and imported one after another.',
} as const;

export function uploadImport(file: File, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/import');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let body: { success?: boolean; import?: ImportStatus; errors?: string[] } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A gateway's page, not the service's answer: the plain message below.
      }
      if (xhr.status < 300 && body.import) resolve({ ok: true, import: body.import });
      // Whichever part refused the size (the service or a proxy before it), the same plain words.
      else if (xhr.status === 413) resolve({ ok: false, status: 413, errors: [IMPORT_TEXT.tooLarge] });
      else resolve({ ok: false, status: xhr.status, errors: body.errors?.length ? body.errors : [IMPORT_TEXT.uploadFailed] });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, errors: [IMPORT_TEXT.uploadFailed] });
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
