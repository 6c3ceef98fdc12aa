/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { resetChatStatusCache } from '@cc/ui';
import { FakeWorkspaceApi } from '../../testing/fakeWorkspaceApi';
import type { DraftRequest, OpenFile } from '../../workspace/types';
import { FileWorkspace, draftKey } from './FileWorkspace';
import { ACCEPT_TEXT, EDIT_TEXT, REJECT_TEXT } from './texts';

const FILE: OpenFile = { id: 7, name: 'Resume.md', folder: 'work-profile' };

let api: FakeWorkspaceApi;

beforeEach(() => {
  localStorage.clear();
  resetChatStatusCache();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  api = new FakeWorkspaceApi().install();
  api.addFile({ id: 7, name: 'Resume.md', folder: 'work-profile', content: '# Resume\n\nHello', summary: 'Old summary', goals: 'Be great', revision: 3 });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  api.uninstall();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderWorkspace(props: { draftRequest?: DraftRequest | null; onDraftHandled?: () => void } = {}) {
  const onDraftHandled = props.onDraftHandled ?? jest.fn();
  return render(<FileWorkspace file={FILE} draftRequest={props.draftRequest ?? null} onDraftHandled={onDraftHandled} />);
}

/** Waits until CodeMirror replaced the stand-in textarea. */
async function editorReady(): Promise<EditorView> {
  await waitFor(() => expect(screen.getByTestId('markdown-editor').getAttribute('data-ready')).toBe('true'), { timeout: 5000 });
  const content = document.querySelector('.cm-content') as HTMLElement;
  return EditorView.findFromDOM(content)!;
}

const editorText = (view: EditorView) => view.state.doc.toString();

/** Types at the end, as a user edit (CodeMirror reports it to the workspace). */
function typeAtEnd(view: EditorView, text: string) {
  act(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const status = () => screen.getByTestId('save-status').textContent;
const contentSaves = () => api.writes('/files/7').filter((r) => r.method === 'PATCH');

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
    expect(contentSaves()[0]!.body).toEqual({ file: { content: '# Resume\n\nHello world', revision: 3 } });
    await waitFor(() => expect(status()).toBe('Saved'));
    expect(api.files.get(7)!.content).toBe('# Resume\n\nHello world');
    expect(localStorage.getItem(draftKey(7, 'full'))).toBeNull();
  });

  it('switching to another file saves the pending edit of the previous one first', async () => {
    api.addFile({ id: 8, name: 'Goals.md', folder: 'career-goals', content: 'Other file', revision: 1 });
    const onDraftHandled = jest.fn();
    const { rerender } = render(<FileWorkspace file={FILE} draftRequest={null} onDraftHandled={onDraftHandled} />);
    const view = await editorReady();
    typeAtEnd(view, ' (typed just before switching)');
    rerender(<FileWorkspace file={{ id: 8, name: 'Goals.md', folder: 'career-goals' }} draftRequest={null} onDraftHandled={onDraftHandled} />);
    await waitFor(() => expect(api.files.get(7)!.content).toBe('# Resume\n\nHello (typed just before switching)'));
    const next = await editorReady();
    await waitFor(() => expect(editorText(next)).toBe('Other file'));
    expect(document.title).toBe('Goals');
  });

  it('follows a rename of the open file in the tab title', async () => {
    const onDraftHandled = jest.fn();
    const { rerender } = render(<FileWorkspace file={FILE} draftRequest={null} onDraftHandled={onDraftHandled} />);
    await editorReady();
    rerender(<FileWorkspace file={{ ...FILE, name: 'CV 2026.md' }} draftRequest={null} onDraftHandled={onDraftHandled} />);
    expect(document.title).toBe('CV 2026');
    expect(screen.getByTestId('file-title').textContent).toBe('CV 2026');
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
    expect(contentSaves()[1]!.body).toEqual({ file: { content: '# Resume\n\nHello!?', revision: 4 } });
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
    expect(contentSaves().at(-1)!.body).toEqual({ file: { content: '# Resume\n\nHello from me', revision: 4 } });
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
    expect(api.writes('/files/summarize')[0]!.body).toEqual({ file_id: 7, folder: 'work-profile', file_name: 'Resume.md', content: '# Resume\n\nHello' });
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

describe('FileWorkspace: proposed updates from the chat', () => {
  const SUGGESTED = '# Resume\n\nHello\n\n## Skills\n- TypeScript';

  async function proposeUpdate() {
    api.chat.conversations.set('file_id=7', [
      { role: 'user', content: 'I know TypeScript.' },
      { role: 'assistant', content: 'Add a skills section?' },
      { role: 'user', content: 'Yes please.' },
    ]);
    api.suggestions.push({
      success: true,
      suggested_content: SUGGESTED,
      diff: [
        { type: 'unchanged', content: '# Resume' },
        { type: 'unchanged', content: '' },
        { type: 'unchanged', content: 'Hello' },
        { type: 'added', content: '' },
        { type: 'added', content: '## Skills' },
        { type: 'added', content: '- TypeScript' },
      ],
    });
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(await screen.findByRole('button', { name: 'Update file' }));
    const diff = await screen.findByTestId('diff-view');
    const request = api.writes('/ai_chat/suggest_edits')[0]!;
    expect(request.body).toMatchObject({ file_content: '# Resume\n\nHello', file_name: 'Resume.md', folder: 'work-profile', file_id: 7, selected_messages: [] });
    expect((request.body!.conversation_history as unknown[]).length).toBe(3);
    return { view, diff };
  }

  const lastAssistant = () => {
    const messages = screen.getByRole('log').querySelectorAll('[data-role="assistant"]');
    return messages[messages.length - 1]?.textContent ?? '';
  };

  it('the diff panel replaces the editor; Accept All applies the text after 1 s and saves it', async () => {
    const { view, diff } = await proposeUpdate();
    expect(within(diff).getAllByRole('listitem').filter((li) => li.getAttribute('data-type') === 'added')).toHaveLength(3);
    expect((screen.getByTestId('editor-pane').parentElement as HTMLElement).hidden).toBe(true);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    fireEvent.click(within(diff).getByRole('button', { name: 'Accept All' }));
    await advance(999);
    expect(editorText(view)).toBe('# Resume\n\nHello');
    expect(contentSaves()).toHaveLength(0);
    await advance(1);
    expect(editorText(view)).toBe(SUGGESTED);
    expect(screen.queryByTestId('diff-view')).toBeNull();
    await advance(0);
    await waitFor(() => expect(api.files.get(7)!.content).toBe(SUGGESTED));
    expect(lastAssistant()).toContain(ACCEPT_TEXT);
  });

  it('Reject goes back to the editor unchanged', async () => {
    const { view, diff } = await proposeUpdate();
    fireEvent.click(within(diff).getByRole('button', { name: 'Reject' }));
    expect(screen.queryByTestId('diff-view')).toBeNull();
    expect(editorText(view)).toBe('# Resume\n\nHello');
    expect(lastAssistant()).toContain(REJECT_TEXT);
    expect(contentSaves()).toHaveLength(0);
  });

  it('Edit puts the suggestion in the editor to adjust (saved by the autosave)', async () => {
    const { view, diff } = await proposeUpdate();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    fireEvent.click(within(diff).getByRole('button', { name: 'Edit' }));
    expect(editorText(view)).toBe(SUGGESTED);
    expect(lastAssistant()).toContain(EDIT_TEXT);
    expect(contentSaves()).toHaveLength(0);
    await advance(1000);
    await waitFor(() => expect(api.files.get(7)!.content).toBe(SUGGESTED));
  });

  it('a failed suggest-edits hides the progress and only logs', async () => {
    api.chat.conversations.set('file_id=7', [{ role: 'user', content: 'Hi' }]);
    renderWorkspace();
    await editorReady();
    fireEvent.click(await screen.findByRole('button', { name: 'Update file' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByTestId('chat-updating')).toBeNull();
    expect(screen.queryByTestId('diff-view')).toBeNull();
    expect(screen.getByRole('log').textContent).not.toContain('Sorry');
  });

  it("'update doc' with selected messages sends them and the edited prompt", async () => {
    api.chat.conversations.set('file_id=7', [
      { role: 'user', content: 'I led the migration.' },
      { role: 'assistant', content: 'What was the result?' },
    ]);
    api.suggestions.push({ success: true, suggested_content: '# Resume\n\nHello\n\nLed the migration.', diff: [] });
    renderWorkspace();
    await editorReady();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Select message 1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Update doc' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Prompt'), { target: { value: 'Add the migration as an achievement.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const diff = await screen.findByTestId('diff-view');
    expect(api.writes('/ai_chat/suggest_edits')[0]!.body).toMatchObject({
      message: 'Add the migration as an achievement.',
      selected_messages: [{ index: 0, role: 'user', content: 'I led the migration.' }],
    });
    // No diff from the server: the panel shows one computed from the two texts.
    expect(within(diff).getAllByRole('listitem').map((li) => li.getAttribute('data-type'))).toEqual(['unchanged', 'unchanged', 'unchanged', 'added', 'added']);
  });

  it('input and send are disabled while the update runs', async () => {
    api.chat.conversations.set('file_id=7', [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }]);
    let release: (v: unknown) => void = () => undefined;
    const original = api.fetch;
    globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
      if (String(input).endsWith('/ai_chat/suggest_edits')) await new Promise((r) => (release = r));
      return original(input, init);
    }) as unknown as typeof fetch;
    api.suggestions.push({ success: true, suggested_content: 'x', diff: [{ type: 'added', content: 'x' }] });
    renderWorkspace();
    await editorReady();
    fireEvent.click(await screen.findByRole('button', { name: 'Update file' }));
    await screen.findByTestId('chat-updating');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release(undefined));
    await screen.findByTestId('diff-view');
    expect(screen.queryByTestId('chat-updating')).toBeNull();
  });

  it('sends the editor content with every chat message', async () => {
    renderWorkspace();
    const view = await editorReady();
    typeAtEnd(view, ' there');
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'What do you think?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.chat.sent()).toHaveLength(1));
    expect(api.chat.sent()[0]!.body).toMatchObject({ message: 'What do you think?', file_content: '# Resume\n\nHello there', file_name: 'Resume.md', folder: 'work-profile', file_id: 7, mode: 'agent' });
  });
});

describe('FileWorkspace: auto chat', () => {
  it('starts the chat and sends the prompt 0.5 s after opening', async () => {
    const onAutoChatHandled = jest.fn();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    render(<FileWorkspace file={FILE} draftRequest={null} onDraftHandled={jest.fn()} autoChat={{ start: true, prompt: 'Help me polish this.' }} onAutoChatHandled={onAutoChatHandled} />);
    await advance(499);
    expect(api.chat.sent()).toHaveLength(0);
    await advance(1);
    await waitFor(() => expect(api.chat.sent()).toHaveLength(1));
    expect(api.chat.sent()[0]!.body).toMatchObject({ message: 'Help me polish this.', file_id: 7, folder: 'work-profile', file_name: 'Resume.md' });
    expect(onAutoChatHandled).toHaveBeenCalledTimes(1);
  });
});

describe('FileWorkspace: AI drafts', () => {
  const request = (kind: DraftRequest['kind']): DraftRequest => ({ key: `k-${kind}`, kind, fileId: 7, folder: 'work-profile', name: 'Resume.md', description: 'My CV' });

  it('a suggestion draft is shown as an all-added diff', async () => {
    api.drafts.push('# Resume\n\nDrafted');
    const onDraftHandled = jest.fn();
    renderWorkspace({ draftRequest: request('suggestion'), onDraftHandled });
    await editorReady();
    const diff = await screen.findByTestId('diff-view');
    expect(onDraftHandled).toHaveBeenCalledTimes(1);
    expect(within(diff).getAllByRole('listitem').map((li) => li.getAttribute('data-type'))).toEqual(['added', 'added', 'added']);
    expect(api.writes('/profile/generate_file_draft')[0]!.body).toEqual({ folder: 'work-profile', name: 'Resume.md', description: 'My CV' });
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
