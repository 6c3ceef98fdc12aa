import { api, type CallInput } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { QueryClient } from '@tanstack/react-query';

/** `GET /files` → folder name to its files [{id, name}] */
export const fileIndexQuery = () => routeQuery('GET /files');

/** `POST /files {file{folder, name, description, content}}` → file.id */
export function createFile(file: CallInput<'POST /files'>['body']['file']) {
  return api.call('POST /files', { body: { file } });
}

/** A file was made (and its folder, when it was new): the dashboard's lists are out of date. */
export function fileCreated(queryClient: QueryClient): Promise<void> {
  return invalidateRoutes(queryClient, 'GET /files', 'GET /folders');
}
