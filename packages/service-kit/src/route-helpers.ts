/**
 * What a service's handlers and data functions share: path ids, the usual failures, a body
 * validated by hand, timestamps as answers write them, and Postgres's unique violation. One copy
 * in the kit; each service used to keep its own `http.ts`.
 */
import { z } from 'zod';
import { HttpError } from './errors';
import { zodMessages } from './router';

const PG_INT_MAX = 2_147_483_647;

/** Path ids are positive int4s; anything else names no row (404, like another user's id). */
export function idFrom(raw: string, notFoundMessage: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > PG_INT_MAX) throw new HttpError(404, [notFoundMessage]);
  return id;
}

export const notFound = (message: string) => new HttpError(404, [message]);
export const invalid = (...messages: string[]) => new HttpError(422, messages);
/**
 * A stale save (409): the text changed since the revision the save was based on. `current` is
 * what the record holds now (the route's answer schema documents its keys: `staleAnswer`).
 */
export const conflict = (message: string, current: object) => new HttpError(409, [message], {}, { current });

/** For handlers that pick their schema from the body (the kit validates the usual way otherwise). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new HttpError(422, zodMessages(result.error));
  return result.data;
}

/** Postgres unique_violation. */
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === '23505';

/** A timestamp column as the answers write it (ISO 8601). */
export const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
