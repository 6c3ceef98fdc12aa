/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  api,
  contentSaves,
  editorReady,
  editorText,
  renderWorkspace,
  setUpFileWorkspaceTests,
  status,
  typeAtEnd,
} from '../testing/fileWorkspaceHarness';

setUpFileWorkspaceTests();

describe('FileWorkspace: content modes', () => {
  it('shows Summarize with AI only in summary mode; summary edits save to /files/7/summary', async () => {
    renderWorkspace();
    const view = await editorReady();
    const bar = screen.getByTestId('content-mode-bar');
    expect(within(bar).getByRole('button', { name: 'Full' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(bar).queryByRole('button', { name: /Summarize with AI/ })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Summary' }));
    expect(within(bar).getByRole('button', { name: /Summarize with AI/ })).toBeTruthy();
    expect(editorText(view)).toBe('Old summary');
    typeAtEnd(view, ', edited');
    act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));
    await waitFor(() => expect(api.files.get(7)!.summary).toBe('Old summary, edited'));
    fireEvent.click(within(bar).getByRole('button', { name: 'Goals' }));
    expect(within(bar).queryByRole('button', { name: /Summarize with AI/ })).toBeNull();
    expect(editorText(view)).toBe('Be great');
    fireEvent.click(within(bar).getByRole('button', { name: 'Full' }));
    expect(editorText(view)).toBe('# Resume\n\nHello');
    expect(contentSaves()).toHaveLength(0);
  });

  it('summarize: Summarizing... then Summary updated, and the editor shows the new summary', async () => {
    api.summaries.push('Fresh summary');
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    fireEvent.click(screen.getByRole('button', { name: /Summarize with AI/ }));
    expect(status()).toBe('Summarizing...');
    await waitFor(() => expect(status()).toBe('Summary updated'));
    expect(editorText(view)).toBe('Fresh summary');
    expect(api.writes('/files/summarize')[0]!.body).toEqual({
      file_id: 7,
      folder: 'work-profile',
      file_name: 'Resume.md',
      content: '# Resume\n\nHello',
    });
  });

  it('summarize an empty file: no model call, the summary is cleared', async () => {
    api.files.get(7)!.content = '';
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    fireEvent.click(screen.getByRole('button', { name: /Summarize with AI/ }));
    await waitFor(() => expect(status()).toBe('Summary updated'));
    expect(api.writes('/files/summarize')).toHaveLength(0);
    expect(api.files.get(7)!.summary).toBe('');
    expect(editorText(view)).toBe('');
  });

  it('a failed summarize says Summarize failed', async () => {
    renderWorkspace();
    await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    api.filesDown = true;
    fireEvent.click(screen.getByRole('button', { name: /Summarize with AI/ }));
    await waitFor(() => expect(status()).toBe('Summarize failed'));
  });
});
