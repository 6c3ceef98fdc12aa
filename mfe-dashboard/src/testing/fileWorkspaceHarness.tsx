import { afterEach, beforeEach, expect, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { resetChatStatusCache } from '@cc/ui';
import { FileWorkspace } from '../workspace/FileWorkspace';
import type { DraftRequest, OpenFile } from '../workspace/types';
import { withQueries } from '@cc/ui/testing/queries';
import { FileWorkspaceApi } from './fileWorkspaceApi';

/** What the FileWorkspace test files share: the open file, the fake server and editor helpers. */

export const FILE: OpenFile = { id: 7, name: 'Resume.md', folder: 'work-profile' };

/** The fake server of the running test (a fresh one per test). */
export let api: FileWorkspaceApi;

/** Installs a fresh fake server with file 7 before each test, and removes it after. */
export function setUpFileWorkspaceTests() {
  beforeEach(() => {
    localStorage.clear();
    resetChatStatusCache();
    document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
    api = new FileWorkspaceApi();
    api.addFile({
      id: 7,
      name: 'Resume.md',
      folder: 'work-profile',
      content: '# Resume\n\nHello',
      summary: 'Old summary',
      goals: 'Be great',
      revision: 3,
    });
    api.serve();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    api.uninstall();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}

export function renderWorkspace(props: { draftRequest?: DraftRequest | null; onDraftHandled?: () => void } = {}) {
  const onDraftHandled = props.onDraftHandled ?? jest.fn();
  return render(<FileWorkspace file={FILE} draftRequest={props.draftRequest ?? null} onDraftHandled={onDraftHandled} />, {
    wrapper: withQueries(),
  });
}

/** Waits until CodeMirror replaced the stand-in textarea. */
export async function editorReady(): Promise<EditorView> {
  await waitFor(() => expect(screen.getByTestId('markdown-editor').getAttribute('data-ready')).toBe('true'), { timeout: 5000 });
  const content = document.querySelector('.cm-content') as HTMLElement;
  return EditorView.findFromDOM(content)!;
}

export const editorText = (view: EditorView) => view.state.doc.toString();

/** Types at the end, as a user edit (CodeMirror reports it to the workspace). */
export function typeAtEnd(view: EditorView, text: string) {
  act(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

export async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

export const status = () => screen.getByTestId('save-status').textContent;
export const contentSaves = () => api.writes('/files/7').filter((r) => r.method === 'PATCH');
