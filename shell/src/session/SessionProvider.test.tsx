/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { forgetStorageAccount, storageAccount } from '@cc/ui/storage';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { startFirstProbe, takeFirstProbe } from './firstProbe';
import { SessionProvider, useSession } from './SessionProvider';

const SIGNED_IN = { success: true, user: { id: 7, email: 'seven@example.test', is_admin: false }, csrf_token: 'token-7' };

/** Every status the provider's children were rendered with, in order. */
function renderProvider(queries = testQueryClient()) {
  const seen: string[] = [];
  function Child() {
    const { state } = useSession();
    seen.push(state.status);
    return <p>{state.status === 'signed-in' ? `Hello ${state.user.email}` : state.status}</p>;
  }
  // As bootstrap.tsx renders it: StrictMode runs the state's initializer twice in development.
  render(
    <StrictMode>
      <SessionProvider>
        <Child />
      </SessionProvider>
    </StrictMode>,
    { wrapper: withQueries(queries) },
  );
  return seen;
}

/** A fetch answer, as much of one as the probe and the client read (jsdom has no Response). */
function answer(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  const response = {
    ok: status < 300,
    status,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    clone: () => response,
  };
  return response as unknown as Response;
}

/** The start-up probe answering `status` with `body`, and every fetch the page makes. */
function probeAnswering(status: number, body: unknown) {
  const fetch = jest.fn(async () => answer(status, body));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  takeFirstProbe();
  forgetStorageAccount();
  localStorage.clear();
  document.head.querySelector('meta[name="csrf-token"]')?.remove();
});

/** Lets the probe's answer land and be read, as it does while the shell's code downloads. */
const landed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session at start-up', () => {
  it('is signed in from the first render when the probe has answered before React starts: no "loading" frame, no second request', async () => {
    const fetch = probeAnswering(200, SIGNED_IN);
    startFirstProbe();
    await landed();
    const queries = testQueryClient();
    queries.setQueryData(['GET /people'], ['kept by another account']);
    const seen = renderProvider(queries);
    expect(seen[0]).toBe('signed-in');
    expect(seen).not.toContain('loading');
    expect(screen.getByText('Hello seven@example.test')).toBeTruthy();
    await landed();
    expect(fetch).toHaveBeenCalledTimes(1);
    // What a signed-in answer sets before any page renders.
    expect(storageAccount()).toBe('7');
    expect(queries.getQueryCache().getAll()).toHaveLength(0);
  });

  it('is "loading" until the probe answers when React starts first, then signed in', async () => {
    let arrive!: (response: Response) => void;
    const fetch = jest.fn(() => new Promise<Response>((resolve) => (arrive = resolve)));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    startFirstProbe();
    const seen = renderProvider();
    expect(seen[0]).toBe('loading');
    arrive(answer(200, SIGNED_IN));
    expect(await screen.findByText('Hello seven@example.test')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a 401 is read the usual way, after the first render: signed out', async () => {
    probeAnswering(401, { success: false, errors: ['Not signed in'] });
    startFirstProbe();
    await landed();
    const seen = renderProvider();
    expect(seen[0]).toBe('loading');
    expect(await screen.findByText('signed-out')).toBeTruthy();
  });
});

describe('another tab', () => {
  /** What another tab's sign-out does to this one: `localStorage.clear()` there is a storage event with no key here. */
  const clearedElsewhere = () => {
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));
  };

  it('signing out signs this page out too, without asking the server (its sign-out may not have reached it yet)', async () => {
    const fetch = probeAnswering(200, SIGNED_IN);
    startFirstProbe();
    await landed();
    renderProvider();
    expect(screen.getByText('Hello seven@example.test')).toBeTruthy();
    expect(storageAccount()).toBe('7');
    act(() => clearedElsewhere());
    expect(await screen.findByText('signed-out')).toBeTruthy();
    // Nothing is kept for the account any more, and nothing was written back for it.
    expect(storageAccount()).toBeNull();
    expect(localStorage.getItem('cc:account')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
