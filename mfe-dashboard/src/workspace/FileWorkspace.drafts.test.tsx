/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  api,
  contentSaves,
  editorReady,
  editorText,
  renderWorkspace,
  setUpFileWorkspaceTests,
  status,
} from '../testing/fileWorkspaceHarness';
import type { DraftRequest } from './types';

setUpFileWorkspaceTests();

describe('FileWorkspace: AI drafts', () => {
  const request = (kind: DraftRequest['kind']): DraftRequest => ({
    key: `k-${kind}`,
    kind,
    fileId: 7,
    folder: 'work-profile',
    name: 'Resume.md',
    description: 'My CV',
  });

  it('a suggestion draft is shown as an all-added diff', async () => {
    api.drafts.push('# Resume\n\nDrafted');
    const onDraftHandled = jest.fn();
    renderWorkspace({ draftRequest: request('suggestion'), onDraftHandled });
    await editorReady();
    const diff = await screen.findByTestId('diff-view');
    expect(onDraftHandled).toHaveBeenCalledTimes(1);
    expect(
      within(diff)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-type')),
    ).toEqual(['added', 'added', 'added']);
    expect(api.writes('/profile/generate_file_draft')[0]!.body).toEqual({
      folder: 'work-profile',
      name: 'Resume.md',
      description: 'My CV',
    });
  });

  it('generate: Cancel aborts silently', async () => {
    api.holdDrafts = true;
    renderWorkspace({ draftRequest: request('generate') });
    await editorReady();
    const indicator = await screen.findByTestId('draft-indicator');
    fireEvent.click(within(indicator).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('draft-indicator')).toBeNull());
    await act(async () => undefined);
    expect(status()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(contentSaves()).toHaveLength(0);
  });

  it('generate: the draft is applied and saved (Draft saved); Undo restores the previous text (Reverted)', async () => {
    api.holdDrafts = true;
    renderWorkspace({ draftRequest: request('generate') });
    const view = await editorReady();
    await screen.findByTestId('draft-indicator');
    act(() => api.answerDraft('# Resume\n\nAI version'));
    await waitFor(() => expect(status()).toBe('Draft saved'));
    expect(editorText(view)).toBe('# Resume\n\nAI version');
    expect(api.files.get(7)!.content).toBe('# Resume\n\nAI version');
    fireEvent.click(within(screen.getByTestId('undo-indicator')).getByRole('button', { name: 'Undo' }));
    expect(editorText(view)).toBe('# Resume\n\nHello');
    await waitFor(() => expect(status()).toBe('Reverted'));
    expect(api.files.get(7)!.content).toBe('# Resume\n\nHello');
  });

  it('generate: a failed revert says Revert failed', async () => {
    renderWorkspace({ draftRequest: request('generate') });
    await editorReady();
    await waitFor(() => expect(status()).toBe('Draft saved'));
    api.filesDown = true;
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(status()).toBe('Revert failed'));
  });
});
