/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetChatStatusCache } from '@cc/ui';
import { DialogProvider } from '@cc/ui/dialogs';
import { MemoryRouter } from '@cc/ui/router';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installFakeApi, type FakeAnswer } from '@cc/ui/testing/fake-api';
import { withQueries } from '@cc/ui/testing/queries';
import { meeting } from '../testing/fixtures';
import { MeetingsTab } from './MeetingsTab';

const PEOPLE = [{ id: 4, full_name: 'Ada Lovelace' }];

let fake: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  jest.setSystemTime(new Date(2026, 2, 5, 9, 7));
  localStorage.clear();
  setStorageAccount('7');
  resetChatStatusCache();
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
  jest.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const wait = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

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
    const u = user();
    await u.click(await screen.findByRole('button', { name: /Budget review/ }));
    const title = await screen.findByLabelText('Title');
    await u.clear(title);
    await u.type(title, 'Budget review with finance');
    // Done at once: the save leaves (blur) but has not landed yet.
    await u.click(screen.getByRole('button', { name: 'Done' }));
    await wait(0);
    expect(fake.find('PATCH', '/meetings/31')).toHaveLength(1);
    const list = await screen.findByTestId('meeting-list');
    expect(within(list).getByTestId('meeting-row').textContent).toContain('Budget review');

    await act(async () => land());
    await wait(0);
    expect(within(screen.getByTestId('meeting-list')).getByTestId('meeting-row').textContent).toContain('Budget review with finance');
  });
});
