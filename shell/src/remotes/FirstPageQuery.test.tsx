/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { routeKey, routeQuery } from '@cc/client/query';
import { forgetStorageAccount } from '@cc/ui/storage';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { SessionProvider, useSession } from '../session/SessionProvider';
import { FirstPageQuery, prefetchFirstPage } from './FirstPageQuery';
import { FIRST_REQUEST_MAX_AGE_MS, startFirstPageRequests, takeFirstPageRequests, type FirstPageRequest } from './firstPageRequest';

const ADA = [{ id: 4, full_name: 'Ada Lovelace' }];
const user = { id: 7, email: 'u7@example.test', is_admin: false };

/** What the entry chunk's fetch answered (jsdom has no Response: as much of one as the client reads). */
const answered = (status: number, body: unknown) =>
  Promise.resolve({
    ok: status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as unknown as Response);
const early = (response: Promise<Response>, at = performance.now()): FirstPageRequest => ({ key: 'GET /people', at, response });

let fake: ReturnType<typeof installContractApi>;
afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
  takeFirstPageRequests();
  forgetStorageAccount();
});

/** The people page's read, as the page makes it. */
function PeopleNames() {
  const people = useQuery(routeQuery('GET /people'));
  // Asked without paging: the bare array.
  const list = Array.isArray(people.data) ? people.data : null;
  return <p data-testid="names">{list?.map((p) => p.full_name).join(', ') ?? 'loading'}</p>;
}
function Page() {
  const { status } = useSession().state;
  return status === 'signed-in' ? <PeopleNames /> : status === 'signed-out' ? <p>Signed out</p> : null;
}

describe("the early request becomes the page's query", () => {
  it('once signed in, the page finds the answer in the cache: one request for the list in all', async () => {
    fake = installContractApi({ 'GET /auth/session': () => ({ success: true, user, csrf_token: 't' }), 'GET /people': () => ADA });
    startFirstPageRequests('/people');
    const client = testQueryClient();
    render(
      <SessionProvider>
        <FirstPageQuery />
        <Page />
      </SessionProvider>,
      { wrapper: withQueries(client) },
    );
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Ada Lovelace'));
    expect(fake.find('GET', '/people')).toHaveLength(1);
    expect(client.getQueryData(routeKey('GET /people'))).toEqual(ADA);
  });

  it('signed out, the answer is dropped: nothing cached, nothing asked again', async () => {
    fake = installContractApi({ 'GET /auth/session': () => ({ status: 401, body: { success: false, errors: ['Sign in first'] } }) });
    startFirstPageRequests('/people');
    const client = testQueryClient();
    render(
      <SessionProvider>
        <FirstPageQuery />
        <Page />
      </SessionProvider>,
      { wrapper: withQueries(client) },
    );
    await screen.findByText('Signed out');
    expect(takeFirstPageRequests()).toEqual([]);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(fake.find('GET', '/people')).toHaveLength(1);
  });

  it('reads a fresh answer without asking the server', async () => {
    fake = installContractApi({ 'GET /people': () => [] });
    const client = testQueryClient();
    await prefetchFirstPage(client, early(answered(200, ADA)));
    expect(client.getQueryData(routeKey('GET /people'))).toEqual(ADA);
    expect(fake.calls).toHaveLength(0);
  });

  it('asks the server the usual way when the answer is too old, or failed', async () => {
    const now = [{ id: 5, full_name: 'Grace Hopper' }];
    fake = installContractApi({ 'GET /people': () => now });
    const tooOld = performance.now() - FIRST_REQUEST_MAX_AGE_MS - 1;
    for (const sent of [
      early(answered(200, ADA), tooOld),
      early(answered(500, { success: false, errors: ['Database down'] })),
      early(answered(401, { success: false, errors: ['Sign in first'] })),
      early(Promise.reject(new TypeError('Failed to fetch'))),
    ]) {
      const client = testQueryClient();
      await prefetchFirstPage(client, sent);
      expect(client.getQueryData(routeKey('GET /people'))).toEqual(now);
    }
    expect(fake.find('GET', '/people')).toHaveLength(4);
  });
});
