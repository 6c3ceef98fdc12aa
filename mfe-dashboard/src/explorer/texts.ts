import { errorText } from '@cc/client';
import type { Dialogs } from '@cc/ui/dialogs';

/**
 * A failure's alert, an in-app one titled by what failed (docs/dashboard.md#messages): `<prefix>: `
 * and the server's errors joined by ', ' ('Unknown error' when it gave none), or the fixed
 * `network` text when no answer came.
 */
export function alertFailure(dialogs: Dialogs, error: unknown, [prefix, network]: FailureTexts): void {
  void dialogs.alert({ title: prefix, message: errorText(error, { prefix: `${prefix}: `, fallback: network }) });
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
