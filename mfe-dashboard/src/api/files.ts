import { api } from '@cc/client';
import type {
  FileAnswer, FileDetail, FilesIndexAnswer, FileSummary, FileWriteAnswer, SaveFileContentAnswer, SaveNoteAnswer, StaleRevisionAnswer, SummarizeAnswer,
} from '@cc/contracts';

/**
 * Typed wrappers over the svc-files calls for files (spec §7). Every call throws an
 * `ApiError` (from @cc/client) on `success:false`, an HTTP error or a network failure;
 * `error.errors` holds the server's messages, `error.status` the HTTP status (0: network).
 *
 * The file workspace (editor, preview, diff, chat) uses getFile / saveContent / saveSummary /
 * saveGoals / summarize; the explorer the rest. Keep these names stable.
 */
export type { FileAnswer, FileDetail, FilesIndexAnswer, FileSummary, FileWriteAnswer, SaveFileContentAnswer, SaveNoteAnswer, StaleRevisionAnswer, SummarizeAnswer };

/**
 * How a save is guarded: `revision` is the version the edit is based on (a stale one is refused
 * with 409), `saveId` names this save (the 409 names the save that wrote the current text).
 */
export interface SaveGuard {
  revision?: number | undefined;
  saveId?: string | undefined;
}

/** The guard as body fields (`revision`, `save_id`), leaving out what is not given. */
export function guardFields(guard: SaveGuard = {}): { revision?: number; save_id?: string } {
  return { ...(guard.revision !== undefined ? { revision: guard.revision } : {}), ...(guard.saveId ? { save_id: guard.saveId } : {}) };
}

const filePath = (id: number) => `/files/${encodeURIComponent(String(id))}`;

/** `GET /files`: folder name → its files by position (empty folders have []). */
export function fetchFileIndex(signal?: AbortSignal): Promise<FilesIndexAnswer> {
  return api.get<FilesIndexAnswer>('/files', { signal });
}

/** `GET /files/{id}` → `{success, file{id, name, folder, description, content, summary, goals, position, revision, updated_at}}` */
export function getFile(id: number, signal?: AbortSignal): Promise<FileAnswer> {
  return api.get<FileAnswer>(filePath(id), { signal });
}

/**
 * `PATCH /files/{id}` `file{content, revision?, save_id?}` → `{success, errors, revision}`. With
 * a revision, a stale save is refused with 409: the ApiError's `.status` is 409 and `.body` is
 * a `StaleRevisionAnswer` (`current{content, revision, save_id?}`).
 */
export function saveContent(id: number, content: string, revision?: number, options?: { signal?: AbortSignal; saveId?: string; keepalive?: boolean }): Promise<SaveFileContentAnswer> {
  const file = { content, ...guardFields({ revision, saveId: options?.saveId }) };
  return api.patch<SaveFileContentAnswer>(filePath(id), { file }, { signal: options?.signal, keepalive: options?.keepalive });
}

/** What a 409 says the text holds now: under `key` (content, summary or goals), with its revision and the save that wrote it. */
export interface StaleText {
  text: string;
  revision: number;
  saveId: string | null;
  message?: string;
}

/** The 409 of a guarded save (content, summary, goals, journal entry), if that is what `error` is. */
export function staleText(error: unknown, key: 'content' | 'summary' | 'goals'): StaleText | null {
  const e = error as { status?: unknown; body?: unknown } | null;
  if (!e || e.status !== 409 || !e.body || typeof e.body !== 'object') return null;
  const body = e.body as { errors?: unknown; current?: Record<string, unknown> };
  const current = body.current;
  if (!current || typeof current[key] !== 'string' || typeof current.revision !== 'number') return null;
  const message = Array.isArray(body.errors) && typeof body.errors[0] === 'string' ? body.errors[0] : undefined;
  return { text: current[key], revision: current.revision, saveId: typeof current.save_id === 'string' ? current.save_id : null, ...(message ? { message } : {}) };
}

/** The body of a 409 from saveContent, if that is what `error` is. */
export function staleRevision(error: unknown): StaleRevisionAnswer | null {
  const e = error as { status?: unknown; body?: unknown } | null;
  if (!e || e.status !== 409 || !e.body || typeof e.body !== 'object') return null;
  const body = e.body as Partial<StaleRevisionAnswer>;
  return body.current && typeof body.current.content === 'string' ? (body as StaleRevisionAnswer) : null;
}

/** `POST /files` `file{name, content, folder, description}` → 201 `{success, errors, file, folder_created}` */
export function createFile(input: { folder: string; name: string; description?: string; content?: string }): Promise<FileWriteAnswer> {
  return api.post<FileWriteAnswer>('/files', {
    file: { name: input.name, folder: input.folder, description: input.description ?? '', content: input.content ?? '' },
  });
}

/** `PUT /files/{id}` `file{name}` → `{success, errors, file}` (the answer's `file.name` is the stored one). */
export function renameFile(id: number, name: string): Promise<FileWriteAnswer> {
  return api.put<FileWriteAnswer>(filePath(id), { file: { name } });
}

/** `PUT /files/{id}` `file{description}` */
export function describeFile(id: number, description: string): Promise<FileWriteAnswer> {
  return api.put<FileWriteAnswer>(filePath(id), { file: { description } });
}

/** `DELETE /files/{id}` → `{success, errors}` */
export function deleteFile(id: number): Promise<{ success: true; errors: string[] }> {
  return api.delete<{ success: true; errors: string[] }>(filePath(id));
}

/** `PATCH /files/reorder {folder, ids}` → `{success, ignored}` */
export function reorderFiles(folder: string, ids: number[]): Promise<{ success: true; ignored: number[] }> {
  return api.patch<{ success: true; ignored: number[] }>('/files/reorder', { folder, ids });
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
export function summarize(input: { fileId: number; folder: string; fileName: string; content: string }, signal?: AbortSignal): Promise<SummarizeAnswer> {
  return api.post<SummarizeAnswer>(
    '/files/summarize',
    { file_id: input.fileId, folder: input.folder, file_name: input.fileName, content: input.content },
    { signal },
  );
}
