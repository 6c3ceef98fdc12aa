import { nameKey } from '@cc/contracts/names';

/** File labels longer than 24 characters show 21 characters plus an ellipsis (docs/dashboard.md#files). */
export const LABEL_MAX = 24;
export const LABEL_KEEP = 21;

export function truncateLabel(name: string): string {
  // By code points, so an emoji or accented letter is never cut in half.
  const chars = Array.from(name);
  return chars.length > LABEL_MAX ? `${chars.slice(0, LABEL_KEEP).join('')}…` : name;
}

/** The file name without its .md ending (the tab title of an open file). */
export function displayName(fileName: string): string {
  return fileName.replace(/\.md$/i, '');
}

/** Folder and file names are unique ignoring case (svc-files). */
export { nameKey };
export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);
