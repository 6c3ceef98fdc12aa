import { fileAddress, readDashboardAddress } from '@cc/contracts/addresses';

/**
 * The open file in the address, `/dashboard?folder=…&file=…` (`fileAddress`, the form every link
 * to a file is written in): a reload, Back from another page or a link opened in a new tab opens
 * that file again rather than the About me view. The query part alone, for the page's own address.
 */
export function fileSearch(file: { folder: string; name: string } | null): string {
  return file ? fileAddress(file.folder, file.name).slice('/dashboard'.length) : '';
}

/** The file an address names: its folder and name, both needed. */
export const fileFromSearch = (search: string) => readDashboardAddress(search).file;

/** Whether the address asks for About me (`?about=me`, or a statement: `?about=statements&statement=3`). */
export const asksForAboutMe = (search: string) => readDashboardAddress(search).aboutMe !== null;
