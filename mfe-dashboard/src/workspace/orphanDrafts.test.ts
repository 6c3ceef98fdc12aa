/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { renderHook, waitFor } from '@testing-library/react';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { useExplorer } from '../explorer/useExplorer';
import { draftKey } from './fileAutosaves';
import { dropOrphanFileDrafts } from './orphanDrafts';

const draft = (content: string, at = 1) => JSON.stringify({ content, base: 1, at });

beforeEach(() => {
  localStorage.clear();
  setStorageAccount('42');
});
afterEach(() => forgetStorageAccount());

describe('drafts of files that no longer exist', () => {
  it('are dropped, every text of the file; drafts of existing files and other keys stay', () => {
    localStorage.setItem(draftKey(7, 'full'), draft('mine'));
    localStorage.setItem(draftKey(8, 'full'), draft('of a deleted file'));
    localStorage.setItem(draftKey(8, 'summary'), draft('its summary'));
    localStorage.setItem(draftKey(80, 'goals'), draft('goals of file 80'));
    localStorage.setItem('cc:draft:journal:42:2026-01-05', draft('journal'));
    localStorage.setItem('chat:notes/a.md', JSON.stringify({ conversationHistory: [] }));

    expect(dropOrphanFileDrafts([7, 80], 1000)).toBe(2);
    expect(localStorage.getItem(draftKey(8, 'full'))).toBeNull();
    expect(localStorage.getItem(draftKey(8, 'summary'))).toBeNull();
    for (const key of [draftKey(7, 'full'), draftKey(80, 'goals'), 'cc:draft:journal:42:2026-01-05', 'chat:notes/a.md']) {
      expect(localStorage.getItem(key)).not.toBeNull();
    }
  });

  it('keep a draft written after the listing was asked for (its file may be newer than the list)', () => {
    localStorage.setItem(draftKey(9, 'full'), draft('typed in a file created meanwhile', 2000));
    expect(dropOrphanFileDrafts([7], 1000)).toBe(0);
    expect(localStorage.getItem(draftKey(9, 'full'))).not.toBeNull();
  });

  it('are dropped when the explorer loads the list of files', async () => {
    localStorage.setItem(draftKey(7, 'full'), draft('mine'));
    localStorage.setItem(draftKey(8, 'full'), draft('of a file deleted on another device'));
    const api = installContractApi({
      'GET /folders': () => ({ success: true, folders: [{ name: 'notes', description: '', position: 0 }] }),
      'GET /files': () => ({ notes: [{ id: 7, name: 'a.md', description: '' }] }),
    });
    const { result } = renderHook(() => useExplorer(), { wrapper: withQueries() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(localStorage.getItem(draftKey(8, 'full'))).toBeNull();
    expect(localStorage.getItem(draftKey(7, 'full'))).not.toBeNull();
    api.assertNoViolations();
    api.uninstall();
  });
});
