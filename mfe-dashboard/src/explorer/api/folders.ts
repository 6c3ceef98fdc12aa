import { api, type CallAnswer } from '@cc/client';
import { routeQuery } from '@cc/client/query';
import { sendOrder } from './orderSaves';

/*
 * The explorer's folder calls (svc-files, docs/api.md#svc-files). Every call throws an
 * `ApiError` (from @cc/client) on `success:false`, an HTTP error or a network failure.
 */

export type FoldersAnswer = CallAnswer<'GET /folders'>;
/** A folder as GET /folders lists it (name, description, position). */
export type Folder = FoldersAnswer['folders'][number];

/** `GET /folders`: the folders by position. */
export const foldersQuery = () => routeQuery('GET /folders');

/** `POST /folders` → 201 `{success, errors, folder}`; 422 'Folder already exists.' */
export function createFolder(name: string, description = '') {
  return api.call('POST /folders', { body: { name, description } });
}

/** `PATCH /folders/{folderName}` with `new_name` and/or `description`. */
export function updateFolder(name: string, changes: { new_name?: string; description?: string }) {
  return api.call('PATCH /folders/{folderName}', { params: { folderName: name }, body: { name, ...changes } });
}

/** `DELETE /folders/{folderName}`: its files, then the folder, in one transaction. */
export function deleteFolder(name: string) {
  return api.call('DELETE /folders/{folderName}', { params: { folderName: name } });
}

/** `PATCH /folders/reorder {order}`: names that are not the user's are ignored. Outlives the page (sendOrder). */
export function reorderFolders(order: string[]) {
  const body = { order };
  return sendOrder(body, (options) => api.call('PATCH /folders/reorder', { body }, options));
}
