/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { routeKey } from '@cc/client/query';
import { DialogProvider } from '@cc/ui/dialogs';
import { OPEN_ON_LOAD_KEY } from '@cc/ui/open-hint';
import { MemoryRouter, Route, Routes, useLocation } from '@cc/ui/router';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import SuggestionModal from './SuggestionModal';

let fake: ReturnType<typeof installContractApi>;
let client: QueryClient;

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
  client = testQueryClient();
  fake = installContractApi({
    'GET /files': () => ({ coaching: [], career: [{ id: 31, name: 'goals.md', description: '' }] }),
    'POST /files': ({ body }) => {
      const { file } = body as { file: { folder: string; name: string; description: string } };
      return {
        success: true,
        errors: [],
        file: { id: 77, name: file.name, folder: file.folder, description: file.description, position: 0, revision: 0 },
        folder_created: false,
      };
    },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

/** Stands for the dashboard: says the address it was opened at. */
function DashboardPage() {
  const location = useLocation();
  return <p data-testid="dashboard">Dashboard page {`${location.pathname}${location.search}`}</p>;
}

function open(text: string) {
  render(
    <MemoryRouter initialEntries={['/coaching']}>
      <DialogProvider>
        <Routes>
          <Route
            path="/coaching"
            element={
              <SuggestionModal
                text={text}
                fileName="top_priority_2026-03-02.md"
                folder="coaching"
                description="Top priority"
                onClose={() => undefined}
              />
            }
          />
          <Route path="/dashboard" element={<DashboardPage />} />
        </Routes>
      </DialogProvider>
    </MemoryRouter>,
    { wrapper: withQueries(client) },
  );
}

const hint = () => JSON.parse(localStorage.getItem(OPEN_ON_LOAD_KEY) ?? 'null');

describe('suggestion action', () => {
  it('needs both a file name and a folder name', async () => {
    open('Ship the report by 3 pm.');
    await waitFor(() => expect(fake.find('GET', '/files')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and open' }));
    expect(screen.getByRole('alert').textContent).toBe('Please provide both file name and folder name');
    expect(fake.find('POST', '/files')).toHaveLength(0);
  });

  it('creates the virtual coaching file and opens the dashboard on it', async () => {
    client.setQueryData(routeKey('GET /folders'), { success: true, folders: [] });
    open('Ship the report by 3 pm.');
    expect((screen.getByLabelText('File name') as HTMLInputElement).value).toBe('top_priority_2026-03-02.md');
    expect((screen.getByLabelText('Folder name') as HTMLInputElement).value).toBe('coaching');
    await waitFor(() => expect(fake.find('GET', '/files')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Create and open' }));
    // The file's own address, by the name it is stored under (underscores become spaces): a
    // reload, a copied link or Back opens the same file.
    expect((await screen.findByTestId('dashboard')).textContent).toBe(
      'Dashboard page /dashboard?folder=coaching&file=top+priority+2026-03-02.md',
    );
    expect(fake.find('POST', '/files')[0]?.body).toEqual({
      file: { folder: 'coaching', name: 'top_priority_2026-03-02.md', description: 'Top priority', content: 'Ship the report by 3 pm.' },
    });
    expect(hint()).toBeNull();
    // The lists of files, read in this visit, are asked for again: the dashboard shows the new file.
    expect(fake.find('GET', '/files')).toHaveLength(2);
    expect(client.getQueryState(routeKey('GET /folders'))?.isInvalidated).toBe(true);
  });

  it('updates a file the text names: the dashboard opens it with the text as its chat prompt', async () => {
    open('Add the pricing milestone to goals.md');
    await waitFor(() => expect((screen.getByLabelText('File name') as HTMLInputElement).value).toBe('goals.md'));
    expect((screen.getByLabelText('Folder name') as HTMLInputElement).value).toBe('career');
    fireEvent.click(screen.getByRole('button', { name: 'Open to update' }));
    expect((await screen.findByTestId('dashboard')).textContent).toBe('Dashboard page /dashboard?folder=career&file=goals.md');
    expect(fake.find('POST', '/files')).toHaveLength(0);
    expect(hint()).toEqual({
      folder: 'career',
      fileName: 'goals.md',
      fileId: 31,
      startChat: true,
      chatPrompt: 'Add the pricing milestone to goals.md',
    });
  });
});
