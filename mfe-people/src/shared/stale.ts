/**
 * The 409 of a stale save of a person's or a meeting's field (svc-people answers it as files
 * and check-in notes do): what the field holds now, its revision and the save that wrote it.
 */
export function staleFieldOf(error: unknown): { theirs: string; base: number; saveId: string | null; message?: string } | null {
  const e = error as {
    status?: unknown;
    body?: { errors?: unknown; current?: { content?: unknown; revision?: unknown; save_id?: unknown } };
  } | null;
  const current = e?.status === 409 ? e.body?.current : undefined;
  if (!current || typeof current.content !== 'string' || typeof current.revision !== 'number') return null;
  const message = Array.isArray(e?.body?.errors) && typeof e.body.errors[0] === 'string' ? e.body.errors[0] : undefined;
  return {
    theirs: current.content,
    base: current.revision,
    saveId: typeof current.save_id === 'string' ? current.save_id : null,
    ...(message ? { message } : {}),
  };
}

/** What a field's save sends beside its text: the revision it is based on and its own id. */
export interface FieldSave {
  keepalive: boolean;
  /** Undefined while the field's revision is unknown (a meeting not created yet): the save wins. */
  revision: number | undefined;
  saveId: string;
}
