import { HttpError } from '@cc/service-kit';
import { z } from 'zod';

/** Path ids are positive int4s; anything else names no row (404, like another user's id). */
export function idFrom(raw: string, notFoundMessage: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new HttpError(404, [notFoundMessage]);
  return id;
}

export const idParams = z.object({ id: z.string() });
export const notFound = (message: string) => new HttpError(404, [message]);
export const invalid = (...messages: string[]) => new HttpError(422, messages);

/** A timestamp column as the answers write it (ISO 8601). */
export const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
