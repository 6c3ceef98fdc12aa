import { FILE_NAME_MAX, FOLDER_NAME_MAX, nameKey, normalizeFileName, normalizeFolderName } from '@cc/contracts/names';
import { TEXT } from './texts';

/** The characters svc-files refuses in a name (it would read as a path). */
const hasSlash = (name: string) => /[/\\]/.test(name);

/** Another entry of the list already has this name (case ignored); `current` is the one being renamed. */
function taken(name: string, list: readonly { name: string }[], current: string | undefined): boolean {
  const key = nameKey(name);
  if (current !== undefined && nameKey(current) === key) return false;
  return list.some((entry) => nameKey(entry.name) === key);
}

/**
 * What is wrong with a folder name as typed, in the words the service would use (docs/dashboard.md#folders:
 * required, not an existing folder), or null. Checked as the user types, before any call.
 */
export function folderNameProblem(raw: string, folders: readonly { name: string }[], current?: string): string | null {
  const name = normalizeFolderName(raw);
  if (!name) return TEXT.folderNameRequired;
  if (hasSlash(name)) return TEXT.folderNameSlash;
  if (name.length > FOLDER_NAME_MAX) return TEXT.folderNameTooLong;
  return taken(name, folders, current) ? TEXT.folderExists : null;
}

/** The same for a file name within its folder (the name rules applied first: `_` → space, `.md`). */
export function fileNameProblem(raw: string, siblings: readonly { name: string }[], current?: string): string | null {
  const name = normalizeFileName(raw);
  if (!name) return TEXT.fileNameRequired;
  if (hasSlash(name)) return TEXT.fileNameSlash;
  if (name.length > FILE_NAME_MAX) return TEXT.fileNameTooLong;
  return taken(name, siblings, current) ? TEXT.fileExists : null;
}
