import type { QueryClient } from '@tanstack/react-query';
import { fileIndexQuery, type FileIndex, type FileSummary } from './api/files';
import { foldersQuery, type Folder } from './api/folders';
import { nameKey } from './labels';

/*
 * The explorer's list is two cached reads, GET /folders and GET /files, merged. A write the
 * explorer makes is shown by editing those two answers in the query cache (what the server
 * now holds), so every reader of them sees it, and the next listing confirms it.
 */

/** A folder as the explorer shows it: GET /folders order, its files from GET /files by position. */
export interface ExplorerFolder {
  name: string;
  description: string;
  files: FileSummary[];
}

/**
 * Folders in GET /folders order (positions), each with its files from GET /files. The order
 * never comes from the keys of GET /files: browsers put integer-like keys ("2024") first.
 */
export function mergeListing(folders: readonly Pick<Folder, 'name' | 'description' | 'position'>[], index: FileIndex): ExplorerFolder[] {
  const byKey = new Map<string, FileSummary[]>();
  for (const [name, files] of Object.entries(index)) if (Array.isArray(files)) byKey.set(nameKey(name), files);
  const sorted = [...folders].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const out: ExplorerFolder[] = sorted.map((f) => ({
    name: f.name,
    description: f.description ?? '',
    files: byKey.get(nameKey(f.name)) ?? [],
  }));
  const seen = new Set(out.map((f) => nameKey(f.name)));
  // A folder GET /files knows but GET /folders did not list (created in between): keep it, at the end.
  for (const [name, files] of Object.entries(index)) {
    if (!seen.has(nameKey(name)) && Array.isArray(files)) out.push({ name, description: '', files });
  }
  return out;
}

/** `mergeListing` that answers the same list for the same two answers (rows compare by identity). */
export function listingMerger(): (folders: readonly Folder[] | undefined, index: FileIndex | undefined) => ExplorerFolder[] {
  let last: { folders: readonly Folder[] | undefined; index: FileIndex | undefined; list: ExplorerFolder[] } | null = null;
  return (folders, index) => {
    if (last && last.folders === folders && last.index === index) return last.list;
    const list = folders && index ? mergeListing(folders, index) : [];
    last = { folders, index, list };
    return list;
  };
}

export interface FileLocation {
  folder: ExplorerFolder;
  file: FileSummary;
  index: number;
}

export function findFile(folders: readonly ExplorerFolder[], id: number): FileLocation | null {
  for (const folder of folders) {
    const index = folder.files.findIndex((f) => f.id === id);
    if (index >= 0) return { folder, file: folder.files[index]!, index };
  }
  return null;
}

export function findFolder(folders: readonly ExplorerFolder[], name: string): ExplorerFolder | undefined {
  const key = nameKey(name);
  return folders.find((f) => nameKey(f.name) === key);
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The key GET /files lists a folder under (names compare without case), if any. */
const keyIn = (index: FileIndex, folder: string) => Object.keys(index).find((name) => nameKey(name) === nameKey(folder));
const nextPosition = (folders: readonly Folder[]) => folders.reduce((max, f) => Math.max(max, f.position + 1), 0);

/** Edits of the two cached answers; each leaves an answer that is not loaded yet alone. */
export function listingEdits(client: QueryClient) {
  const folders = (edit: (list: Folder[]) => Folder[]) =>
    client.setQueryData(foldersQuery().queryKey, (answer) => answer && { ...answer, folders: edit(answer.folders) });
  const files = (edit: (index: FileIndex) => FileIndex) => client.setQueryData(fileIndexQuery().queryKey, (index) => index && edit(index));
  const inFolder = (folder: string, edit: (files: FileSummary[]) => FileSummary[]) =>
    files((index) => {
      const key = keyIn(index, folder) ?? folder;
      return { ...index, [key]: edit(index[key] ?? []) };
    });
  const eachFolder = (edit: (files: FileSummary[]) => FileSummary[]) =>
    files((index) => Object.fromEntries(Object.entries(index).map(([name, list]) => [name, edit(list)])));

  return {
    addFolder(folder: { name: string; description: string; position?: number }) {
      folders((list) => [...list, { name: folder.name, description: folder.description, position: folder.position ?? nextPosition(list) }]);
      inFolder(folder.name, (list) => list);
    },
    updateFolder(name: string, changes: { name: string; description: string }) {
      folders((list) => list.map((f) => (nameKey(f.name) === nameKey(name) ? { ...f, ...changes } : f)));
      files((index) => {
        const key = keyIn(index, name);
        if (key === undefined || key === changes.name) return index;
        const { [key]: moved, ...rest } = index;
        return { ...rest, [changes.name]: moved ?? [] };
      });
    },
    removeFolder(name: string) {
      folders((list) => list.filter((f) => nameKey(f.name) !== nameKey(name)));
      files((index) => Object.fromEntries(Object.entries(index).filter(([key]) => nameKey(key) !== nameKey(name))));
    },
    /** The folders in this order (positions follow it). */
    orderFolders(order: readonly ExplorerFolder[]) {
      folders(() => order.map((f, position) => ({ name: f.name, description: f.description, position })));
    },
    addFile(folder: string, file: FileSummary) {
      inFolder(folder, (list) => (list.some((f) => f.id === file.id) ? list : [...list, file]));
    },
    updateFile(id: number, changes: Partial<Pick<FileSummary, 'name' | 'description'>>) {
      eachFolder((list) => (list.some((f) => f.id === id) ? list.map((f) => (f.id === id ? { ...f, ...changes } : f)) : list));
    },
    removeFile(id: number) {
      eachFolder((list) => (list.some((f) => f.id === id) ? list.filter((f) => f.id !== id) : list));
    },
    /** A folder's files in this order. */
    orderFiles(folder: string, order: FileSummary[]) {
      inFolder(folder, () => order);
    },
  };
}
