import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { removeStored, storedIsMine, writeStored } from '../storage';
import { clearConversation, fetchConversation } from './api';
import { defaultGreeting, historyOf, loadStoredConversation, storedHistoryOf, toStoredConversation, type Item } from './conversation';
import { chatStorageKey } from './keys';
import type { ChatMessage, ConversationKey } from './types';

export interface ChatConversationOptions {
  conversation: ConversationKey;
  /** First assistant line when the history is empty (default: a context-aware greeting). */
  greeting?: string;
  onHistoryChange?: (history: ChatMessage[]) => void;
  onSynced?: (history: ChatMessage[]) => void;
  /** The server's copy replaced the shown conversation, so indices into the history moved. */
  onServerHistory?: () => void;
}

export interface ChatConversation {
  /** Which conversation this is; a new value means the chat switched. */
  identity: string;
  items: Item[];
  history: ChatMessage[];
  active: boolean;
  /** Bumped on every switch and clear: answers for an older generation are dropped. */
  generation: RefObject<number>;
  /** Adds a line; `persist` false keeps it out of localStorage (notices, error lines). */
  append(item: Item, persist?: boolean): void;
  /** The reply to this user line failed: it stays shown but leaves the conversation (and the stored copy). Returns the line now shown (null: no longer there). */
  markFailed(item: Item): Item | null;
  /** Takes lines away (a failed line being retried, with its error line). */
  remove(items: readonly Item[]): void;
  /** Loads the stored conversation, greets when it is empty, then syncs with the server. */
  activate(): void;
  /** Shows nothing until the chat is started. */
  deactivate(): void;
  ensureActive(): void;
  isActive(): boolean;
  /** Starts over with the greeting, locally at once and then on the server. */
  clear(): Promise<void>;
  /** The conversation as it is now (the rendered `history` may lag behind). */
  currentHistory(): ChatMessage[];
  /** The conversation before this line (null: the line is no longer shown). */
  historyBefore(item: Item): ChatMessage[] | null;
  /** Settles once the start's sync with the server is over (at once when none is running). */
  whenLoaded(): Promise<void>;
  /** Whether the conversation shown is the server's (synced, or cleared here), not only this browser's copy. */
  isKnown(): boolean;
}

/**
 * One chat's conversation: the lines shown, whether the chat has started, the copy in
 * localStorage (written on every change) and the server's copy (which wins when it has one,
 * and always over a local copy not known to be this account's).
 */
export function useChatConversation(options: ChatConversationOptions): ChatConversation {
  // Latest options for the async paths (they must not recreate the callbacks).
  const latest = useRef(options);
  latest.current = options;
  const storageKey = chatStorageKey(options.conversation);
  const storageKeyRef = useRef(storageKey);
  storageKeyRef.current = storageKey;

  const [items, setItems] = useState<Item[]>([]);
  const itemsRef = useRef<Item[]>([]);
  const [active, setActive] = useState(false);
  const activeRef = useRef(false);
  const generation = useRef(0);
  const loading = useRef<Promise<void> | null>(null);
  const known = useRef(false);

  const greetingItem = useCallback(
    (): Item => ({ role: 'assistant', content: latest.current.greeting ?? defaultGreeting(latest.current.conversation), kind: 'greeting' }),
    [],
  );

  /** Sets the shown lines; `persist` writes the conversation to localStorage. */
  const commit = useCallback((next: Item[], persist = true) => {
    itemsRef.current = next;
    setItems(next);
    const history = historyOf(next);
    const key = storageKeyRef.current;
    if (persist && key) {
      if (history.length === 0) removeStored(key);
      else writeStored(key, toStoredConversation(latest.current.conversation, storedHistoryOf(next)));
    }
    latest.current.onHistoryChange?.(history);
  }, []);

  const append = useCallback((item: Item, persist = true) => commit([...itemsRef.current, item], persist), [commit]);

  const markFailed = useCallback(
    (item: Item) => {
      const at = itemsRef.current.indexOf(item);
      if (at < 0) return null;
      const next = [...itemsRef.current];
      const failed: Item = { ...item, kind: 'failed' };
      next[at] = failed;
      commit(next);
      return failed;
    },
    [commit],
  );

  const remove = useCallback(
    (gone: readonly Item[]) => {
      const next = itemsRef.current.filter((i) => !gone.includes(i));
      if (next.length !== itemsRef.current.length) commit(next);
    },
    [commit],
  );

  const markActive = useCallback((value: boolean) => {
    activeRef.current = value;
    setActive(value);
  }, []);

  const activate = useCallback(() => {
    const gen = generation.current;
    const local = loadStoredConversation(storageKeyRef.current);
    // A copy not known to be this account's may be someone else's chat on a shared browser.
    const localIsMine = storedIsMine();
    const initial: Item[] = local.length > 0 ? local : [greetingItem()];
    commit(initial, false);
    markActive(true);
    const key = latest.current.conversation;
    const shownAtStart = initial.length;
    known.current = false;
    const sync = fetchConversation(key)
      .then(
        (answer) => {
          if (gen !== generation.current) return;
          known.current = true;
          // The server wins when it has messages, and even empty over a copy of unknown owner;
          // lines added since the start are kept after them.
          const hasMessages = answer.messages.length > 0;
          if (!hasMessages && (localIsMine || local.length === 0)) return;
          commit([...(hasMessages ? answer.messages : [greetingItem()]), ...itemsRef.current.slice(shownAtStart)]);
          latest.current.onServerHistory?.();
        },
        (error: unknown) => {
          if (gen !== generation.current) return;
          console.warn('[chat] could not sync the conversation with the server; keeping the local copy', error);
        },
      )
      .then(() => {
        if (gen !== generation.current) return;
        loading.current = null;
        latest.current.onSynced?.(historyOf(itemsRef.current));
      });
    loading.current = sync;
  }, [commit, greetingItem, markActive]);

  const deactivate = useCallback(() => {
    commit([], false);
    markActive(false);
  }, [commit, markActive]);

  const ensureActive = useCallback(() => {
    if (!activeRef.current) activate();
  }, [activate]);

  const isActive = useCallback(() => activeRef.current, []);

  const clear = useCallback(async () => {
    const key = latest.current.conversation;
    commit([greetingItem()]);
    markActive(true);
    // Cleared here: an empty history is what the user wants sent, even if the server's clear fails.
    loading.current = null;
    known.current = true;
    try {
      await clearConversation(key);
    } catch (error) {
      // Cleared locally regardless of the server's answer.
      console.warn('[chat] could not clear the conversation on the server', error);
    }
  }, [commit, greetingItem, markActive]);

  const currentHistory = useCallback(() => historyOf(itemsRef.current), []);
  const historyBefore = useCallback((item: Item) => {
    const at = itemsRef.current.indexOf(item);
    return at < 0 ? null : historyOf(itemsRef.current.slice(0, at));
  }, []);
  // A sync that threw (in onSynced) is over all the same.
  const whenLoaded = useCallback(() => (loading.current ?? Promise.resolve()).catch(() => undefined), []);
  const isKnown = useCallback(() => known.current, []);
  const history = useMemo(() => historyOf(items), [items]);

  return {
    identity: storageKey ?? JSON.stringify(options.conversation),
    items,
    history,
    active,
    generation,
    append,
    markFailed,
    remove,
    activate,
    deactivate,
    ensureActive,
    isActive,
    clear,
    currentHistory,
    historyBefore,
    whenLoaded,
    isKnown,
  };
}
