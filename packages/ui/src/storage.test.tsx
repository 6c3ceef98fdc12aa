/** @jest-environment jsdom */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { readStored, removeStored, useLocalStorage, writeStored } from './storage';

beforeEach(() => localStorage.clear());

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
