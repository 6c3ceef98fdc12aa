/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SearchAnswer, SearchGroup, SearchKind, SearchResult } from '@cc/contracts';
import { fileAddress, journalAddress, personAddress } from '@cc/contracts/addresses';
import { formatDayLong } from '@cc/contracts/dates';
import { forgetStorageAccount } from '@cc/ui/storage';
import { installContractApi, type ContractRequest } from '@cc/ui/testing/contract-api';
import { withQueries } from '@cc/ui/testing/queries';
import { SessionProvider } from '../session/SessionProvider';
import { ProtectedLayout } from '../layout/ProtectedLayout';
import { Highlighted } from './Highlighted';
import SearchPalette from './SearchPalette';
import { partialNote } from './kinds';

const result = (
  kind: SearchKind,
  id: string,
  title: string,
  snippet: string,
  highlights: Array<[number, number]>,
  url: string,
): SearchResult => ({
  kind,
  id,
  title,
  snippet,
  highlights,
  url,
  updated_at: '2026-11-20T10:00:00.000Z',
  generated: false,
});

const MIGRATION_FILE = fileAddress('career-goals', 'migration.md');
const MIGRATION_DAY = journalAddress('2026-11-03');
const GROUPS: SearchGroup[] = [
  {
    kind: 'file',
    total: 7,
    results: [
      result('file', '12', 'migration.md', 'Led the billing migration in Q3', [[16, 25]], MIGRATION_FILE),
      result('file', '13', 'goals.md', 'After the migration, own the platform', [[10, 19]], fileAddress('career-goals', 'goals.md')),
    ],
  },
  {
    kind: 'journal',
    total: 1,
    results: [result('journal', '2026-11-03', '3 November 2026', 'Planned the migration with Sam', [[12, 21]], MIGRATION_DAY)],
  },
  { kind: 'todo', total: 0, results: [] },
  { kind: 'person', total: 1, results: [result('person', '4', 'Sam Migrant', 'Platform lead', [], personAddress(4))] },
];

type Answer = SearchAnswer | { status: number; body: unknown } | Promise<SearchAnswer>;
let answerSearch: (q: string, req: ContractRequest) => Answer;
let api: ReturnType<typeof installContractApi>;

const found = (q: string, groups: SearchGroup[] = GROUPS, partial: SearchAnswer['partial'] = []): SearchAnswer => ({
  success: true,
  query: q,
  groups,
  partial,
});

beforeEach(() => {
  localStorage.clear();
  answerSearch = (q) => found(q);
  api = installContractApi({
    'GET /auth/session': () => ({ success: true, user: { id: 7, email: 'a@example.test', is_admin: false }, csrf_token: 't' }),
    'GET /search': (req) => answerSearch((req.query as { q: string }).q, req),
  });
});

