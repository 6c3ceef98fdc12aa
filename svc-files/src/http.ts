import { z } from 'zod';
import { FILES_MESSAGES } from '@cc/contracts';
import { HttpError, zodMessages } from '@cc/service-kit';

/** Path ids are positive int4s; anything else names no file (404, like another user's id). */
export function fileIdFrom(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new HttpError(404, [FILES_MESSAGES.fileNotFound]);
  return id;
}

export const fileIdParams = z.object({ id: z.string() });
export const folderNameParams = z.object({ folderName: z.string() });

/** For handlers that pick their schema from the body (the kit validates the usual way otherwise). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new HttpError(422, zodMessages(result.error));
  return result.data;
}

export const notFound = (message: string) => new HttpError(404, [message]);
export const invalid = (...messages: string[]) => new HttpError(422, messages);
