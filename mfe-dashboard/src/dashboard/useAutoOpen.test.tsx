/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DialogProvider } from '@cc/ui/dialogs';
import type { OpenOnLoadHint } from '@cc/ui/open-hint';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { useWorkspace } from '../workspace/useWorkspace';
import { AUTO_OPEN_DELAY_MS, AUTO_OPEN_RETRY_MS, useAutoOpen } from './useAutoOpen';
import { useExplorer } from '../explorer/useExplorer';

function Harness({ hint }: { hint: OpenOnLoadHint | null }) {
  const [Queries] = useState(withQueries);
  return (
    <Queries>
      <DialogProvider>
        <Page hint={hint} />
      </DialogProvider>
    </Queries>
  );
}

function Page({ hint }: { hint: OpenOnLoadHint | null }) {
  const explorer = useExplorer();
  const workspace = useWorkspace();
  useAutoOpen(explorer, workspace, () => hint);
  const f = workspace.openFile;
  return (
    <>
      <output data-testid="open">{f ? `${f.id}:${f.folder}/${f.name}` : 'none'}</output>
      <output data-testid="chat">{workspace.autoChat ? JSON.stringify(workspace.autoChat) : ''}</output>
      <output data-testid="expanded">
        {explorer.folders
          .filter((x) => explorer.isExpanded(x.name))
          .map((x) => x.name)
          .join(',')}
      </output>
    </>
  );
}

let api: ReturnType<typeof installContractApi> | null = null;
/** GET /files answers `lists[n]` on the n-th call (the last one after that). */
function serve(lists: Record<string, { id: number; name: string; description: string }[]>[]) {
  let n = 0;
  const at = () => lists[Math.min(n, lists.length - 1)]!;
  api = installContractApi({
    'GET /folders': () => ({ success: true, folders: Object.keys(at()).map((name, position) => ({ name, description: '', position })) }),
    'GET /files': () => lists[Math.min(n++, lists.length - 1)]!,
    'POST /files': ({ body }) => {
      const { file } = body as { file: { name: string; folder: string } };
      return {
        success: true,
        errors: [],
        file: { id: 99, name: file.name, folder: file.folder, description: '', position: 0, revision: 1 },
        folder_created: false,
      };
    },
  });
  return api;
}

const flush = () =>
  act(async () => {
    await Promise.resolve();
  });
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

let nativeDialogs: jest.Spied<typeof window.confirm>[];
beforeEach(() => {
  jest.useFakeTimers();
  // The question is asked in the page, never with the browser's dialogs.
  nativeDialogs = (['confirm', 'alert', 'prompt'] as const).map((name) =>
    jest.spyOn(window, name as 'confirm').mockImplementation(() => {
      throw new Error(`window.${name} was called`);
    }),
  );
});
afterEach(() => {
  for (const spy of nativeDialogs) expect(spy).not.toHaveBeenCalled();
  cleanup();
  api?.assertNoViolations();
  api?.uninstall();
  api = null;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('auto-open hint', () => {
  it('opens the file 1 s after load, expands its folder, and passes the chat prompt on', async () => {
    serve([{ coaching: [{ id: 5, name: 'what went well 2026-W03.md', description: '' }] }]);
    render(
      <Harness hint={{ folder: 'coaching', fileName: 'what_went_well_2026-W03.md', startChat: true, chatPrompt: 'Let us reflect.' }} />,
    );
    await flush();
    await advance(AUTO_OPEN_DELAY_MS - 1);
    expect(screen.getByTestId('open').textContent).toBe('none');
    await advance(1);
    expect(screen.getByTestId('open').textContent).toBe('5:coaching/what went well 2026-W03.md');
    expect(JSON.parse(screen.getByTestId('chat').textContent!)).toEqual({ start: true, prompt: 'Let us reflect.' });
    expect(screen.getByTestId('expanded').textContent).toBe('coaching');
  });

  it('a missing file: reloads the list and retries after 1 s', async () => {
    const api = serve([{ coaching: [] }, { coaching: [{ id: 8, name: 'plan.md', description: '' }] }]);
    render(<Harness hint={{ folder: 'coaching', fileName: 'plan.md', fileId: 8 }} />);
    await flush();
    expect(api.find('GET', '/files')).toHaveLength(1);
    await advance(AUTO_OPEN_DELAY_MS);
    expect(api.find('GET', '/files')).toHaveLength(2);
    expect(screen.getByTestId('open').textContent).toBe('none');
    await advance(AUTO_OPEN_RETRY_MS - 1);
    expect(screen.getByTestId('open').textContent).toBe('none');
    await advance(1);
    expect(screen.getByTestId('open').textContent).toBe('8:coaching/plan.md');
    expect(screen.getByTestId('chat').textContent).toBe('');
  });

  it('still missing after the retry: asks whether to create it (an in-app confirm), then creates and opens it', async () => {
    const api = serve([{ coaching: [] }]);
    render(<Harness hint={{ folder: 'coaching', fileName: 'next_steps', startChat: true }} />);
    await flush();
    await advance(AUTO_OPEN_DELAY_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(AUTO_OPEN_RETRY_MS);
    const dialog = await screen.findByRole('dialog', { name: 'Create file' });
    expect(dialog.textContent).toContain('"next steps" is not in the folder "coaching" yet. Create it?');
    expect(api.find('POST', '/files')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    await flush();
    expect(api.find('POST', '/files')[0]?.body).toEqual({
      file: { name: 'next steps.md', folder: 'coaching', description: '', content: '' },
    });
    expect(screen.getByTestId('open').textContent).toBe('99:coaching/next steps.md');
  });

  it('declining the confirmation creates nothing', async () => {
    const api = serve([{ coaching: [] }]);
    render(<Harness hint={{ folder: 'coaching', fileName: 'x.md' }} />);
    await flush();
    await advance(AUTO_OPEN_DELAY_MS + AUTO_OPEN_RETRY_MS);
    const dialog = await screen.findByRole('dialog', { name: 'Create file' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    });
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.find('POST', '/files')).toHaveLength(0);
    expect(screen.getByTestId('open').textContent).toBe('none');
  });

  it('a failed creation is reported in an in-app alert with the spec text', async () => {
    const api = serve([{ coaching: [] }]);
    render(<Harness hint={{ folder: 'coaching', fileName: 'plan' }} />);
    await flush();
    await advance(AUTO_OPEN_DELAY_MS + AUTO_OPEN_RETRY_MS);
    const dialog = await screen.findByRole('dialog', { name: 'Create file' });
    api.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    const alert = await screen.findByRole('dialog', { name: 'Error creating file' });
    expect(within(alert).getByRole('alert').textContent).toBe('Error creating file. Please try again.');
    expect(screen.getByTestId('open').textContent).toBe('none');
  });

  it('does nothing without a hint', async () => {
    const api = serve([{ coaching: [] }]);
    render(<Harness hint={null} />);
    await flush();
    await advance(5000);
    expect(api.find('GET', '/files')).toHaveLength(1);
  });
});
