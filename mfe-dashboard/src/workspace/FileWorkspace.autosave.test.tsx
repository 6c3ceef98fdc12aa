/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { withQueries } from '@cc/ui/testing/queries';
import {
  FILE,
  advance,
  api,
  contentSaves,
  editorReady,
  editorText,
  renderWorkspace,
  setUpFileWorkspaceTests,
  status,
  typeAtEnd,
} from '../testing/fileWorkspaceHarness';
import { FileWorkspace, draftKey } from './FileWorkspace';

setUpFileWorkspaceTests();

describe('FileWorkspace: autosave', () => {
  it('loads the file, sets the tab title and saves 1 s after the last input with the revision', async () => {
    renderWorkspace();
    const view = await editorReady();
    expect(document.title).toBe('Resume');
    expect(editorText(view)).toBe('# Resume\n\nHello');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    typeAtEnd(view, ' world');
    await advance(999);
    expect(contentSaves()).toHaveLength(0);
    await advance(1);
    expect(contentSaves()).toHaveLength(1);
    expect(contentSaves()[0]!.body).toEqual({ file: { content: '# Resume\n\nHello world', revision: 3, save_id: expect.any(String) } });
    await waitFor(() => expect(status()).toBe('Saved'));
    expect(api.files.get(7)!.content).toBe('# Resume\n\nHello world');
    expect(localStorage.getItem(draftKey(7, 'full'))).toBeNull();
  });

  it('switching to another file saves the pending edit of the previous one first', async () => {
    api.addFile({ id: 8, name: 'Goals.md', folder: 'career-goals', content: 'Other file', revision: 1 });
    const onDraftHandled = jest.fn();
    const { rerender } = render(<FileWorkspace file={FILE} draftRequest={null} onDraftHandled={onDraftHandled} />, {
      wrapper: withQueries(),
    });
    const view = await editorReady();
    typeAtEnd(view, ' (typed just before switching)');
    rerender(
      <FileWorkspace file={{ id: 8, name: 'Goals.md', folder: 'career-goals' }} draftRequest={null} onDraftHandled={onDraftHandled} />,
    );
    await waitFor(() => expect(api.files.get(7)!.content).toBe('# Resume\n\nHello (typed just before switching)'));
    const next = await editorReady();
    await waitFor(() => expect(editorText(next)).toBe('Other file'));
    expect(document.title).toBe('Goals');
  });

  it('follows a rename of the open file in the tab title', async () => {
    const onDraftHandled = jest.fn();
    const { rerender } = render(<FileWorkspace file={FILE} draftRequest={null} onDraftHandled={onDraftHandled} />, {
      wrapper: withQueries(),
    });
    await editorReady();
    rerender(<FileWorkspace file={{ ...FILE, name: 'CV 2026.md' }} draftRequest={null} onDraftHandled={onDraftHandled} />);
    expect(document.title).toBe('CV 2026');
    expect(screen.getByTestId('file-title').textContent).toBe('CV 2026');
  });

  it('ticking a task box in the preview writes [x] at that item into the editor and saves it (issue 9)', async () => {
    const content = '# Plan\n\n* [ ] call the mentor\n*   [ ]  send the deck\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    api.files.get(7)!.content = content;
    renderWorkspace();
    const view = await editorReady();
    const boxes = () => within(screen.getByTestId('markdown-preview')).getAllByRole('checkbox') as HTMLInputElement[];
    await waitFor(() => expect(boxes()).toHaveLength(2));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    act(() => {
      fireEvent.click(boxes()[1]!);
    });
    const ticked = content.replace('*   [ ]  send', '*   [x]  send');
    expect(editorText(view)).toBe(ticked);
    expect(boxes()[1]!.checked).toBe(true);
    await advance(1000);
    expect(contentSaves()).toHaveLength(1);
    expect(contentSaves()[0]!.body).toEqual({ file: { content: ticked, revision: 3, save_id: expect.any(String) } });
    // Unticked: back to the bytes it had.
    act(() => {
      fireEvent.click(boxes()[1]!);
    });
    await advance(1000);
    expect(contentSaves().at(-1)!.body).toEqual({ file: { content, revision: 4, save_id: expect.any(String) } });
  });

  it('saves at once when the editor loses the focus, and with keepalive on page hide', async () => {
    renderWorkspace();
    const view = await editorReady();
    typeAtEnd(view, '!');
    act(() => {
      view.contentDOM.dispatchEvent(new FocusEvent('blur'));
    });
    await waitFor(() => expect(contentSaves()).toHaveLength(1));
    typeAtEnd(view, '?');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(contentSaves()).toHaveLength(2));
    expect(contentSaves()[1]!.keepalive).toBe(true);
    expect(contentSaves()[1]!.body).toEqual({ file: { content: '# Resume\n\nHello!?', revision: 4, save_id: expect.any(String) } });
  });

  it('keeps the unsaved text in localStorage during an outage and saves it when the server is back', async () => {
    renderWorkspace();
    const view = await editorReady();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    api.filesDown = true;
    typeAtEnd(view, ' offline');
    await advance(1000);
    await waitFor(() => expect(status()).toBe('Save failed'));
    expect(JSON.parse(localStorage.getItem(draftKey(7, 'full'))!)).toMatchObject({ content: '# Resume\n\nHello offline', base: 3 });
    api.filesDown = false;
    await advance(1000);
    await waitFor(() => expect(status()).toBe('Saved'));
    expect(api.files.get(7)!.content).toBe('# Resume\n\nHello offline');
    expect(localStorage.getItem(draftKey(7, 'full'))).toBeNull();
  });

  it('brings back a local draft the server does not have yet, and saves it', async () => {
    localStorage.setItem(draftKey(7, 'full'), JSON.stringify({ content: '# Resume\n\nTyped before the reload', base: 3, at: 1 }));
    renderWorkspace();
    const view = await editorReady();
    expect(editorText(view)).toBe('# Resume\n\nTyped before the reload');
    expect(screen.getByTestId('draft-restored')).toBeTruthy();
    await waitFor(() => expect(api.files.get(7)!.content).toBe('# Resume\n\nTyped before the reload'));
    await waitFor(() => expect(localStorage.getItem(draftKey(7, 'full'))).toBeNull());
  });

  it('a save on a stale revision shows both versions; keep mine saves over the new revision', async () => {
    renderWorkspace();
    const view = await editorReady();
    // Someone else saves meanwhile.
    api.files.get(7)!.content = '# Resume\n\nChanged in another tab';
    api.files.get(7)!.revision = 4;
    typeAtEnd(view, ' from me');
    act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));
    const panel = await screen.findByTestId('conflict-panel');
    expect(within(panel).getByTestId('conflict-mine').textContent).toContain('Hello from me');
    expect(within(panel).getByTestId('conflict-theirs').textContent).toContain('Changed in another tab');
    expect(within(panel).getByTestId('conflict-theirs').textContent).toContain('revision 4');
    expect(status()).toBe('Save failed');
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(api.files.get(7)!.content).toBe('# Resume\n\nHello from me'));
    expect(contentSaves().at(-1)!.body).toEqual({
      file: { content: '# Resume\n\nHello from me', revision: 4, save_id: expect.any(String) },
    });
    await waitFor(() => expect(screen.queryByTestId('conflict-panel')).toBeNull());
  });

  it('take theirs puts the other version in the editor without saving', async () => {
    renderWorkspace();
    const view = await editorReady();
    api.files.get(7)!.content = 'Theirs';
    api.files.get(7)!.revision = 9;
    typeAtEnd(view, ' mine');
    act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));
    fireEvent.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect(editorText(view)).toBe('Theirs');
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    expect(localStorage.getItem(draftKey(7, 'full'))).toBeNull();
    expect(contentSaves()).toHaveLength(1);
  });
});
