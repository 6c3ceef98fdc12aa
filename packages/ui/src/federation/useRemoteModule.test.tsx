/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { RemoteComponentModule } from './loadRemoteModule';

/** The federation runtime's loads, answered by the test. */
const pending = new Map<string, { resolve: (module: RemoteComponentModule) => void; reject: (error: unknown) => void }>();
const loadRemote = jest.fn((id: string) => new Promise<RemoteComponentModule>((resolve, reject) => pending.set(id, { resolve, reject })));
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ loadRemote }));
const { loadRemoteModule, nextAttempt } = await import('./loadRemoteModule');
const { useRemoteModule } = await import('./useRemoteModule');

/** A remote page that counts its renders. */
function countedPage(text: string) {
  const renders = { count: 0 };
  function Page() {
    renders.count += 1;
    return <p>{text}</p>;
  }
  return { module: { default: Page }, renders };
}

function Slot({ id, attempt }: { id: string; attempt: number }) {
  const loaded = useRemoteModule(id, attempt);
  if (!loaded) return <p>Loading…</p>;
  if ('error' in loaded) return <p>Unavailable</p>;
  const { default: Page } = loaded.module;
  return <Page />;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useRemoteModule', () => {
  it('renders a module loaded before the first render at once, and once: its load settling again changes nothing', async () => {
    const { module, renders } = countedPage('Preloaded page');
    const preload = loadRemoteModule('a/Page', nextAttempt());
    pending.get('a/Page')!.resolve(module);
    await preload;
    render(<Slot id="a/Page" attempt={nextAttempt()} />);
    expect(screen.getByText('Preloaded page')).toBeTruthy();
    await settle();
    expect(renders.count).toBe(1);
  });

  it('shows the loading state until the module arrives, then the module', async () => {
    const { module } = countedPage('Arrived page');
    render(<Slot id="b/Page" attempt={nextAttempt()} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => pending.get('b/Page')!.resolve(module));
    expect(screen.getByText('Arrived page')).toBeTruthy();
  });

  it('gives the error of a failed load, and loads again for a new attempt', async () => {
    const first = nextAttempt();
    const { rerender } = render(<Slot id="c/Page" attempt={first} />);
    await act(async () => pending.get('c/Page')!.reject(new Error('remote down')));
    expect(screen.getByText('Unavailable')).toBeTruthy();
    const calls = loadRemote.mock.calls.length;
    rerender(<Slot id="c/Page" attempt={nextAttempt()} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(loadRemote.mock.calls.length).toBe(calls + 1);
    await act(async () => pending.get('c/Page')!.resolve(countedPage('Back again').module));
    expect(screen.getByText('Back again')).toBeTruthy();
  });
});
