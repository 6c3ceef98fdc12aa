/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { storeOpenOnLoad, takeOpenOnLoad } from './open-hint';
import {
  ACCOUNT_KEY,
  clearAccountStorage,
  forgetStorageAccount,
  readStored,
  removeStored,
  setStorageAccount,
  storageAccount,
  storedIsMine,
  storedKeys,
  useLocalStorage,
  writeStored,
} from './storage';

beforeEach(() => localStorage.clear());
afterEach(() => forgetStorageAccount());

describe('storage helpers', () => {
  it('reads and writes JSON, and tolerates junk', () => {
    expect(writeStored('k', { a: 1 })).toBe(true);
    expect(readStored('k')).toEqual({ a: 1 });
    localStorage.setItem('bad', '{not json');
    expect(readStored('bad')).toBeUndefined();
    removeStored('k');
    expect(readStored('k')).toBeUndefined();
  });

  it('useLocalStorage keeps a value per key', () => {
    localStorage.setItem('aiFoldersCount', '7');
    const { result, rerender } = renderHook(({ key }) => useLocalStorage(key, 5), { initialProps: { key: 'aiFoldersCount' } });
    expect(result.current[0]).toBe(7);
    act(() => result.current[1]((n) => n + 1));
    expect(result.current[0]).toBe(8);
    expect(localStorage.getItem('aiFoldersCount')).toBe('8');
    rerender({ key: 'aiFilesCount' });
    expect(result.current[0]).toBe(5);
  });
});

describe('storage: one account at a time', () => {
  it('keeps the spec key names and formats and records the owning account beside them', () => {
    setStorageAccount(42);
    writeStored('aiFoldersCount', 8);
    writeStored('chat:journal/2026-01-05.md', { conversationHistory: [{ role: 'user', content: 'hi' }] });
    expect(localStorage.getItem('aiFoldersCount')).toBe('8');
    expect(JSON.parse(localStorage.getItem('chat:journal/2026-01-05.md')!)).toEqual({
      conversationHistory: [{ role: 'user', content: 'hi' }],
    });
    expect(localStorage.getItem(ACCOUNT_KEY)).toBe('42');
    expect(storageAccount()).toBe('42');
    expect(storedIsMine()).toBe(true);
    expect(storedKeys('chat:')).toEqual(['chat:journal/2026-01-05.md']);
  });

  it('the same account signing in again (a reload) keeps its values', () => {
    setStorageAccount('42');
    writeStored('cc:draft:file:7', { content: 'unsaved', at: 1 });
    forgetStorageAccount();
    setStorageAccount('42');
    expect(readStored('cc:draft:file:7')).toEqual({ content: 'unsaved', at: 1 });
  });

  it('another account signing in removes everything the first one kept', () => {
    setStorageAccount('1');
    writeStored('chat:journal/2026-01-05.md', { conversationHistory: [{ role: 'user', content: 'private' }] });
    writeStored('aiFilesCount', 3);
    writeStored('cc:draft:journal:1:2026-01-05', { content: 'dear diary', at: 1 });
    setStorageAccount('2');
    expect(localStorage.getItem('chat:journal/2026-01-05.md')).toBeNull();
    expect(localStorage.getItem('aiFilesCount')).toBeNull();
    expect(localStorage.getItem('cc:draft:journal:1:2026-01-05')).toBeNull();
    expect(localStorage.getItem(ACCOUNT_KEY)).toBe('2');
  });

  it('values of no recorded owner are removed once the account is known', () => {
    localStorage.setItem('chat:notes/ideas.md', JSON.stringify({ conversationHistory: [{ role: 'user', content: 'whose?' }] }));
    expect(storedIsMine()).toBe(false);
    setStorageAccount('2');
    expect(readStored('chat:notes/ideas.md')).toBeUndefined();
    expect(localStorage.getItem('chat:notes/ideas.md')).toBeNull();
  });

  it('sign-out removes everything and refuses late writes until the next sign-in', () => {
    setStorageAccount('1');
    writeStored('aiFoldersCount', 9);
    clearAccountStorage();
    expect(localStorage.length).toBe(0);
    expect(storageAccount()).toBeNull();
    // e.g. an editor saving its draft as the page unmounts after sign-out
    expect(writeStored('cc:draft:file:7', { content: 'late', at: 1 })).toBe(false);
    expect(localStorage.length).toBe(0);
    setStorageAccount('2');
    expect(writeStored('aiFoldersCount', 4)).toBe(true);
    expect(readStored('aiFoldersCount')).toBe(4);
  });

  it('a page whose account was replaced in another tab neither reads nor writes', () => {
    setStorageAccount('1');
    // Another tab signed out and signed in as account 2.
    localStorage.clear();
    localStorage.setItem(ACCOUNT_KEY, '2');
    localStorage.setItem('chat:journal/2026-01-05.md', JSON.stringify({ conversationHistory: [{ role: 'user', content: 'of 2' }] }));
    expect(storedIsMine()).toBe(false);
    expect(readStored('chat:journal/2026-01-05.md')).toBeUndefined();
    expect(storedKeys()).toEqual([]);
    expect(writeStored('chat:journal/2026-01-05.md', { conversationHistory: [{ role: 'user', content: 'of 1' }] })).toBe(false);
    removeStored('chat:journal/2026-01-05.md');
    expect(JSON.parse(localStorage.getItem('chat:journal/2026-01-05.md')!).conversationHistory[0].content).toBe('of 2');
  });

  it('the open-on-load hint is one account’s too', () => {
    setStorageAccount('1');
    storeOpenOnLoad({ folder: 'coaching', fileName: 'weekly_review.md' });
    setStorageAccount('2');
    expect(takeOpenOnLoad()).toBeNull();
    storeOpenOnLoad({ folder: 'coaching', fileName: 'mine.md', startChat: true });
    expect(takeOpenOnLoad()).toEqual({ folder: 'coaching', fileName: 'mine.md', startChat: true });
    expect(takeOpenOnLoad()).toBeNull();
  });
});
