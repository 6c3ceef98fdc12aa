import type { OpenOnLoadHint } from '@cc/ui/open-hint';

/**
 * The open file in the address, `/dashboard?folder=…&file=…` (the form statement sources and
 * the brag document already link files with): a reload, Back from another page or a link opened
 * in a new tab opens that file again rather than the About me view.
 */
export function fileSearch(file: { folder: string; name: string } | null): string {
  return file ? `?${new URLSearchParams({ folder: file.folder, file: file.name }).toString()}` : '';
}

/** The file an address names, as an open-on-load hint (never offering to create a missing one). */
export type AddressHint = OpenOnLoadHint & { fromAddress: true };

export function hintFromSearch(search: string): AddressHint | null {
  const params = new URLSearchParams(search);
  const folder = params.get('folder')?.trim();
  const fileName = params.get('file')?.trim();
  return folder && fileName ? { folder, fileName, fromAddress: true } : null;
}
