/** @jest-environment jsdom */
// First: it provides TextEncoder (jsdom has none), which react-router needs when it loads.
import { installContractApi } from '@cc/ui/testing/contract-api';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import type { CallAnswer } from '@cc/client';
import { withQueries } from '@cc/ui/testing/queries';
import { OnThisDay } from './OnThisDay';

type LookBack = CallAnswer<'GET /journal/{date}/look_back'>;

let fake: ReturnType<typeof installContractApi>;
let answers: Record<string, LookBack | { status: number; body: unknown }>;

beforeEach(() => {
  answers = {};
  fake = installContractApi({
    'GET /journal/{date}/look_back': ({ params }) => answers[params.date!] ?? { success: true, entries: [] },
  });
});

afterEach(() => {
  fake.uninstall();
  fake.assertNoViolations();
});

/** The journal's route: the open day's look back, and the address it is at. */
function Day() {
  const { date } = useParams();
  return (
    <>
      <output data-testid="address">{useLocation().pathname}</output>
      <OnThisDay date={date!} />
    </>
  );
}

const renderDay = (date: string) =>
  render(
    <MemoryRouter initialEntries={[`/journal/${date}`]}>
      <Routes>
        <Route path="/journal/:date" element={<Day />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueries() },
  );

describe('On this day', () => {
  it('names each look back and links its line to that day', async () => {
    answers['2026-06-15'] = {
      success: true,
      entries: [
        { ago: 'one_month', date: '2026-05-15', line: 'Planned the quarter.', url: '/journal/2026-05-15' },
        { ago: 'three_months', date: '2026-03-15', line: 'Shipped the billing fix', url: '/journal/2026-03-15' },
        { ago: 'one_year', date: '2025-06-15', line: 'Started the new role.', url: '/journal/2025-06-15' },
      ],
    };
    answers['2026-03-15'] = {
      success: true,
      entries: [{ ago: 'one_year', date: '2025-03-15', line: 'Two years in.', url: '/journal/2025-03-15' }],
    };
    renderDay('2026-06-15');
    const block = await screen.findByRole('region', { name: 'On this day' });
    const items = within(block).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'A month agoPlanned the quarter.',
      'Three months agoShipped the billing fix',
      'A year agoStarted the new role.',
    ]);
    const link = within(block).getByRole('link', { name: 'Shipped the billing fix' });
    // A real address (a new tab opens the day), followed by the app's router on a click.
    expect(link.getAttribute('href')).toBe('/journal/2026-03-15');
    fireEvent.click(link);
    expect(screen.getByTestId('address').textContent).toBe('/journal/2026-03-15');
    // That day's own look back.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'On this day' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Two years in.' }).getAttribute('href')).toBe('/journal/2025-03-15');
    expect(fake.find('GET', '/journal/2026-03-15/look_back')).toHaveLength(1);
  });

  it('only the ages that have an entry', async () => {
    answers['2026-06-15'] = {
      success: true,
      entries: [{ ago: 'one_year', date: '2025-06-15', line: 'Started the new role.', url: '/journal/2025-06-15' }],
    };
    renderDay('2026-06-15');
    const block = await screen.findByRole('region', { name: 'On this day' });
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.dataset.ago),
    ).toEqual(['one_year']);
    expect(within(block).queryByText('A month ago')).toBeNull();
  });

  it('shows nothing when there are no entries, or when the call fails', async () => {
    const { unmount } = renderDay('2026-06-15');
    await waitFor(() => expect(fake.find('GET', '/journal/2026-06-15/look_back')).toHaveLength(1));
    expect(screen.queryByTestId('journal-on-this-day')).toBeNull();
    unmount();
    answers['2026-06-16'] = { status: 500, body: { success: false, errors: ['boom'] } };
    renderDay('2026-06-16');
    await waitFor(() => expect(fake.find('GET', '/journal/2026-06-16/look_back').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('journal-on-this-day')).toBeNull();
  });
});
