/**
 * The 409 of a save based on an outdated revision, as every service answers it (files, journal,
 * check-in notes, action-plan weeks, person and meeting fields): `current` holds the text now
 * (under `content`, or the field the call names: `summary`, `goals`), its revision and the save
 * that wrote it. Shaped for `useAutosavedText`'s `conflictOf`.
 */
export interface StaleSave {
  theirs: string;
  base: number;
  saveId: string | null;
  message?: string;
}

export function staleSaveOf(error: unknown, key = 'content'): StaleSave | null {
  const e = error as { status?: unknown; body?: unknown } | null;
  if (!e || e.status !== 409 || !e.body || typeof e.body !== 'object') return null;
  const body = e.body as { errors?: unknown; current?: Record<string, unknown> };
  const current = body.current;
  if (!current || typeof current[key] !== 'string' || typeof current.revision !== 'number') return null;
  const message = Array.isArray(body.errors) && typeof body.errors[0] === 'string' ? body.errors[0] : undefined;
  return {
    theirs: current[key],
    base: current.revision,
    saveId: typeof current.save_id === 'string' ? current.save_id : null,
    ...(message ? { message } : {}),
  };
}
