import { ApiError } from '@cc/client';
import type { Dialogs } from '@cc/ui/dialogs';

/**
 * The explorer's alerts (docs/dashboard.md#messages). A server answer with errors → `<prefix>: <errors joined by ', '>`
 * (or 'Unknown error' when it gave none); a network failure → the fixed `network` text.
 */
export function failureText(error: unknown, prefix: string, network: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return network;
  const body = error.body as { errors?: unknown } | null | undefined;
  const list = body && Array.isArray(body.errors) ? body.errors.filter((e): e is string => typeof e === 'string' && e.length > 0) : [];
  return `${prefix}: ${list.length > 0 ? list.join(', ') : 'Unknown error'}`;
}

/** The failure's alert, an in-app one: titled by what failed, the product's text as its message. */
export function alertFailure(dialogs: Dialogs, error: unknown, [prefix, network]: FailureTexts): void {
  void dialogs.alert({ title: prefix, message: failureText(error, prefix, network) });
}

/** The explorer's alert texts (docs/dashboard.md#messages). */
export const TEXT = {
  empty: 'No folders yet. Click "+ Folder" to create one.',
  folderExists: 'Folder already exists.',
  folderNameRequired: 'Please enter a folder name.',
  fileNameRequired: 'Please enter a file name.',
  fileIdMissing: 'File ID missing.',
  // The service's own name rules (FILES_MESSAGES in @cc/contracts, which the browser does not
  // import: zod), shown as the name is typed; rules.test.ts checks they are the same texts.
  folderNameSlash: 'Folder names cannot contain "/" or "\\".',
  folderNameTooLong: 'Folder names can be at most 100 characters.',
  fileNameSlash: 'File names cannot contain "/" or "\\".',
  fileNameTooLong: 'File names can be at most 200 characters.',
  fileExists: 'A file with this name already exists in this folder.',
  createFolder: ['Error creating folder', 'Error creating folder.'],
  createFile: ['Error creating file', 'Error creating file. Please try again.'],
  updateFolder: ['Error updating folder', 'Error updating folder.'],
  deleteFolder: ['Error deleting folder', 'Error deleting folder.'],
  updateDescription: ['Error updating description', 'Error updating description.'],
  renameFile: ['Error renaming file', 'Error renaming file. Please try again.'],
  deleteFile: ['Error deleting file', 'Error deleting file. Please try again.'],
  loadingSuggestions: 'Loading suggestions...',
  noSuggestionsYet: 'No suggestions yet.',
  noSuggestions: 'No suggestions.',
  regenerateFailed: 'Error regenerating suggestions.',
} as const;

export type FailureTexts = readonly [prefix: string, network: string];
