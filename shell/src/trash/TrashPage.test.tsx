/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { TrashItem } from '@cc/contracts';
import { forgetStorageAccount } from '@cc/ui/storage';
import { installContractApi, type ContractRequest } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { SessionProvider } from '../session/SessionProvider';
import { ProtectedLayout } from '../layout/ProtectedLayout';
import TrashPage from './TrashPage';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();
const item = (kind: TrashItem['kind'], id: number, title: string, days: number, extra: Partial<TrashItem> = {}): TrashItem => ({
  kind,
  id,
  object_id: String(id),
  title,
  deleted_at: ago(days),
  purge_at: new Date(Date.parse(ago(days)) + 30 * DAY).toISOString(),
  url: `/x/${kind}/${id}`,
  ...extra,
});

let fake: ReturnType<typeof installContractApi>;
let items: TrashItem[];
let partial: ('files' | 'coaching' | 'people')[];
let restores: ContractRequest[];
let failList: boolean;

beforeEach(() => {
  items = [
    item('todo', 7, 'Send the deck', 0),
    item('file', 3, 'Career goals / plan.md', 3),
    item('folder', 2, 'Work', 12, { detail: 'with 2 files' }),
  ];
  partial = [];
  restores = [];
  failList = false;
  fake = installContractApi({
    'GET /auth/session': () => ({ success: true, user: { id: 1, email: 'ada@example.test', is_admin: false }, csrf_token: 't' }),
    'GET /trash': () =>
      failList
        ? { status: 503, body: { success: false, errors: ['Service unavailable, please try again'] } }
        : { success: true, items, partial },
    'POST /trash/restore': (req) => {
      restores.push(req);
      const { kind, id } = req.body as { kind: TrashItem['kind']; id: number };
      if (kind === 'folder')
        return {
          status: 404,
          body: { success: false, errors: ['That item is not in the trash (it may have been restored or deleted for good).'] },
        };
      const it = items.find((i) => i.kind === kind && i.id === id)!;
      return {
        success: true,
        restored: {
          kind,
          id: it.object_id,
          title: 'Career goals / plan (restored).md',
          url: '/dashboard?folder=Career+goals&file=plan+%28restored%29.md',
        },
      };
    },
    'DELETE /trash': () => {
      const deleted = items.length;
      items = [];
      return { success: true, deleted, partial: [] };
    },
  });
});
afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
  forgetStorageAccount();
});

function renderTrash() {
  return render(
    <MemoryRouter initialEntries={['/trash']}>
      <SessionProvider>
        <Routes>
          <Route element={<ProtectedLayout />}>
            <Route path="/trash" element={<TrashPage />} />
          </Route>
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
    { wrapper: withQueries(testQueryClient()) },
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Deleted items' })).getAllByRole('listitem');

describe('the Trash page', () => {
  it('is in the user menu and lists newest first with kind, title, when deleted and when it goes for good', async () => {
    renderTrash();
    await screen.findByRole('heading', { level: 1, name: 'Trash' });
    expect(screen.getByRole('link', { name: 'Trash' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('list', { name: 'Deleted items' });
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^TodoSend the deckDeleted (just now|a minute ago) · deleted for good in 30 daysRestore$/),
      expect.stringMatching(/^FileCareer goals \/ plan\.mdDeleted 3 days ago · deleted for good in 27 daysRestore$/),
      expect.stringMatching(/^FolderWorkwith 2 filesDeleted 12 days ago · deleted for good in 18 daysRestore$/),
    ]);
  });

  it('Restore puts it back and the row links to it; a refusal is said on its row', async () => {
    const user = userEvent.setup();
    renderTrash();
    await screen.findByRole('list', { name: 'Deleted items' });
    await user.click(within(rows()[1]!).getByRole('button', { name: 'Restore' }));
    const link = await within(rows()[1]!).findByRole('link', { name: 'Open it' });
    expect(link.getAttribute('href')).toBe('/dashboard?folder=Career+goals&file=plan+%28restored%29.md');
    expect(rows()[1]!.textContent).toContain('Restored as Career goals / plan (restored).md.');
    expect(restores.map((r) => r.body)).toEqual([{ kind: 'file', id: 3 }]);

    await user.click(within(rows()[2]!).getByRole('button', { name: 'Restore' }));
    expect((await within(rows()[2]!).findByRole('alert')).textContent).toBe(
      'Could not restore it: That item is not in the trash (it may have been restored or deleted for good).',
    );
  });

  it('Empty trash asks first, then deletes everything for good and shows the empty state', async () => {
    const user = userEvent.setup();
    renderTrash();
    await screen.findByRole('list', { name: 'Deleted items' });
    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the trash?' });
    expect(dialog.textContent).toContain('3 items will be deleted for good. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(items).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText(/^The trash is empty\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
  });

  it('says which part did not answer, and when the trash cannot be read at all', async () => {
    partial = ['coaching', 'people'];
    const first = renderTrash();
    expect((await screen.findByText(/did not answer/)).textContent).toBe(
      'Part of your workspace did not answer (planning; people and meetings): what you deleted there is not listed. Try again',
    );
    first.unmount();

    failList = true;
    renderTrash();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/^The trash could not be loaded: Service unavailable, please try again/);
    failList = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Deleted items' });
  });
});
