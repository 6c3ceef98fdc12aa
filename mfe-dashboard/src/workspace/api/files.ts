import { api } from '@cc/client';
import type { FileAnswer, SaveFileContentAnswer, SaveNoteAnswer, SummarizeAnswer } from '@cc/contracts';
import { guardFields, type SaveGuard } from '../../shared/saveGuard';

/*
 * The open file's calls (svc-files, docs/api.md#svc-files): its text, summary and goals, and the AI summary.
 * Every call throws an `ApiError` (from @cc/client) on `success:false`, an HTTP error or a
 * network failure; `error.errors` holds the server's messages, `error.status` the HTTP status (0: network).
 */

const filePath = (id: number) => `/files/${encodeURIComponent(String(id))}`;

/** `GET /files/{id}` → `{success, file{id, name, folder, description, content, summary, goals, position, revision, updated_at}}` */
export function getFile(id: number, signal?: AbortSignal): Promise<FileAnswer> {
  return api.get<FileAnswer>(filePath(id), { signal });
}

/**
 * `PATCH /files/{id}` `file{content, revision?, save_id?}` → `{success, errors, revision}`. With
 * a revision, a stale save is refused with 409: the ApiError's `.status` is 409 and `.body` is
 * a `StaleRevisionAnswer` (`current{content, revision, save_id?}`).
 */
export function saveContent(
  id: number,
  content: string,
  revision?: number,
  options?: { signal?: AbortSignal; saveId?: string; keepalive?: boolean },
): Promise<SaveFileContentAnswer> {
  const file = { content, ...guardFields({ revision, saveId: options?.saveId }) };
  return api.patch<SaveFileContentAnswer>(filePath(id), { file }, { signal: options?.signal, keepalive: options?.keepalive });
}

/** `PATCH /files/{id}/summary {summary, revision?, save_id?}` → `{success, revision}` (409 when stale, like the content). */
export function saveSummary(id: number, summary: string, guard?: SaveGuard, options?: { keepalive?: boolean }): Promise<SaveNoteAnswer> {
  return api.patch<SaveNoteAnswer>(`${filePath(id)}/summary`, { summary, ...guardFields(guard) }, { keepalive: options?.keepalive });
}

/** `PATCH /files/{id}/goals {goals, revision?, save_id?}` → `{success, revision}` (409 when stale, like the content). */
export function saveGoals(id: number, goals: string, guard?: SaveGuard, options?: { keepalive?: boolean }): Promise<SaveNoteAnswer> {
  return api.patch<SaveNoteAnswer>(`${filePath(id)}/goals`, { goals, ...guardFields(guard) }, { keepalive: options?.keepalive });
}

/** `POST /files/summarize {file_id, folder, file_name, content}` → `{success, summary, summary_revision?}` (empty content clears it). */
export function summarize(
  input: { fileId: number; folder: string; fileName: string; content: string },
  signal?: AbortSignal,
): Promise<SummarizeAnswer> {
  return api.post<SummarizeAnswer>(
    '/files/summarize',
    { file_id: input.fileId, folder: input.folder, file_name: input.fileName, content: input.content },
    { signal },
  );
}
