/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { forgetStorageAccount, readStored, writeStored } from '@cc/ui/storage';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { SessionProvider } from '../session/SessionProvider';
import { ProtectedLayout } from './ProtectedLayout';

const ACCOUNT_A_CHAT = { conversationHistory: [{ role: 'user', content: 'A wrote this' }] };

/** The identity calls the shell makes: who is signed in, and sign-out answering `signOutStatus`. */
function fakeIdentity(userId: number, signOutStatus: number) {
  const fetchMock = jest.fn(async (input: unknown, init?: { method?: string }) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (status: number, body: unknown) => ({ ok: status < 300, status, text: async () => JSON.stringify(body) });
    if (path === '/auth/session')
      return json(200, { success: true, user: { id: userId, email: `u${userId}@example.test`, is_admin: false }, csrf_token: 't' });
    if (path === '/auth/sign_out' && init?.method === 'POST')
      return json(signOutStatus, signOutStatus < 300 ? { success: true } : { success: false, errors: ['Server unavailable'] });
    return json(404, { success: false, errors: ['Not found'] });
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
}

function renderShell(queries = testQueryClient()) {
  return render(
    <MemoryRouter initialEntries={['/journal/2026-01-05']}>
      <SessionProvider>
        <Routes>
          <Route path="/sign-in" element={<p>Sign-in page</p>} />
          <Route element={<ProtectedLayout />}>
            <Route path="/journal/:date" element={<p>Journal page</p>} />
          </Route>
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
    { wrapper: withQueries(queries) },
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  forgetStorageAccount();
  jest.restoreAllMocks();
});

describe('what the browser keeps belongs to the signed-in account', () => {
  it('sign-out removes it: chats, drafts and counts', async () => {
    fakeIdentity(1, 200);
    renderShell();
    await screen.findByText('Journal page');
    writeStored('chat:journal/2026-01-05.md', ACCOUNT_A_CHAT);
    writeStored('cc:draft:file:7', { content: 'unsaved', at: 1 });
    writeStored('aiFoldersCount', 8);
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    await screen.findByText('Sign-in page');
    expect(localStorage.length).toBe(0);
  });

  it('sign-out drops every answer the pages cached', async () => {
    fakeIdentity(1, 200);
    const queries = testQueryClient();
    renderShell(queries);
    await screen.findByText('Journal page');
    queries.setQueryData(['GET /people'], [{ id: 1, full_name: 'Someone of account 1' }]);
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    await screen.findByText('Sign-in page');
    expect(queries.getQueryCache().getAll()).toHaveLength(0);
  });

  it('sign-out removes it even when the server does not answer the sign-out', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeIdentity(1, 503);
    renderShell();
    await screen.findByText('Journal page');
    writeStored('chat:journal/2026-01-05.md', ACCOUNT_A_CHAT);
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    expect((await screen.findByRole('alert')).textContent).toMatch(/Could not sign out/);
    expect(localStorage.getItem('chat:journal/2026-01-05.md')).toBeNull();
    // Still signed in: the page goes on keeping this account's drafts.
    expect(writeStored('cc:draft:file:7', { content: 'typed after', at: 2 })).toBe(true);
  });

  it('another account signing in finds nothing of the previous one', async () => {
    fakeIdentity(1, 200);
    const first = renderShell();
    await screen.findByText('Journal page');
    writeStored('chat:journal/2026-01-05.md', ACCOUNT_A_CHAT);
    first.unmount();
    forgetStorageAccount();

    // The next page load: the session cookie is account 2's (signed in elsewhere, or A's session expired).
    fakeIdentity(2, 200);
    renderShell();
    await screen.findByText('Journal page');
    await waitFor(() => expect(localStorage.getItem('cc:account')).toBe('2'));
    expect(localStorage.getItem('chat:journal/2026-01-05.md')).toBeNull();
    expect(readStored('chat:journal/2026-01-05.md')).toBeUndefined();
  });
});

describe('text typed just before sign-out', () => {
  it('is sent while the session still lets it in, then the browser is cleared', async () => {
    fakeIdentity(1, 200);
    const order: string[] = [];
    const fetchMock = globalThis.fetch as unknown as jest.Mock<(input: unknown, init?: { method?: string }) => Promise<unknown>>;
    const identity = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      order.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
      return identity(input, init);
    });
    const { trackPendingSave } = await import('@cc/ui/pending-saves');
    const untrack = trackPendingSave(async () => {
      order.push('save');
      return true;
    });
    renderShell();
    await screen.findByText('Journal page');
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    await screen.findByText('Sign-in page');
    untrack();
    expect(order.slice(order.indexOf('save'))).toEqual(['save', 'POST /auth/sign_out']);
  });

  it('that cannot be saved holds the sign-out back, unless the user signs out anyway', async () => {
    fakeIdentity(1, 200);
    const { trackPendingSave } = await import('@cc/ui/pending-saves');
    const untrack = trackPendingSave(async () => false);
    renderShell();
    await screen.findByText('Journal page');
    writeStored('cc:draft:file:7', { content: 'unsaved', at: 1 });
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    expect(await screen.findByText(/Some of your latest changes are not saved/)).toBeTruthy();
    expect(readStored('cc:draft:file:7')).toEqual({ content: 'unsaved', at: 1 });
    await act(async () => screen.getByRole('button', { name: 'Sign out anyway' }).click());
    await screen.findByText('Sign-in page');
    untrack();
    expect(localStorage.length).toBe(0);
  });
});
