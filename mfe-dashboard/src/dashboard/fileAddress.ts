/**
 * The open file in the address, `/dashboard?folder=…&file=…` (the form statement sources and
 * the brag document already link files with): a reload, Back from another page or a link opened
 * in a new tab opens that file again rather than the About me view.
 */
export function fileSearch(file: { folder: string; name: string } | null): string {
  return file ? `?${new URLSearchParams({ folder: file.folder, file: file.name }).toString()}` : '';
}

/** The file an address names: its folder and name, both needed. */
export function fileFromSearch(search: string): { folder: string; fileName: string } | null {
  const params = new URLSearchParams(search);
  const folder = params.get('folder')?.trim();
  const fileName = params.get('file')?.trim();
  return folder && fileName ? { folder, fileName } : null;
}
