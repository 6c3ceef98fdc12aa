/**
 * The folder and file name rules (docs/dashboard.md#files), without zod: the browser imports them from
 * `@cc/contracts/names` so that a page does not pull zod into its bundle. `files.ts`
 * re-exports them for the services.
 */

/** Longest folder name, file name (with `.md`) and description (docs/dashboard.md#limits-and-delays). */
export const FOLDER_NAME_MAX = 100;
export const FILE_NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;

/**
 * The key two folder (or file) names are the same by: a user's folders, and a folder's files,
 * are unique regardless of case, as the service compares them.
 */
export const nameKey = (name: string): string => name.toLowerCase();

/** Line breaks, tabs and other control characters become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
const controlsToSpaces = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ');

/** Folder names: trimmed. */
export function normalizeFolderName(raw: string): string {
  return controlsToSpaces(raw).trim();
}

/**
 * File names: trimmed, underscores become spaces, `.md` appended if missing (an `.MD`
 * ending becomes `.md`). A name with nothing before `.md` normalises to ''.
 */
export function normalizeFileName(raw: string): string {
  const spaced = controlsToSpaces(raw).replace(/_/g, ' ').trim();
  const base = spaced.replace(/\.md$/i, '').trim();
  return base ? `${base}.md` : '';
}
