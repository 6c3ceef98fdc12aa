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
  typeAtEnd,
} from '../testing/fileWorkspaceHarness';
import { FileWorkspace } from './FileWorkspace';
import { ACCEPT_TEXT, EDIT_TEXT, NOTHING_TO_CHANGE_TEXT, REJECT_TEXT } from './texts';

setUpFileWorkspaceTests();

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
    expect(request.body).toMatchObject({
      file_content: '# Resume\n\nHello',
      file_name: 'Resume.md',
      folder: 'work-profile',
      file_id: 7,
      selected_messages: [],
    });
    expect((request.body!.conversation_history as unknown[]).length).toBe(3);
    return { view, diff };
  }

  const lastAssistant = () => {
    const messages = screen.getByRole('log').querySelectorAll('[data-role="assistant"]');
    return messages[messages.length - 1]?.textContent ?? '';
  };

  it('the diff panel replaces the editor; Accept All applies the text after 1 s and saves it', async () => {
    const { view, diff } = await proposeUpdate();
    expect(
      within(diff)
        .getAllByRole('listitem')
        .filter((li) => li.getAttribute('data-type') === 'added'),
    ).toHaveLength(3);
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
    // Marked as an AI update: the server keeps the text before it in the history (docs/dashboard.md#history).
    expect(contentSaves().map((r) => (r.body as { ai_update?: boolean }).ai_update)).toEqual([true]);
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
    expect(
      within(diff)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-type')),
    ).toEqual(['unchanged', 'unchanged', 'unchanged', 'added', 'added']);
  });

  it('an update that changes nothing shows no diff panel, only a short line (issue 9, defect 7)', async () => {
    api.chat.conversations.set('file_id=7', [
      { role: 'user', content: 'Hello is my greeting.' },
      { role: 'assistant', content: 'Noted.' },
    ]);
    // Once with the server's all-unchanged diff, once with none (the browser computes it).
    api.suggestions.push(
      {
        success: true,
        suggested_content: '# Resume\n\nHello\n',
        diff: [
          { type: 'unchanged', content: '# Resume' },
          { type: 'unchanged', content: '' },
          { type: 'unchanged', content: 'Hello' },
        ],
      },
      { success: true, suggested_content: '# Resume\n\nHello', diff: [] },
    );
    renderWorkspace();
    await editorReady();
    for (const times of [1, 2]) {
      fireEvent.click(await screen.findByRole('button', { name: 'Update file' }));
      await waitFor(() => expect(api.writes('/ai_chat/suggest_edits')).toHaveLength(times));
      await waitFor(() => expect(screen.queryByTestId('chat-updating')).toBeNull());
      expect(lastAssistant()).toContain(NOTHING_TO_CHANGE_TEXT);
      expect(screen.queryByTestId('diff-view')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Accept All' })).toBeNull();
    }
    expect(contentSaves()).toHaveLength(0);
  });

  it('input and send are disabled while the update runs', async () => {
    api.chat.conversations.set('file_id=7', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
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
    expect(api.chat.sent()[0]!.body).toMatchObject({
      message: 'What do you think?',
      file_content: '# Resume\n\nHello there',
      file_name: 'Resume.md',
      folder: 'work-profile',
      file_id: 7,
      mode: 'agent',
    });
  });
});

describe('FileWorkspace: auto chat', () => {
  it('starts the chat and sends the prompt 0.5 s after opening', async () => {
    const onAutoChatHandled = jest.fn();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    render(
      <FileWorkspace
        file={FILE}
        draftRequest={null}
        onDraftHandled={jest.fn()}
        autoChat={{ start: true, prompt: 'Help me polish this.' }}
        onAutoChatHandled={onAutoChatHandled}
      />,
      { wrapper: withQueries() },
    );
    await advance(499);
    expect(api.chat.sent()).toHaveLength(0);
    await advance(1);
    await waitFor(() => expect(api.chat.sent()).toHaveLength(1));
    expect(api.chat.sent()[0]!.body).toMatchObject({
      message: 'Help me polish this.',
      file_id: 7,
      folder: 'work-profile',
      file_name: 'Resume.md',
    });
    expect(onAutoChatHandled).toHaveBeenCalledTimes(1);
  });
});
