import { queryOptions, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { api } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import type { FileSummary, FilesIndexAnswer } from '@cc/contracts';
import { sendOrder } from './orderSaves';

/*
 * The explorer's file calls (svc-files, docs/api.md#svc-files): the listing, and each file as
 * an item of it. Every call throws an `ApiError` (from @cc/client) on `success:false`, an HTTP
 * error or a network failure.
 */

/** `GET /files` without a folder: folder name → its files by position (empty folders have []). */
export type FileIndex = FilesIndexAnswer;
export type { FileSummary };

/**
 * `GET /files`, the whole index (with `folder` it would answer one folder's page instead). The
 * explorer needs every name (duplicates, addresses, drafts of gone files) and renders long
 * folders a page at a time. svc-files answers it with an ETag and `no-cache`: the browser's HTTP
 * cache asks again with If-None-Match and an unchanged index comes back as a body-less 304.
 */
export function fileIndexQuery() {
  const index = routeQuery('GET /files');
  return queryOptions({ queryKey: index.queryKey as QueryKey, queryFn: index.queryFn as QueryFunction<FileIndex> });
}

/** `POST /files` `file{name, content, folder, description}` → 201 `{success, errors, file, folder_created}` */
export function createFile(input: { folder: string; name: string; description?: string; content?: string }) {
  return api.call('POST /files', {
    body: { file: { name: input.name, folder: input.folder, description: input.description ?? '', content: input.content ?? '' } },
  });
}

/** `PUT /files/{id}` `file{name}` → `{success, errors, file}` (the answer's `file.name` is the stored one). */
export function renameFile(id: number, name: string) {
  return api.call('PUT /files/{id}', { params: { id }, body: { file: { name } } });
}

/** `PUT /files/{id}` `file{description}` */
export function describeFile(id: number, description: string) {
  return api.call('PUT /files/{id}', { params: { id }, body: { file: { description } } });
}

/** `DELETE /files/{id}` → `{success, errors}` */
export function deleteFile(id: number) {
  return api.call('DELETE /files/{id}', { params: { id } });
}

/** `PATCH /files/reorder {folder, ids}` → `{success, ignored}`. Outlives the page (sendOrder). */
export function reorderFiles(folder: string, ids: number[]) {
  const body = { folder, ids };
  return sendOrder(body, (options) => api.call('PATCH /files/reorder', { body }, options));
}
