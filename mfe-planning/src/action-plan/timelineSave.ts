import { saveTimelineItem } from '../api/actionPlan';

/** The 409 of a stale week save: what the week holds now. */
export function staleWeek(error: unknown): { theirs: string; base: number; saveId: string | null; message?: string } | null {
  const e = error as { status?: unknown; body?: unknown } | null;
  if (!e || e.status !== 409 || !e.body || typeof e.body !== 'object') return null;
  const body = e.body as { errors?: unknown; current?: { content?: unknown; revision?: unknown; save_id?: unknown } };
  const current = body.current;
  if (!current || typeof current.content !== 'string' || typeof current.revision !== 'number') return null;
  const message = Array.isArray(body.errors) && typeof body.errors[0] === 'string' ? body.errors[0] : undefined;
  return {
    theirs: current.content,
    base: current.revision,
    saveId: typeof current.save_id === 'string' ? current.save_id : null,
    ...(message ? { message } : {}),
  };
}

/** Saves a week's actions on the revision they are based on; resolves with the new revision. */
export async function saveWeek(key: string, content: string, revision: number | undefined, saveId: string, keepalive: boolean) {
  const answer = await saveTimelineItem(key, content, { revision, saveId }, { keepalive });
  return answer.item.revision;
}
