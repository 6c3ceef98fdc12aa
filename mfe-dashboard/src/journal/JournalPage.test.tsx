/** @jest-environment jsdom */
// First: it provides TextEncoder (jsdom has none), which react-router needs when it loads.
import { WorkspaceApi, guardedSave, staleAnswer } from '../testing/workspaceApi';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CallAnswer } from '@cc/client';
import { resetChatStatusCache } from '@cc/ui';
import { withQueries } from '@cc/ui/testing/queries';
import { journalDraftKey } from './JournalEntryEditor';
import JournalPage from './JournalPage';

type LookBackEntries = CallAnswer<'GET /journal/{date}/look_back'>['entries'];

/** svc-files' journal: the entries by date, each guarded like a file's text (an entry not here is at revision 0). */
class JournalApi extends WorkspaceApi {
  readonly journal = new Map<string, string>();
  /** The entries' revisions and save ids (an entry without one here is at revision 1). */
  readonly journalMeta = new Map<string, { revision: number; saveId?: string }>();
  /** What `GET /journal/{date}/look_back` answers for a day (none by default). */
  readonly lookBack = new Map<string, LookBackEntries>();

  #entry(date: string) {
    const meta = this.journalMeta.get(date) ?? { revision: this.journal.has(date) ? 1 : 0 };
    return { text: this.journal.get(date) ?? '', revision: meta.revision, saveId: meta.saveId };
  }

  serve(): this {
    return this.install({
      'GET /auth/session': () => ({ success: true, user: { id: 42, email: 'a@b.c', is_admin: false }, csrf_token: 't' }),
      'GET /journal': () => ({
        success: true,
        entries: [...this.journal]
          .filter(([, content]) => content.trim())
          .map(([date]) => ({ date }))
          .sort((a, b) => a.date.localeCompare(b.date)),
      }),
      'GET /journal/{date}': ({ params }) => {
        const { text, revision } = this.#entry(params.date!);
        return { success: true, entry: { date: params.date!, content: text, revision } };
      },
      // To the trash (docs/trash.md): the day has no entry afterwards.
      'DELETE /journal/{date}': ({ params }) => {
        if (!this.journal.get(params.date!)?.trim())
          return { status: 404, body: { success: false, errors: ['That day has no journal entry.'] } };
        this.journal.delete(params.date!);
        this.journalMeta.delete(params.date!);
        return { success: true, errors: [] };
      },
      'GET /journal/{date}/look_back': ({ params }) => ({ success: true, entries: this.lookBack.get(params.date!) ?? [] }),
      'POST /journal/{date}/save': ({ params, body }) => {
        const date = params.date!;
        const { content, ...guard } = body as { content: string; revision?: number; save_id?: string };
        // A first save creates the entry (revision 1), even of the same empty text.
        const next = this.journal.has(date)
          ? guardedSave(this.#entry(date), content, guard)
          : { text: content, revision: 1, saveId: guard.save_id };
        if (next === 'stale')
          return staleAnswer('content', 'This journal entry was changed elsewhere (another tab or device).', this.#entry(date));
        this.journal.set(date, next.text);
        this.journalMeta.set(date, { revision: next.revision, saveId: next.saveId });
        return { success: true, entry: { date, content: next.text, revision: next.revision } };
      },
    });
  }
}

let api: JournalApi;

beforeEach(() => {
  localStorage.clear();
  resetChatStatusCache();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  api = new JournalApi();
  api.journal.set('2026-01-02', 'An older entry');
  api.journal.set('2026-01-05', 'Started the week.');
  api.serve();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  api.uninstall();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

function renderJournal(date = '2026-01-05') {
  return render(
    <MemoryRouter initialEntries={[`/journal/${date}`]}>
      <Routes>
        <Route path="/journal/:date" element={<JournalPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
}

async function editorReady(): Promise<EditorView> {
  await waitFor(() => expect(screen.getByTestId('markdown-editor').getAttribute('data-ready')).toBe('true'), { timeout: 5000 });
  return EditorView.findFromDOM(document.querySelector('.cm-content') as HTMLElement)!;
}

function typeAtEnd(view: EditorView, text: string) {
  act(() => {
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

const saves = () => api.writes(/^\/journal\/.*\/save$/);
const day = (date: string) => document.querySelector(`[data-date="${date}"].journal-day`) as HTMLElement;

describe('JournalPage', () => {
  it('/journal opens today, and the address says which day it is', async () => {
    const { localIsoDate } = await import('@cc/contracts/periods');
    const today = localIsoDate();
    render(
      <MemoryRouter initialEntries={['/journal']}>
        <Routes>
          <Route path="/journal" element={<JournalPage />} />
          <Route
            path="/journal/:date"
            element={
              <>
                <JournalPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
      { wrapper: withQueries() },
    );
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(`/journal/${today}`));
    expect(screen.getByTestId('journal-root').getAttribute('data-date')).toBe(today);
    expect(document.title).toBe(`Journal – ${today}`);
    await editorReady();
  });

  it('loads the entry of the date, with the tab title from the date', async () => {
    renderJournal();
    const view = await editorReady();
    expect(view.state.doc.toString()).toBe('Started the week.');
    expect(document.title).toBe('Journal – 2026-01-05');
    expect(screen.getByTestId('journal-root').getAttribute('data-remote')).toBe('dashboard');
  });

  it('autosaves 2 s after the last input and marks the day on the calendar', async () => {
    renderJournal('2026-01-07');
    const view = await editorReady();
    await waitFor(() => expect(day('2026-01-05').getAttribute('data-has-entry')).toBe('true'));
    expect(day('2026-01-07').getAttribute('data-has-entry')).toBe('false');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    typeAtEnd(view, 'A new day.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1999);
    });
    expect(saves()).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.path).toBe('/journal/2026-01-07/save');
    expect(saves()[0]!.body).toEqual({ content: 'A new day.', revision: 0, save_id: expect.any(String) });
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'));
    // The calendar's cached list of dates marks the day: no second GET /journal.
    await waitFor(() => expect(day('2026-01-07').getAttribute('data-has-entry')).toBe('true'));
    expect(api.requests.filter((r) => r.path === '/journal')).toHaveLength(1);
    expect(localStorage.getItem(journalDraftKey('42', '2026-01-07'))).toBeNull();
  });

  it('keeps an unsaved entry locally (per user and date) and restores it on the next visit', async () => {
    localStorage.setItem(journalDraftKey('42', '2026-01-05'), JSON.stringify({ content: 'Typed while offline', at: 1 }));
    localStorage.setItem(journalDraftKey('99', '2026-01-05'), JSON.stringify({ content: 'Someone else', at: 1 }));
    renderJournal();
    const view = await editorReady();
    expect(view.state.doc.toString()).toBe('Typed while offline');
    await waitFor(() => expect(api.journal.get('2026-01-05')).toBe('Typed while offline'));
  });

  it('saves on blur, and what is pending when moving to the next day', async () => {
    renderJournal();
    const view = await editorReady();
    typeAtEnd(view, ' More.');
    fireEvent.click(screen.getByRole('button', { name: /Next day/ }));
    await waitFor(() => expect(screen.getByTestId('journal-root').getAttribute('data-date')).toBe('2026-01-06'));
    await waitFor(() => expect(api.journal.get('2026-01-05')).toBe('Started the week. More.'));
    expect(document.title).toBe('Journal – 2026-01-06');
    fireEvent.click(screen.getByRole('button', { name: /Previous day/ }));
    await waitFor(() => expect(screen.getByTestId('journal-root').getAttribute('data-date')).toBe('2026-01-05'));
  });

  it('Delete day saves what was typed, asks, moves the day to the trash and empties the editor', async () => {
    renderJournal();
    const view = await editorReady();
    typeAtEnd(view, ' And more.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this day' });
    expect(dialog.textContent).toContain('It stays in the trash for 30 days.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes(/^\/journal\/2026-01-05$/)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete day' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this day' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText(/is in the trash for 30 days/)).toBeTruthy());
    // The text typed last was saved first: the trash holds all of it.
    expect(saves().at(-1)?.body).toMatchObject({ content: 'Started the week. And more.' });
    expect(api.journal.has('2026-01-05')).toBe(false);
    expect(view.state.doc.toString()).toBe('');
    expect(screen.getByRole('link', { name: 'Open the trash' }).getAttribute('href')).toBe('/trash');
    await waitFor(() => expect(day('2026-01-05').getAttribute('data-has-entry')).toBe('false'));
  });

  it('the calendar moves between months and to a date', async () => {
    renderJournal();
    await editorReady();
    const calendar = screen.getByTestId('journal-calendar');
    expect(calendar.getAttribute('data-month')).toBe('2026-01');
    fireEvent.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    expect(calendar.getAttribute('data-month')).toBe('2025-12');
    fireEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    fireEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    expect(calendar.getAttribute('data-month')).toBe('2026-02');
    fireEvent.change(within(calendar).getByLabelText('Go to date'), { target: { value: '2025-11-20' } });
    fireEvent.click(within(calendar).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByTestId('journal-root').getAttribute('data-date')).toBe('2025-11-20'));
    expect(screen.getByTestId('journal-calendar').getAttribute('data-month')).toBe('2025-11');
    fireEvent.click(day('2025-11-03'));
    await waitFor(() => expect(screen.getByTestId('journal-root').getAttribute('data-date')).toBe('2025-11-03'));
  });

  it('On this day: the entries a month, three months and a year before, under the entry, each a link to its day', async () => {
    api.lookBack.set('2026-02-05', [
      { ago: 'one_month', date: '2026-01-05', line: 'Started the week.', url: '/journal/2026-01-05' },
      { ago: 'one_year', date: '2025-02-05', line: 'A year of it', url: '/journal/2025-02-05' },
    ]);
    renderJournal('2026-02-05');
    await editorReady();
    const entry = screen.getByRole('region', { name: 'Entry' });
    const block = await within(entry).findByRole('region', { name: 'On this day' });
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A month agoStarted the week.', 'A year agoA year of it']);
    fireEvent.click(within(block).getByRole('link', { name: 'Started the week.' }));
    await waitFor(() => expect(screen.getByTestId('journal-root').getAttribute('data-date')).toBe('2026-01-05'));
    expect((await editorReady()).state.doc.toString()).toBe('Started the week.');
    // That day has nothing to look back to: no block.
    await waitFor(() => expect(api.requests.some((r) => r.path === '/journal/2026-01-05/look_back')).toBe(true));
    expect(screen.queryByTestId('journal-on-this-day')).toBeNull();
  });

  it('the chat gets the entry as file_content, for folder journal and {date}.md', async () => {
    renderJournal();
    const view = await editorReady();
    typeAtEnd(view, ' Reflect.');
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'How was my week?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.chat.sent()).toHaveLength(1));
    expect(api.chat.sent()[0]!.body).toMatchObject({
      folder: 'journal',
      file_name: '2026-01-05.md',
      file_content: 'Started the week. Reflect.',
      // The journal has no update-file flow: the coach reflects (Ask) and never offers to edit files.
      mode: 'ask',
    });
    expect(screen.queryByText("Agent mode: I'll help edit your files")).toBeNull();
    // It says what it does here instead.
    expect(within(screen.getByTestId('journal-chat')).getByTestId('journal-chat-about').textContent).toBe(
      'Reflect on this day with the coach: it reads your entry and asks questions, and never changes what you wrote.',
    );
  });
});

describe('JournalPage: stale saves', () => {
  const blur = (view: EditorView) => act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));

  it('saves with the revision it loaded; an entry changed in another tab shows both versions instead of being overwritten', async () => {
    renderJournal();
    const view = await editorReady();
    typeAtEnd(view, ' Mine.');
    blur(view);
    await waitFor(() => expect(api.journal.get('2026-01-05')).toBe('Started the week. Mine.'));
    expect(saves()[0]!.body).toEqual({ content: 'Started the week. Mine.', revision: 1, save_id: expect.any(String) });
    // Another tab saves over it.
    api.journal.set('2026-01-05', 'Rewritten in another tab.');
    api.journalMeta.set('2026-01-05', { revision: 5, saveId: 'other-tab' });
    typeAtEnd(view, ' More.');
    blur(view);
    const panel = await screen.findByTestId('conflict-panel');
    expect(within(panel).getByRole('heading').textContent).toBe('This journal entry was changed elsewhere');
    expect(within(panel).getByTestId('conflict-theirs').textContent).toContain('Rewritten in another tab.');
    expect(api.journal.get('2026-01-05')).toBe('Rewritten in another tab.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Take theirs' }));
    expect(view.state.doc.toString()).toBe('Rewritten in another tab.');
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    typeAtEnd(view, ' Then mine.');
    blur(view);
    await waitFor(() => expect(api.journal.get('2026-01-05')).toBe('Rewritten in another tab. Then mine.'));
    expect(saves().at(-1)!.body).toMatchObject({ revision: 5 });
  });

  it('a save whose answer was lost (502 after the commit) is recognised: no conflict, typing goes on and is saved', async () => {
    renderJournal();
    const view = await editorReady();
    api.loseAnswer = { path: /\/save$/, as: 502 };
    typeAtEnd(view, ' One.');
    blur(view);
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Save failed'));
    expect(api.journal.get('2026-01-05')).toBe('Started the week. One.');
    typeAtEnd(view, ' Two.');
    blur(view);
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'));
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    expect(api.journal.get('2026-01-05')).toBe('Started the week. One. Two.');
    expect(localStorage.getItem(journalDraftKey('42', '2026-01-05'))).toBeNull();
  });

  it("a refused save shows the server's message and keeps the local draft", async () => {
    renderJournal();
    const view = await editorReady();
    api.refuse = { path: /\/save$/, message: 'Text cannot contain the NUL character.' };
    typeAtEnd(view, ' Bad.');
    blur(view);
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Not saved: Text cannot contain the NUL character.'));
    expect(JSON.parse(localStorage.getItem(journalDraftKey('42', '2026-01-05'))!)).toMatchObject({ content: 'Started the week. Bad.' });
  });
});
