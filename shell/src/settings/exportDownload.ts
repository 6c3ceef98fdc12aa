/**
 * Reads a zip download as it arrives, reporting bytes against the server's estimate
 * (`X-Export-Estimate`: the zip's size is known only at its end, docs/export.md). A download
 * that breaks off is an error, never a partial file.
 */
export interface DownloadProgress {
  received: number;
  /** The server's estimate of the whole size; 0 when it gave none. */
  estimate: number;
}

export type DownloadResult = { ok: true; blob: Blob; name: string } | { ok: false; error: string };

export const EXPORT_TEXT = {
  failed: 'The export stopped before it finished, so nothing was saved. Please try again.',
  signedOut: 'Your session has ended. Sign in again to export your workspace.',
} as const;

const nameOf = (disposition: string | null): string => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'career-workspace.zip';

async function errorOf(res: Response): Promise<string> {
  if (res.status === 401) return EXPORT_TEXT.signedOut;
  try {
    const body = (await res.json()) as { errors?: unknown };
    if (Array.isArray(body.errors) && typeof body.errors[0] === 'string') return body.errors[0];
  } catch {
    // Not the service's failure shape (a gateway page): the plain message below.
  }
  return EXPORT_TEXT.failed;
}

export async function readZipDownload(
  url: string,
  signal: AbortSignal,
  onProgress: (p: DownloadProgress) => void,
): Promise<DownloadResult> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/zip' }, signal });
    if (!res.ok || !res.body) return { ok: false, error: await errorOf(res) };
    const estimate = Number(res.headers.get('x-export-estimate')) || 0;
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, estimate: Math.max(estimate, received) });
    }
    return {
      ok: true,
      blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
      name: nameOf(res.headers.get('content-disposition')),
    };
  } catch {
    return { ok: false, error: EXPORT_TEXT.failed };
  }
}