afterEach(() => {
  api.uninstall();
  api.assertNoViolations();
  forgetStorageAccount();
  jest.restoreAllMocks();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function Page({ name }: { name: string }) {
  return (
    <>
      <p>{name}</p>
      <button type="button">Something on the page</button>
    </>
  );
}

async function renderShell() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/planning']}>
      <SessionProvider>
        <Routes>
          <Route element={<ProtectedLayout />}>
            <Route path="/planning" element={<Page name="Planning page" />} />
            <Route path="/dashboard" element={<Page name="Dashboard page" />} />
            <Route path="/journal/:date" element={<Page name="Journal page" />} />
            <Route path="/people" element={<Page name="People page" />} />
          </Route>
        </Routes>
        <Address />
      </SessionProvider>
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
  await screen.findByText('Planning page');
  return user;
}

const palette = () => screen.findByRole('dialog', { name: 'Search' });
const field = () => screen.getByRole('combobox', { name: 'Search your workspace' });
const searches = () => api.find('GET', '/search').map((c) => c.query.get('q'));

describe('opening the palette', () => {
  it('Ctrl-K from the page opens it with the focus in its field, and a hint while nothing is typed', async () => {
    const user = await renderShell();
    screen.getByRole('button', { name: 'Something on the page' }).focus();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await palette();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(within(dialog).getByText(/Search your files, journal/)).toBeTruthy();
    expect(searches()).toEqual([]);
    // The first opening waited for the palette's code (the header field held the focus meanwhile):
    // Escape still gives the focus back to the page.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Something on the page' }));
  });

  it('⌘-K opens it too', async () => {
    const user = await renderShell();
    await user.keyboard('{Meta>}k{/Meta}');
    await palette();
  });

  it('the header field opens it, and a character typed on the field starts the search', async () => {
    const user = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
    await user.keyboard('m');
    await palette();
    expect(field()).toHaveProperty('value', 'm');
  });
});

describe('keys typed while it opens', () => {
  it('keeps the letters the header field caught after the palette mounted (before the focus moved in)', async () => {
    const palette = (initialQuery: string) => (
      <MemoryRouter>
        <SearchPalette initialQuery={initialQuery} onClose={() => undefined} />
      </MemoryRouter>
    );
    const { rerender } = render(palette('mi'), { wrapper: withQueries() });
    await waitFor(() => expect(field()).toHaveProperty('value', 'mi'));
    rerender(palette('mig'));
    rerender(palette('migr'));
    await waitFor(() => expect(field()).toHaveProperty('value', 'migr'));
  });
});

describe('searching', () => {
  it('shows the results grouped by kind, the matched words marked from the offsets, and a group’s total when more exist', async () => {
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');

    const files = await screen.findByRole('group', { name: 'Files' });
    // migration.md starts with what was typed: it is the top hit, above its group and not in it again.
    expect(
      within(files)
        .getAllByRole('option')
        .map((o) => o.querySelector('.search-result-title')!.textContent),
    ).toEqual(['goals.md']);
    expect(within(files).getByText('2 of 7')).toBeTruthy();
    const first = within(screen.getByRole('group', { name: 'Top hit' })).getByRole('option');
    expect(first.textContent).toContain('Led the billing migration in Q3');
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['migration']);
    expect(first.getAttribute('href')).toBe(MIGRATION_FILE);

    const groups = screen
      .getAllByRole('group')
      .map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent);
    expect(groups).toEqual(['Top hit', 'Files', 'Journal', 'People']);
    expect(within(screen.getByRole('group', { name: 'Journal' })).queryByText(/of/)).toBeNull();
    expect(screen.getByText('4 results for “migr”').className).toBe('search-sr-only');
    // Debounced: one request for the word, not one per key.
    expect(searches()).toEqual(['migr']);
  });

  it('keeps the previous results while the next search loads, and aborts a search it no longer needs', async () => {
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'mig');
    await screen.findByRole('group', { name: 'Files' });

    let release!: () => void;
    answerSearch = (q) => new Promise((resolve) => (release = () => resolve(found(q, GROUPS.slice(1)))));
    await user.type(field(), 'r');
    await waitFor(() => expect(searches()).toEqual(['mig', 'migr']));
    // Still the answer for "mig" on screen, marked busy.
    expect(screen.getByRole('group', { name: 'Files' })).toBeTruthy();
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');

    await user.type(field(), 'a');
    await waitFor(() => expect(searches()).toEqual(['mig', 'migr', 'migra']));
    const signals = api.fetchMock.mock.calls
      .filter(([url]) => String(url).includes('/search'))
      .map(([, init]) => (init as RequestInit).signal!);
    await waitFor(() => expect(signals[1]!.aborted).toBe(true));
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Files' })).toBeNull());
    expect(screen.getByRole('group', { name: 'Journal' })).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    answerSearch = (q) => found(q, [{ kind: 'file', total: 0, results: [] }]);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'zebra');
    expect(await screen.findByText('No results for “zebra”')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
    // No rows to move through: no keys to move with.
    expect((document.querySelector('.search-keys') as HTMLElement).hidden).toBe(true);
    // A phrase typed in straight quotes is not quoted twice.
    await user.clear(field());
    await user.type(field(), '"zebra crossing"');
    expect(await screen.findByText('No results for “zebra crossing”')).toBeTruthy();
  });

  it('shows a failed search with Retry, which asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSearch = () => ({ status: 503, body: { success: false, errors: ['Search is unavailable'] } });
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search failed: Search is unavailable');

    answerSearch = (q) => found(q);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('group', { name: 'Files' });
    expect(screen.queryByRole('alert')).toBeNull();
    // The failed search was tried twice (one quick retry), then Retry asked once more.
    expect(searches()).toEqual(['migr', 'migr', 'migr']);
  });

  it('names the domains that did not answer in one line', async () => {
    answerSearch = (q) =>
      found(
        q,
        GROUPS.filter((g) => g.kind !== 'todo'),
        ['coaching'],
      );
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    expect(await screen.findByText('Some results are missing: planning did not answer.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Files' })).toBeTruthy();
  });
});

