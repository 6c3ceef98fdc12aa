import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileSummary, FilesIndexAnswer, Folder } from '@cc/contracts';
import { fetchFolders } from './api/folders';
import { fetchFileIndex } from './api/files';
import { nameKey } from './labels';
import { dropOrphanFileDrafts } from '../workspace/orphanDrafts';

/** A folder as the explorer shows it: GET /folders order, its files from GET /files by position. */
export interface ExplorerFolder {
  name: string;
  description: string;
  files: FileSummary[];
}

export type ExplorerStatus = 'loading' | 'ready' | 'error';

/** Files a folder shows at first when expanded; "Show more" adds this many again. */
export const FILE_PAGE = 200;

/**
 * Folders in GET /folders order (positions), each with its files from GET /files. The order
 * never comes from the keys of GET /files: browsers put integer-like keys ("2024") first.
 */
export function mergeListing(folders: Pick<Folder, 'name' | 'description' | 'position'>[], index: FilesIndexAnswer): ExplorerFolder[] {
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

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export interface Explorer {
  status: ExplorerStatus;
  folders: ExplorerFolder[];
  /** Always the latest list (for timers and async handlers). */
  current: () => ExplorerFolder[];
  /** Loads both lists again; resolves with the new list (null when the load failed, silently). */
  reload: () => Promise<ExplorerFolder[] | null>;
  isExpanded: (name: string) => boolean;
  toggle: (name: string) => void;
  /** Expands a folder and asks the explorer to scroll it into view. */
  reveal: (name: string, fileId?: number) => void;
  revealTarget: { folder: string; fileId?: number; seq: number } | null;
  /** How many of a folder's files are rendered (long folders are shown a page at a time). */
  fileLimit: (name: string) => number;
  showMore: (name: string) => void;
  addFolder: (folder: { name: string; description?: string }) => void;
  updateFolder: (name: string, changes: { name: string; description: string }) => void;
  removeFolder: (name: string) => void;
  /** Returns the new order of names, or null when nothing moved. */
  moveFolder: (from: number, to: number) => string[] | null;
  addFile: (folder: string, file: FileSummary) => void;
  updateFile: (id: number, changes: Partial<Pick<FileSummary, 'name' | 'description'>>) => void;
  removeFile: (id: number) => void;
  /** Returns the folder's new order of ids, or null when nothing moved. */
  moveFile: (folder: string, from: number, to: number) => number[] | null;
}

/** The explorer's data: loads GET /folders and GET /files together; local updates after each successful call. */
export function useExplorer(): Explorer {
  const [folders, setFolders] = useState<ExplorerFolder[]>([]);
  const [status, setStatus] = useState<ExplorerStatus>('loading');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [limits, setLimits] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [revealTarget, setRevealTarget] = useState<Explorer['revealTarget']>(null);
  const ref = useRef<ExplorerFolder[]>(folders);
  const loadSeq = useRef(0);

  const commit = useCallback((next: ExplorerFolder[]) => {
    ref.current = next;
    setFolders(next);
  }, []);
  const update = useCallback((fn: (list: ExplorerFolder[]) => ExplorerFolder[]) => commit(fn(ref.current)), [commit]);

  const reload = useCallback(async () => {
    const seq = ++loadSeq.current;
    const listedAt = Date.now();
    try {
      const [folderAnswer, index] = await Promise.all([fetchFolders(), fetchFileIndex()]);
      if (seq !== loadSeq.current) return ref.current;
      const next = mergeListing(folderAnswer.folders ?? [], index ?? {});
      commit(next);
      setStatus('ready');
      dropOrphanFileDrafts(
        next.flatMap((f) => f.files.map((file) => file.id)),
        listedAt,
      );
      return next;
    } catch {
      // Folder and file loads fail silently (the explorer keeps what it had; docs/dashboard.md#messages).
      if (seq === loadSeq.current) setStatus((s) => (s === 'loading' ? 'error' : s));
      return null;
    }
  }, [commit]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const toggle = useCallback((name: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      const key = nameKey(name);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const expand = useCallback((name: string) => {
    setExpanded((prev) => (prev.has(nameKey(name)) ? prev : new Set(prev).add(nameKey(name))));
  }, []);

  const reveal = useCallback(
    (name: string, fileId?: number) => {
      expand(name);
      if (fileId !== undefined) {
        // Make sure the row is rendered when the folder is long.
        const folder = findFolder(ref.current, name);
        const index = folder ? folder.files.findIndex((f) => f.id === fileId) : -1;
        if (index >= FILE_PAGE) setLimits((prev) => new Map(prev).set(nameKey(name), Math.ceil((index + 1) / FILE_PAGE) * FILE_PAGE));
      }
      setRevealTarget((prev) => ({ folder: name, fileId, seq: (prev?.seq ?? 0) + 1 }));
    },
    [expand],
  );

  const renameKey = <V>(prev: ReadonlyMap<string, V> | ReadonlySet<string>, from: string, to: string) => {
    if (from === to) return prev;
    if (prev instanceof Set) {
      if (!prev.has(from)) return prev;
      const next = new Set(prev);
      next.delete(from);
      next.add(to);
      return next;
    }
    const map = prev as ReadonlyMap<string, V>;
    if (!map.has(from)) return prev;
    const next = new Map(map);
    next.set(to, map.get(from) as V);
    next.delete(from);
    return next;
  };

  const api = useMemo<Omit<Explorer, 'status' | 'folders' | 'revealTarget' | 'isExpanded' | 'fileLimit'>>(
    () => ({
      current: () => ref.current,
      reload,
      toggle,
      reveal,
      showMore: (name) => setLimits((prev) => new Map(prev).set(nameKey(name), (prev.get(nameKey(name)) ?? FILE_PAGE) + FILE_PAGE)),
      addFolder: (folder) => {
        if (findFolder(ref.current, folder.name)) return;
        update((list) => [...list, { name: folder.name, description: folder.description ?? '', files: [] }]);
      },
      updateFolder: (name, changes) => {
        const from = nameKey(name);
        const to = nameKey(changes.name);
        update((list) => list.map((f) => (nameKey(f.name) === from ? { ...f, name: changes.name, description: changes.description } : f)));
        setExpanded((prev) => renameKey(prev, from, to) as ReadonlySet<string>);
        setLimits((prev) => renameKey(prev, from, to) as ReadonlyMap<string, number>);
      },
      removeFolder: (name) => {
        const key = nameKey(name);
        update((list) => list.filter((f) => nameKey(f.name) !== key));
      },
      moveFolder: (from, to) => {
        const list = ref.current;
        if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return null;
        const next = move(list, from, to);
        commit(next);
        return next.map((f) => f.name);
      },
      addFile: (folder, file) => {
        const key = nameKey(folder);
        if (!findFolder(ref.current, folder)) {
          // POST /files creates a missing folder (folder_created): show it at the end.
          update((list) => [...list, { name: folder, description: '', files: [file] }]);
          return;
        }
        update((list) =>
          list.map((f) =>
            nameKey(f.name) === key ? { ...f, files: f.files.some((x) => x.id === file.id) ? f.files : [...f.files, file] } : f,
          ),
        );
      },
      updateFile: (id, changes) => {
        update((list) =>
          list.map((f) =>
            f.files.some((x) => x.id === id) ? { ...f, files: f.files.map((x) => (x.id === id ? { ...x, ...changes } : x)) } : f,
          ),
        );
      },
      removeFile: (id) => {
        update((list) => list.map((f) => (f.files.some((x) => x.id === id) ? { ...f, files: f.files.filter((x) => x.id !== id) } : f)));
      },
      moveFile: (folder, from, to) => {
        const target = findFolder(ref.current, folder);
        if (!target || from === to || from < 0 || to < 0 || from >= target.files.length || to >= target.files.length) return null;
        const files = move(target.files, from, to);
        update((list) => list.map((f) => (f === target ? { ...f, files } : f)));
        return files.map((f) => f.id);
      },
    }),
    [reload, toggle, reveal, update, commit],
  );

  return {
    ...api,
    status,
    folders,
    revealTarget,
    isExpanded: (name) => expanded.has(nameKey(name)),
    fileLimit: (name) => limits.get(nameKey(name)) ?? FILE_PAGE,
  };
}
