/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
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
import { draftKey } from './FileWorkspace';

setUpFileWorkspaceTests();

const blur = (view: { contentDOM: HTMLElement }) => act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));
const summarySaves = () => api.writes('/files/7/summary');

describe('FileWorkspace: a save whose answer was lost', () => {
  it.each([[502 as const], ['network' as const]])(
    '(%s after the commit) is recognised: typing goes on without a conflict and the text is saved',
    async (as) => {
      renderWorkspace();
      const view = await editorReady();
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
      api.loseAnswer = { path: /^\/files\/7$/, as };
      typeAtEnd(view, ' one');
      await advance(1000);
      await waitFor(() => expect(status()).toBe('Save failed'));
      // The server has it at revision 4; the page still thinks 3.
      expect(api.files.get(7)).toMatchObject({ content: '# Resume\n\nHello one', revision: 4 });
      typeAtEnd(view, ' two');
      await advance(1000);
      await waitFor(() => expect(status()).toBe('Saved'));
      expect(screen.queryByTestId('conflict-panel')).toBeNull();
      expect(api.files.get(7)).toMatchObject({ content: '# Resume\n\nHello one two', revision: 5 });
      // The retry was refused (409 naming the lost save), then saved over revision 4 at once.
      expect(contentSaves().map((r) => (r.body as { file: { revision: number } }).file.revision)).toEqual([3, 3, 4]);
      expect(localStorage.getItem(draftKey(7, 'full'))).toBeNull();
    },
  );

  it('a change from another tab is still a conflict', async () => {
    renderWorkspace();
    const view = await editorReady();
    api.loseAnswer = { path: /^\/files\/7$/, as: 502 };
    typeAtEnd(view, ' mine');
    blur(view);
    await waitFor(() => expect(status()).toBe('Save failed'));
    // Another tab saves over it with its own id.
    Object.assign(api.files.get(7)!, { content: 'Another tab', revision: 5, save_ids: { content: 'other-tab' } });
    typeAtEnd(view, ' more');
    blur(view);
    expect(await screen.findByTestId('conflict-panel')).toBeTruthy();
  });
});

describe('FileWorkspace: summary and goals have revisions', () => {
  it('a summary edit sends the revision it is based on, and the next one the revision the server answered', async () => {
    api.files.get(7)!.summary_revision = 6;
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    typeAtEnd(view, ', edited');
    blur(view);
    await waitFor(() => expect(api.files.get(7)!.summary).toBe('Old summary, edited'));
    expect(summarySaves()[0]!.body).toEqual({ summary: 'Old summary, edited', revision: 6, save_id: expect.any(String) });
    typeAtEnd(view, ' again');
    blur(view);
    await waitFor(() => expect(summarySaves()).toHaveLength(2));
    expect(summarySaves()[1]!.body).toMatchObject({ revision: 7 });
  });

  it('a stale summary shows both versions (not saved over); keep mine saves over the new revision', async () => {
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    Object.assign(api.files.get(7)!, { summary: 'Summary from another tab', summary_revision: 2 });
    typeAtEnd(view, ', mine');
    blur(view);
    const panel = await screen.findByTestId('conflict-panel');
    expect(panel.getAttribute('data-subject')).toBe('summary');
    expect(within(panel).getByRole('heading').textContent).toBe("This file's summary was changed elsewhere");
    expect(within(panel).getByTestId('conflict-theirs').textContent).toContain('Summary from another tab');
    expect(within(panel).getByTestId('conflict-mine').textContent).toContain('Old summary, mine');
    expect(api.files.get(7)!.summary).toBe('Summary from another tab');
    fireEvent.click(within(panel).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(api.files.get(7)!.summary).toBe('Old summary, mine'));
    expect(summarySaves().at(-1)!.body).toMatchObject({ revision: 2 });
    await waitFor(() => expect(screen.queryByTestId('conflict-panel')).toBeNull());
  });

  it('take theirs on stale goals puts the other version in the editor', async () => {
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Goals' }));
    Object.assign(api.files.get(7)!, { goals: 'Goals from the phone', goals_revision: 3 });
    typeAtEnd(view, ', mine');
    blur(view);
    fireEvent.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect(editorText(view)).toBe('Goals from the phone');
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    expect(localStorage.getItem(draftKey(7, 'goals'))).toBeNull();
  });

  it('after summarize, editing the summary goes on from the revision summarize made (no conflict with itself)', async () => {
    api.summaries.push('Fresh summary');
    renderWorkspace();
    const view = await editorReady();
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    fireEvent.click(screen.getByRole('button', { name: /Summarize with AI/ }));
    await waitFor(() => expect(status()).toBe('Summary updated'));
    typeAtEnd(view, ', edited');
    blur(view);
    await waitFor(() => expect(api.files.get(7)!.summary).toBe('Fresh summary, edited'));
    expect(summarySaves()[0]!.body).toMatchObject({ revision: 2 });
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
  });
});

describe('FileWorkspace: a save the server refused', () => {
  it("shows the server's message and keeps the local draft", async () => {
    renderWorkspace();
    const view = await editorReady();
    api.refuse = { path: /^\/files\/7$/, message: 'Text cannot contain the NUL character.' };
    typeAtEnd(view, ' bad\u0000');
    blur(view);
    await waitFor(() => expect(status()).toBe('Not saved: Text cannot contain the NUL character.'));
    expect(screen.getByTestId('save-status').getAttribute('data-tone')).toBe('error');
    expect(JSON.parse(localStorage.getItem(draftKey(7, 'full'))!)).toMatchObject({ content: '# Resume\n\nHello bad\u0000' });
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
  });
});
