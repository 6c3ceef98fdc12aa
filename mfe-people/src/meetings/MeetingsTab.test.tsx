/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { DialogProvider } from '@cc/ui/dialogs';
import { MemoryRouter } from '@cc/ui/router';
import { elapse, setUpSignedInPage, timedUser } from '@cc/ui/testing/page';
import type { QueryClient } from '@tanstack/react-query';
import { installContractApi } from '@cc/ui/testing/contract-api';
import { installFakeApi, type FakeAnswer } from '@cc/ui/testing/fake-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import type { Meeting } from './api/meetings';
import { meeting } from '../testing/fixtures';
import { MeetingsTab } from './MeetingsTab';

const PEOPLE = [{ id: 4, full_name: 'Ada Lovelace' }];

let fake: { uninstall(): void; find: ReturnType<typeof installFakeApi>['find'] };

setUpSignedInPage({ clock: new Date(2026, 2, 5, 9, 7), fake: () => fake });

describe('the meetings list', () => {
  it('shows what is stored after the last save, when Done is pressed while a field is still saving (a slow network)', async () => {
    // The server: one meeting, whose title changes only when the slow save lands.
    let current = meeting();
    let land: () => void = () => {};
    fake = installFakeApi((req) => {
      if (req.path === '/people/4/meetings') return { body: { success: true, meetings: [current] } };
      if (req.path === '/meetings/31' && req.method === 'GET') return { body: { success: true, meeting: current } };
      if (req.path === '/meetings/31' && req.method === 'PATCH')
        return new Promise<FakeAnswer>((resolve) => {
          land = () => {
            current = meeting({ ...current, title: (req.body!.meeting as { title: string }).title });
            resolve({ body: { success: true, errors: [], meeting: current } });
          };
        });
      return undefined;
    });
    render(
      <MemoryRouter initialEntries={['/people?person=4']}>
        <DialogProvider>
          <MeetingsTab personId={4} people={PEOPLE} requestedMeetingId={null} onMeetingOpened={() => {}} />
        </DialogProvider>
      </MemoryRouter>,
      { wrapper: withQueries() },
    );
    const u = timedUser();
    await u.click(await screen.findByRole('button', { name: /Budget review/ }));
    const title = await screen.findByLabelText('Title');
    await u.clear(title);
    await u.type(title, 'Budget review with finance');
    // Done at once: the save leaves (blur) but has not landed yet.
    await u.click(screen.getByRole('button', { name: 'Done' }));
    await elapse(0);
    expect(fake.find('PATCH', '/meetings/31')).toHaveLength(1);
    const list = await screen.findByTestId('meeting-list');
    expect(within(list).getByTestId('meeting-row').textContent).toContain('Budget review');

    await act(async () => land());
    await elapse(0);
    expect(within(screen.getByTestId('meeting-list')).getByTestId('meeting-row').textContent).toContain('Budget review with finance');
  });

  describe('another person’s list, read before, follows a meeting written from here (it is invalidated, not read again on a timer)', () => {
    const BOTH = [
      { id: 4, full_name: 'Ada Lovelace' },
      { id: 5, full_name: 'Charles Babbage' },
    ];
    /** The server: meeting 31 with Ada and Charles. */
    function server() {
      let meetings: Meeting[] = [
        meeting({
          attendees: [
            { id: 4, name: 'Ada Lovelace' },
            { id: 5, name: 'Charles Babbage' },
          ],
          attendee_ids: [4, 5],
        }),
      ];
      const api = installContractApi({
        'GET /people/{id}/meetings': ({ params }) => ({
          success: true,
          meetings: meetings.filter((m) => m.attendee_ids.includes(Number(params.id))),
          next_cursor: null,
        }),
        'GET /meetings/{id}': ({ params }) => {
          const found = meetings.find((m) => m.id === Number(params.id));
          return found ? { success: true, meeting: found } : { status: 404, body: { success: false, errors: ['Meeting not found.'] } };
        },
        'PATCH /meetings/{id}': ({ body }) => {
          const changes = (body as { meeting: Partial<Meeting> }).meeting;
          meetings = meetings.map((m) => (m.id === 31 ? { ...m, ...changes, revisions: { ...m.revisions, title: 1 } } : m));
          return { success: true, errors: [], meeting: meetings[0]! };
        },
        'DELETE /meetings/{id}': () => {
          meetings = [];
          return { success: true, errors: [] };
        },
      });
      fake = api;
      return api;
    }
    /** Nothing is read again unless invalidated: what the list shows comes from the cache. */
    function cacheOnly(): QueryClient {
      const client = testQueryClient();
      client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: Infinity } });
      return client;
    }
    const tab = (client: QueryClient, personId: number) =>
      render(
        <MemoryRouter initialEntries={[`/people?person=${personId}`]}>
          <DialogProvider>
            <MeetingsTab personId={personId} people={BOTH} requestedMeetingId={null} onMeetingOpened={() => {}} />
          </DialogProvider>
        </MemoryRouter>,
        { wrapper: withQueries(client) },
      );
    const rows = () => screen.queryAllByTestId('meeting-row').map((row) => row.querySelector('.meeting-row-title')!.textContent);

    it('renamed', async () => {
      const api = server();
      const client = cacheOnly();
      const charles = tab(client, 5);
      await waitFor(() => expect(rows()).toEqual(['Budget review']));
      charles.unmount();

      const ada = tab(client, 4);
      const u = timedUser();
      await u.click(await screen.findByRole('button', { name: /Budget review/ }));
      const title = await screen.findByLabelText('Title');
      await u.clear(title);
      await u.type(title, 'Budget review with finance');
      await u.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(rows()).toEqual(['Budget review with finance']));
      ada.unmount();

      tab(client, 5);
      await waitFor(() => expect(rows()).toEqual(['Budget review with finance']));
      // From the cache: Charles's list was read once before, and once again after the rename.
      expect(api.find('GET', '/people/5/meetings')).toHaveLength(2);
      api.assertNoViolations();
    });

    it('deleted', async () => {
      const api = server();
      const client = cacheOnly();
      const charles = tab(client, 5);
      await waitFor(() => expect(rows()).toEqual(['Budget review']));
      charles.unmount();
      const ada = tab(client, 4);
      const u = timedUser();
      await u.click(await screen.findByRole('button', { name: /Budget review/ }));
      await u.click(await screen.findByTestId('meeting-delete'));
      await u.click(within(await screen.findByRole('dialog', { name: 'Delete meeting' })).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(rows()).toEqual([]));
      ada.unmount();
      tab(client, 5);
      expect(await screen.findByText('No meetings yet...')).toBeTruthy();
      api.assertNoViolations();
    });
  });
});
