import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { guardFields, type SaveGuard } from '../../shared/saveGuard';

/*
 * The open file's calls (svc-files, docs/api.md#svc-files): its text, summary and goals, and the AI summary.
 * Every call throws an `ApiError` (from @cc/client) on `success:false`, an HTTP error or a
 * network failure; `error.errors` holds the server's messages, `error.status` the HTTP status (0: network).
 */

/** `GET /files/{id}` → `{success, file{id, name, folder, description, content, summary, goals, position, revision, updated_at}}` */
export const fileQuery = (id: number) => routeQuery('GET /files/{id}', { params: { id } });

/**
 * `PATCH /files/{id}` `file{content, revision?, save_id?}` → `{success, errors, revision}`. With
 * a revision, a stale save is refused with 409: the ApiError's `.status` is 409 and `.body` is
 * a `StaleRevisionAnswer` (`current{content, revision, save_id?}`). `aiUpdate`: an AI wrote this
 * text (`ai_update: true`), so the server keeps the text it replaces in the history.
 */
export function saveContent(
  id: number,
  content: string,
  revision?: number,
  options?: { saveId?: string; keepalive?: boolean; aiUpdate?: boolean },
) {
  const file = { content, ...guardFields({ revision, saveId: options?.saveId }) };
  const body = options?.aiUpdate ? { file, ai_update: true } : { file };
  return api.call('PATCH /files/{id}', { params: { id }, body }, { keepalive: options?.keepalive });
}

/** `PATCH /files/{id}/summary {summary, revision?, save_id?}` → `{success, revision}` (409 when stale, like the content). */
export function saveSummary(id: number, summary: string, guard?: SaveGuard, options?: { keepalive?: boolean }) {
  return api.call(
    'PATCH /files/{id}/summary',
    { params: { id }, body: { summary, ...guardFields(guard) } },
    { keepalive: options?.keepalive },
  );
}

/** `PATCH /files/{id}/goals {goals, revision?, save_id?}` → `{success, revision}` (409 when stale, like the content). */
export function saveGoals(id: number, goals: string, guard?: SaveGuard, options?: { keepalive?: boolean }) {
  return api.call('PATCH /files/{id}/goals', { params: { id }, body: { goals, ...guardFields(guard) } }, { keepalive: options?.keepalive });
}

/** `POST /files/summarize {file_id, folder, file_name, content}` → `{success, summary, summary_revision?}` (empty content clears it). */
export function summarize(input: { fileId: number; folder: string; fileName: string; content: string }, signal?: AbortSignal) {
  return api.call(
    'POST /files/summarize',
    { body: { file_id: input.fileId, folder: input.folder, file_name: input.fileName, content: input.content } },
    { signal },
  );
}
