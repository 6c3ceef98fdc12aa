/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { aboutMeAddress, fileAddress } from '@cc/contracts/addresses';
import { MemoryRouter, useLocation, useNavigate } from '@cc/ui/router';
import { useExplorer } from '../explorer/useExplorer';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { useWorkspace } from '../workspace/useWorkspace';
import { useFileAddress } from './useFileAddress';

function Page() {
  const explorer = useExplorer();
  const workspace = useWorkspace();
  const { opening } = useFileAddress(explorer, workspace);
  const location = useLocation();
  const navigate = useNavigate();
  const f = workspace.openFile;
  return (
    <>
      <output data-testid="open">{f ? `${f.id}:${f.folder}/${f.name}` : 'none'}</output>
      <output data-testid="opening">{opening ?? ''}</output>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => workspace.open({ id: 9, name: 'b (2).md', folder: 'work' })}>
        open b
      </button>
      <button type="button" onClick={() => workspace.close()}>
        about me
      </button>
      <button type="button" onClick={() => void navigate(aboutMeAddress(3))}>
        statement link
      </button>
      <button type="button" onClick={() => void navigate(fileAddress('work', 'a.md'))}>
        file link
      </button>
      <button type="button" onClick={() => void navigate(fileAddress('work', 'brag-document-2026-11-26.md'))}>
        new file link
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

const list: Record<string, { id: number; name: string; description: string }[]> & {
  work: { id: number; name: string; description: string }[];
} = {
  work: [
    { id: 8, name: 'a.md', description: '' },
    { id: 9, name: 'b (2).md', description: '' },
  ],
};
let api: ReturnType<typeof installContractApi> | null = null;
function serve() {
  api = installContractApi({
    'GET /folders': () => ({ success: true, folders: [{ name: 'work', description: '', position: 0 }] }),
    'GET /files': () => list,
  });
  return api;
}
const at = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Page />
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const text = (id: string) => screen.getByTestId(id).textContent;

afterEach(() => {
  cleanup();
  api?.assertNoViolations();
  api?.uninstall();
  api = null;
});

describe('the open file in the address', () => {
  it('opens the file the address names as soon as the list is there, saying so meanwhile', async () => {
    serve();
    at('/dashboard?folder=work&file=a.md');
    expect([text('open'), text('opening')]).toEqual(['none', 'a.md']);
    await waitFor(() => expect([text('open'), text('opening')]).toEqual(['8:work/a.md', '']));
    expect(text('address')).toBe('/dashboard?folder=work&file=a.md');
  });

  it('follows the open file, and goes back to /dashboard for About me', async () => {
    serve();
    at('/dashboard');
    await settle();
    expect(text('address')).toBe('/dashboard');
    act(() => screen.getByRole('button', { name: 'open b' }).click());
    expect(text('address')).toBe('/dashboard?folder=work&file=b+%282%29.md');
    act(() => screen.getByRole('button', { name: 'about me' }).click());
    expect(text('address')).toBe('/dashboard');
  });

  it('a file that is gone leaves the About me view, with no question asked', async () => {
    const api = serve();
    at('/dashboard?folder=work&file=gone.md');
    await waitFor(() => expect([text('open'), text('opening')]).toEqual(['none', '']));
    // Looked for once more in a fresh list first.
    expect(api.find('GET', '/files')).toHaveLength(2);
    expect(api.find('POST', '/files')).toHaveLength(0);
  });

  it('an About me address opens no file and stays; a link followed on the page opens what it names, and Back goes back', async () => {
    serve();
    at('/dashboard?about=statements&statement=4');
    await settle();
    expect([text('open'), text('opening'), text('address')]).toEqual(['none', '', '/dashboard?about=statements&statement=4']);

    act(() => screen.getByRole('button', { name: 'file link' }).click());
    await settle();
    expect([text('open'), text('address')]).toEqual(['8:work/a.md', '/dashboard?folder=work&file=a.md']);

    // A statement's address from an open file: the file closes (About me shows) and the address keeps the statement.
    act(() => screen.getByRole('button', { name: 'statement link' }).click());
    await settle();
    expect([text('open'), text('address')]).toEqual(['none', '/dashboard?about=statements&statement=4']);

    act(() => screen.getByRole('button', { name: 'back' }).click());
    await settle();
    expect([text('open'), text('address')]).toEqual(['8:work/a.md', '/dashboard?folder=work&file=a.md']);
  });

  it('a file the address names that the list does not have yet (saved a moment ago) is found in a fresh list', async () => {
    const api = serve();
    at('/dashboard');
    await settle();
    list.work.push({ id: 12, name: 'brag-document-2026-11-26.md', description: '' });
    act(() => screen.getByRole('button', { name: 'new file link' }).click());
    await settle();
    await settle();
    expect(text('open')).toBe('12:work/brag-document-2026-11-26.md');
    expect(api.find('GET', '/files')).toHaveLength(2);
    list.work.pop();
  });
});
