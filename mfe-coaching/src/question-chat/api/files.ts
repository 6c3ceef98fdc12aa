import { api, type CallAnswer, type CallInput } from '@cc/client';
import { invalidateRoutes, routeQuery } from '@cc/client/query';
import type { FilesIndexAnswer } from '@cc/contracts';
import type { QueryClient } from '@tanstack/react-query';

type FilesAnswer = CallAnswer<'GET /files'>;

/** `GET /files` → folder name to its files [{id, name}] */
export const fileIndexQuery = () => routeQuery('GET /files');

/** Asked without a folder, `GET /files` answers the index; only a folder's page has `success` (a folder's files are a list). */
export function fileIndexOf(answer: FilesAnswer): FilesIndexAnswer {
  const page = typeof (answer as { success?: unknown }).success === 'boolean';
  return page ? {} : (answer as FilesIndexAnswer);
}

/** `POST /files {file{folder, name, description, content}}` → file.id */
export function createFile(file: CallInput<'POST /files'>['body']['file']) {
  return api.call('POST /files', { body: { file } });
}

/** A file was made (and its folder, when it was new): the dashboard's lists are out of date. */
export function fileCreated(queryClient: QueryClient): Promise<void> {
  return invalidateRoutes(queryClient, 'GET /files', 'GET /folders');
}
