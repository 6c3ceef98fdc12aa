import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient, type Query, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { fileIndexQuery, type FileIndex, type FileSummary } from './api/files';
import { foldersQuery } from './api/folders';
import { nameKey } from './labels';
import { findFolder, listingEdits, listingMerger, move, type ExplorerFolder } from './listing';
import { dropOrphanFileDrafts } from '../workspace/orphanDrafts';

export { findFile, findFolder, mergeListing, type ExplorerFolder, type FileLocation } from './listing';

export type ExplorerStatus = 'loading' | 'ready' | 'error';

/** Files a folder shows at first when expanded; "Show more" adds this many again. */
export const FILE_PAGE = 200;

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
  addFolder: (folder: { name: string; description?: string; position?: number }) => void;
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

/**
 * Each visit shows the cached lists at once and asks again (the lists change in other tabs and
 * pages); an unchanged GET /files comes back as a 304, its body from the browser's HTTP cache.
 */
const FOLDERS = { ...foldersQuery(), staleTime: 0 };

/** GET /files; after each listing, the unsaved drafts of files that are gone are dropped. */
const FILES = (() => {
  const query = fileIndexQuery();
  const list = query.queryFn as QueryFunction<FileIndex, QueryKey>;
  const queryFn: QueryFunction<FileIndex, QueryKey> = async (context) => {
    // A draft written after the request left may be of a file the listing cannot know yet.
    const listedAt = Date.now();
    const index = await list(context);
    dropOrphanFileDrafts(
      Object.values(index).flatMap((files) => files.map((f) => f.id)),
      listedAt,
    );
    return index;
  };
  return { ...query, queryFn, staleTime: 0 };
})();

/**
 * Except on the explorer's first showing in a page load, when the lists were read in the last
 * few seconds: then they were read for this very visit, by the shell's early reads of a cold
 * visit (the route table's `firstRequests` for /dashboard, handed to the cache as the page's code
 * arrived), and asking again would be a second request for the same answer. The same few seconds
 * the shell takes an early answer as fresh for. Later showings (back from the trash, where a file
 * was restored) ask again whatever the age. Kept per QueryClient: one per page load and account.
 */
export const JUST_READ_MS = 5_000;
const shownWith = new WeakSet<QueryClient>();
const unlessJustRead = (query: Pick<Query, 'state'>) => Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;

/**
 * The explorer's data: GET /folders and GET /files through the page's QueryClient, merged; its
 * writes edit those cached answers (listing.ts) once the server took them. Which folders are
 * expanded, how many files a long one shows and what to scroll to are this page's own state.
 */
export function useExplorer(): Explorer {
  const client = useQueryClient();
  const refetchOnMount = shownWith.has(client) ? true : unlessJustRead;
  const folderQuery = useQuery({ ...FOLDERS, refetchOnMount });
  const fileQuery = useQuery({ ...FILES, refetchOnMount });
  useEffect(() => {
    shownWith.add(client);
  }, [client]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [limits, setLimits] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [revealTarget, setRevealTarget] = useState<Explorer['revealTarget']>(null);
  const [merge] = useState(listingMerger);

  const folders = merge(folderQuery.data?.folders, fileQuery.data);
  const status: ExplorerStatus =
    folderQuery.data && fileQuery.data ? 'ready' : folderQuery.isError || fileQuery.isError ? 'error' : 'loading';

  // The cache, not the last render: timers and async handlers see a write made a moment ago.
  const current = useCallback(
    () => merge(client.getQueryData(FOLDERS.queryKey)?.folders, client.getQueryData(FILES.queryKey)),
    [client, merge],
  );
  const currentRef = useRef(current);
  currentRef.current = current;

  const reload = useCallback(async () => {
    try {
      const [folderAnswer, index] = await Promise.all([client.fetchQuery(FOLDERS), client.fetchQuery(FILES)]);
      return merge(folderAnswer.folders, index);
    } catch {
      // Folder and file loads fail silently (the explorer keeps what it had; docs/dashboard.md#messages).
      return null;
    }
  }, [client, merge]);

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
        const folder = findFolder(currentRef.current(), name);
        const index = folder ? folder.files.findIndex((f) => f.id === fileId) : -1;
        if (index >= FILE_PAGE) setLimits((prev) => new Map(prev).set(nameKey(name), Math.ceil((index + 1) / FILE_PAGE) * FILE_PAGE));
      }
      setRevealTarget((prev) => ({ folder: name, fileId, seq: (prev?.seq ?? 0) + 1 }));
    },
    [expand],
  );

  const actions = useMemo<Omit<Explorer, 'status' | 'folders' | 'revealTarget' | 'isExpanded' | 'fileLimit'>>(() => {
    const edits = listingEdits(client);
    return {
      current,
      reload,
      toggle,
      reveal,
      showMore: (name) => setLimits((prev) => new Map(prev).set(nameKey(name), (prev.get(nameKey(name)) ?? FILE_PAGE) + FILE_PAGE)),
      addFolder: (folder) => {
        if (findFolder(current(), folder.name)) return;
        edits.addFolder({ name: folder.name, description: folder.description ?? '', position: folder.position });
      },
      updateFolder: (name, changes) => {
        const from = nameKey(name);
        const to = nameKey(changes.name);
        edits.updateFolder(name, changes);
        setExpanded((prev) => renameKey(prev, from, to));
        setLimits((prev) => renameKey(prev, from, to));
      },
      removeFolder: (name) => edits.removeFolder(name),
      moveFolder: (from, to) => {
        const list = current();
        if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return null;
        const next = move(list, from, to);
        edits.orderFolders(next);
        return next.map((f) => f.name);
      },
      addFile: (folder, file) => {
        // POST /files creates a missing folder (folder_created): it shows at the end.
        if (!findFolder(current(), folder)) edits.addFolder({ name: folder, description: '' });
        edits.addFile(folder, file);
      },
      updateFile: (id, changes) => edits.updateFile(id, changes),
      removeFile: (id) => edits.removeFile(id),
      moveFile: (folder, from, to) => {
        const target = findFolder(current(), folder);
        if (!target || from === to || from < 0 || to < 0 || from >= target.files.length || to >= target.files.length) return null;
        const files = move(target.files, from, to);
        edits.orderFiles(target.name, files);
        return files.map((f) => f.id);
      },
    };
  }, [client, current, reload, toggle, reveal]);

  return {
    ...actions,
    status,
    folders,
    revealTarget,
    isExpanded: (name) => expanded.has(nameKey(name)),
    fileLimit: (name) => limits.get(nameKey(name)) ?? FILE_PAGE,
  };
}

/** A folder's expanded flag or page count follows its rename. */
function renameKey<S extends ReadonlySet<string> | ReadonlyMap<string, number>>(prev: S, from: string, to: string): S {
  if (from === to || !prev.has(from)) return prev;
  if (prev instanceof Set) {
    const next = new Set(prev);
    next.delete(from);
    next.add(to);
    return next as unknown as S;
  }
  const map = prev as ReadonlyMap<string, number>;
  const next = new Map(map);
  next.set(to, map.get(from)!);
  next.delete(from);
  return next as unknown as S;
}
