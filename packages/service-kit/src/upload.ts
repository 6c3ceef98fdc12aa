import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { REQUEST_MESSAGES } from '@cc/contracts';
import { HttpError } from './errors';
import { readWhileClientStays } from './body';

/** A route that takes one uploaded file (multipart/form-data). */
export interface UploadSpec {
  /** The form field holding the file (default `file`). */
  field?: string;
  /** Largest file accepted (default 5 MB); 413 beyond it. */
  maxBytes?: number;
  /** Accepted file name extensions, e.g. ['.csv']; anything else is refused with 422. */
  extensions?: string[];
}

/** The uploaded file as a handler sees it; its temporary copy is removed after the handler. */
export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  text(): Promise<string>;
  /** Where the temporary copy is: read it as a stream, or move it away to keep it past the handler. */
  path: string;
}

export const DEFAULT_UPLOAD_BYTES = 5 * 1024 * 1024;

/** `5 MB`, `1 KB`: the limit as a person reads it. */
export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Parses the multipart body of a route that declared `upload` (koa-body, formidable underneath),
 * checks the file and hands it over; every problem is a 4xx with the one message for it.
 */
export async function receiveUpload(ctx: Koa.Context, spec: UploadSpec): Promise<{ file: UploadedFile; cleanup: () => Promise<void> }> {
  const field = spec.field ?? 'file';
  const maxBytes = spec.maxBytes ?? DEFAULT_UPLOAD_BYTES;
  if (!ctx.is('multipart/form-data')) throw new HttpError(422, [REQUEST_MESSAGES.uploadMissing]);
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: { maxFiles: 1, maxFileSize: maxBytes, maxTotalFileSize: maxBytes, allowEmptyFiles: true, minFileSize: 0 },
    onError: (err) => {
      const code = (err as { httpCode?: number; code?: number }).httpCode;
      if (code === 413 || /maxFileSize|maxTotalFileSize|exceeded/i.test(err.message)) {
        throw new HttpError(413, [REQUEST_MESSAGES.uploadTooLarge(sizeLabel(maxBytes))]);
      }
      throw new HttpError(400, [REQUEST_MESSAGES.uploadUnreadable]);
    },
  });
  await readWhileClientStays(ctx.req, () => parse(ctx, async () => undefined));
  const files = ctx.request.files ?? {};
  const all = Object.values(files).flat();
  const cleanup = async () => {
    await Promise.all(all.map((f) => rm(f.filepath, { force: true }).catch(() => undefined)));
  };
  const found = files[field];
  const file = Array.isArray(found) ? found[0] : found;
  try {
    if (!file) throw new HttpError(422, [REQUEST_MESSAGES.uploadMissing]);
    const name = file.originalFilename ?? '';
    if (spec.extensions && !spec.extensions.includes(path.extname(name).toLowerCase())) {
      throw new HttpError(422, [REQUEST_MESSAGES.uploadType(spec.extensions.join(' or '))]);
    }
    if (file.size === 0) throw new HttpError(422, [REQUEST_MESSAGES.uploadEmpty]);
    const uploaded: UploadedFile = {
      name,
      type: file.mimetype ?? 'application/octet-stream',
      size: file.size,
      text: () => readFile(file.filepath, 'utf8'),
      path: file.filepath,
    };
    return { file: uploaded, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