describe('choosing a result', () => {
  it('arrows move the active row and Enter opens it in this tab, closing the palette', async () => {
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    const options = await screen.findAllByRole('option');
    expect(field().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    expect(options[2]!.getAttribute('aria-selected')).toBe('true');
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Up from the first row wraps to the last.
    expect(field().getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).toBe(options[2]!.id);

    await user.keyboard('{Enter}');
    await screen.findByText('Journal page');
    expect(screen.getByTestId('address').textContent).toBe(MIGRATION_DAY);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Ctrl-Enter opens the active row in a new tab; a click on a row opens it here', async () => {
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    await screen.findAllByRole('option');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(opened).toHaveBeenCalledWith(MIGRATION_FILE, '_blank', 'noopener');
    expect(screen.getByTestId('address').textContent).toBe('/planning');

    await user.click(screen.getByRole('option', { name: /Sam Migrant/ }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(personAddress(4)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after opening a result the focus is not left on the header field: the next key typed is the page’s', async () => {
    const user = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await palette();
    await user.type(field(), 'migr');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    await screen.findByText('Dashboard page');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Search' }));
    await user.keyboard('h');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Tab from the field goes to the close button and back, not to the rows (out of the Tab order)', async () => {
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await palette();
    await user.type(field(), 'migr');
    await screen.findAllByRole('option');
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(field());
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('Escape closes the palette and gives the focus back to where it was', async () => {
    const user = await renderShell();
    const before = screen.getByRole('button', { name: 'Something on the page' });
    before.focus();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(before);
    expect(screen.getByTestId('address').textContent).toBe('/planning');

    // Opened again: a fresh, empty field.
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    expect(field()).toHaveProperty('value', '');
  });
});

describe('the top hit', () => {
  const ADA = result('person', '4', 'Ada Lovelace', 'Ada Lovelace', [[0, 3]], personAddress(4));
  const ADA_GROUPS: SearchGroup[] = [
    {
      kind: 'file',
      total: 2,
      results: [
        result('file', '12', 'migration.md', 'Asked Ada about the migration', [[6, 9]], MIGRATION_FILE),
        result('file', '13', 'goals.md', 'Ada thinks I should lead', [[0, 3]], fileAddress('career-goals', 'goals.md')),
      ],
    },
    {
      kind: 'journal',
      total: 1,
      results: [result('journal', '2026-11-03', 'Journal – Tuesday, 3 November 2026', 'Lunch with Ada', [[11, 14]], MIGRATION_DAY)],
    },
    {
      kind: 'person',
      total: 2,
      results: [ADA, result('person', '5', 'Sam Park', 'Works with Ada', [[11, 14]], personAddress(5))],
    },
  ];

  it('is the person named as typed, above the files, shown once, named by kind, and the first row the arrows reach', async () => {
    answerSearch = (q) => found(q, ADA_GROUPS);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'ada');

    const top = await screen.findByRole('group', { name: 'Top hit' });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.querySelector('.search-result-title')!.textContent)).toEqual([
      'Ada Lovelace',
      'migration.md',
      'goals.md',
      formatDayLong('2026-11-03'),
      'Sam Park',
    ]);
    expect(within(top).getByRole('option')).toBe(options[0]);
    expect(within(top).getByText('Person')).toBeTruthy();
    expect(options[0]!.getAttribute('aria-describedby')).toBe(within(top).getByText('Person').id);
    expect([...options[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Ada']);
    // Shown once: not again under People, whose count still says two of two are on screen.
    expect(
      within(screen.getByRole('group', { name: 'People' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sam ParkWorks with Ada']);
    expect(screen.getByText('5 results for “ada”').className).toBe('search-sr-only');

    expect(field().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(field().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    await screen.findByText('People page');
    expect(screen.getByTestId('address').textContent).toBe(personAddress(4));
  });

  it('is absent when no title matches (the words only in the text), and rows keep their kinds’ order', async () => {
    answerSearch = (q) => found(q, ADA_GROUPS);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'lunch');
    await screen.findByRole('group', { name: 'Files' });
    expect(screen.queryByRole('group', { name: 'Top hit' })).toBeNull();
    expect(screen.getAllByRole('option')[0]!.getAttribute('href')).toBe(MIGRATION_FILE);
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('a journal row', () => {
  it('shows the day alone in the user’s words for it, under the Journal heading and as the top hit', async () => {
    answerSearch = (q) =>
      found(q, [
        {
          kind: 'journal',
          total: 2,
          results: [
            result(
              'journal',
              '2026-11-03',
              'Journal – Tuesday, 3 November 2026',
              'Moved to Wednesday: the migration',
              [[9, 18]],
              MIGRATION_DAY,
            ),
            result(
              'journal',
              '2026-11-04',
              'Journal – Wednesday, 4 November 2026',
              'Wednesday standup',
              [[0, 9]],
              journalAddress('2026-11-04'),
            ),
          ],
        },
      ]);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'wednesday');
    // The second day's date starts with what was typed (the first only holds the word).
    const top = await screen.findByRole('group', { name: 'Top hit' });
    const day = within(top).getByRole('option');
    expect(day.querySelector('.search-result-title')!.textContent).toBe(formatDayLong('2026-11-04'));
    expect(day.querySelector('.search-result-title')!.textContent).toMatch(/^Wednesday,? 4 November 2026$/);
    expect(day.querySelector('.search-result-snippet mark')!.textContent).toBe('Wednesday');
    expect(within(top).getByText('Journal')).toBeTruthy();

    const rows = within(screen.getByRole('group', { name: 'Journal' })).getAllByRole('option');
    expect(rows.map((row) => row.querySelector('.search-result-title')!.textContent)).toEqual([formatDayLong('2026-11-03')]);
    expect(screen.queryByText(/Journal –/)).toBeNull();
  });
});

describe('a row', () => {
  it('found by its title alone marks the title and does not repeat it as a snippet', async () => {
    answerSearch = (q) =>
      found(q, [
        {
          kind: 'todo',
          total: 1,
          results: [result('todo', '3', 'Write the migration plan', 'Write the migration plan', [[10, 19]], '/planning')],
        },
        {
          kind: 'meeting',
          total: 1,
          results: [result('meeting', '5', 'Migration check-in · Nov 20, 2026', 'Migration check-in', [[0, 9]], personAddress(4))],
        },
      ]);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    // The meeting's title starts with what was typed: it is the top hit, above the todo.
    const [meeting, todo] = await screen.findAllByRole('option');
    for (const row of [todo!, meeting!]) {
      expect(row.querySelector('.search-result-snippet')).toBeNull();
      expect(row.querySelector('.search-result-title mark')!.textContent).toMatch(/^migration$/i);
    }
    expect(meeting!.querySelector('.search-result-title')!.textContent).toBe('Migration check-in');
    expect(meeting!.querySelector('.search-result-when')!.textContent).toBe('Nov 20, 2026');
  });

  it('gives a check-in’s period a line of its own, so a long question does not cut it off', async () => {
    const title = 'Which of your outcomes for the week did you reach, and which not? · Week 47, 2026 (16 Nov – 22 Nov)';
    answerSearch = (q) =>
      found(q, [
        {
          kind: 'checkin',
          total: 1,
          results: [result('checkin', '19:2026-W47', title, 'Missed: billing migration', [[16, 25]], '/coaching')],
        },
      ]);
    const user = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.type(field(), 'migr');
    const [row] = await screen.findAllByRole('option');
    expect(row!.querySelector('.search-result-title')!.textContent).toBe(
      'Which of your outcomes for the week did you reach, and which not?',
    );
    expect(row!.querySelector('.search-result-when')!.textContent).toBe('Week 47, 2026 (16 Nov – 22 Nov)');
    expect(row!.querySelector('.search-result-snippet mark')!.textContent).toBe('migration');
  });
});

describe('marks', () => {
  it('are built from text slices: markup in a snippet stays text, and offsets out of range are skipped', () => {
    const { container } = render(
      <Highlighted
        text="<img src=x onerror=alert(1)> the migration plan"
        highlights={[
          [33, 42],
          [1, 4],
          [2, 3],
          [40, 90],
          [5, 5],
        ]}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> the migration plan');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['img', 'migration']);
  });

  it('the partial note names each missing section', () => {
    expect(partialNote([])).toBeNull();
    expect(partialNote(['files', 'people'])).toBe('Some results are missing: files and people did not answer.');
    expect(partialNote(['files', 'coaching', 'people'])).toBe('Some results are missing: files, planning and people did not answer.');
  });
});
