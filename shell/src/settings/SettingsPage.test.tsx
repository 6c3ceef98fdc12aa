/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { forgetStorageAccount, readStored, writeStored } from '@cc/ui/storage';
import { installContractApi, type ContractRequest } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { SessionProvider } from '../session/SessionProvider';
import { ProtectedLayout } from '../layout/ProtectedLayout';
import { AuthPage } from '../pages/AuthPage';
import SettingsPage from './SettingsPage';

const PASSWORD = 'correct horse battery';
let fake: ReturnType<typeof installContractApi>;
let deletions: ContractRequest[];

beforeEach(() => {
  localStorage.clear();
  deletions = [];
  fake = installContractApi({
    'GET /auth/session': () => ({ success: true, user: { id: 1, email: 'ada@example.test', is_admin: false }, csrf_token: 't' }),
    'GET /auth/calendar': () => ({
      success: true,
      calendar: {
        time_zone: null,
        include_todos: true,
        include_milestones: true,
        include_meetings: true,
        reminders: { start_of_day: null, end_of_day: null, end_of_week: null },
        feed_path: null,
      },
    }),
    'DELETE /auth/account': (req) => {
      deletions.push(req);
      return (req.body as { password: string }).password === PASSWORD
        ? { success: true }
        : { status: 403, body: { success: false, errors: ['The password is not correct'] } };
    },
  });
});
afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
  forgetStorageAccount();
});

function renderSettings() {
  return render(
    <MemoryRouter initialEntries={['/settings']}>
      <SessionProvider>
        <Routes>
          <Route path="/sign-in" element={<AuthPage mode="sign-in" />} />
          <Route element={<ProtectedLayout />}>
            <Route path="/settings" element={<SettingsPage />} />
          </Route>
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
    { wrapper: withQueries(testQueryClient()) },
  );
}

describe('Settings: Delete account', () => {
  it('is reached from the user menu and says what goes; the button waits for the password and the typed DELETE', async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    const section = screen.getByRole('region', { name: 'Delete account' });
    expect(section.textContent).toMatch(/folders, files and journal.*This cannot be undone\./);
    const button = screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText('Your password'), PASSWORD);
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(button.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(button.disabled).toBe(false);
    expect(deletions).toHaveLength(0);
  });

  it('a wrong password is said inline; the account, the page and what the browser keeps stay', async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    writeStored('aiFoldersCount', 8);
    await user.type(screen.getByLabelText('Your password'), 'not my password');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The password is not correct');
    // The password field is emptied and focused for the next try.
    const password = screen.getByLabelText('Your password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(readStored('aiFoldersCount')).toBe(8);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });

  it('once deleted: the browser keeps nothing of the account and the sign-in page says the account is gone', async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    writeStored('aiFoldersCount', 8);
    writeStored('cc:draft:file:7', { content: 'unsaved', at: 1 });
    await user.type(screen.getByLabelText('Your password'), PASSWORD);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('status').textContent).toBe('Your account was deleted, with everything in it.');
    expect(deletions.map((d) => [d.raw.method, d.body])).toEqual([['DELETE', { password: PASSWORD }]]);
    await waitFor(() => expect(localStorage.length).toBe(0));
  });
});
