/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@cc/ui/router';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import { installFakeApi, type FakeAnswer } from '@cc/ui/testing/fake-api';
import { withQueries } from '@cc/ui/testing/queries';
import { ResearchPanel } from './ResearchPanel';
import { Where } from '../testing/Where';

let fake: ReturnType<typeof installFakeApi>;
let answers: FakeAnswer[];
let saved: Record<string, unknown> | null;

const WEB = {
  success: true,
  answer: 'Ada leads data at Analytical Engines [1].\n\nShe spoke at DataConf in 2025 [2], as noted before [1].',
  citations: [
    { url: 'https://example.com/ada', title: 'Ada at Analytical Engines', site: 'example.com' },
    { url: 'https://dataconf.example/talks', title: 'DataConf talks', site: 'dataconf.example' },
  ],
  from_cache: false,
  source: 'web',
  searched_at: '2026-11-23T10:00:00Z',
};

setUpSignedInPage({ fake: () => fake });
beforeEach(() => {
  answers = [];
  saved = null;
  fake = installFakeApi((req) =>
    req.path === '/people/4/perplexity_search'
      ? answers.shift()
      : req.path === '/people/4/research'
        ? { body: { success: true, research: saved } }
        : undefined,
  );
});
function renderPanel() {
  render(
    <MemoryRouter initialEntries={['/people?person=4']}>
      <Routes>
        <Route path="*" element={<ResearchPanel personId={4} name="Ada Lovelace" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
}

describe('the research panel', () => {
  it("shows 'Done' and the answer with numbered citations that open their sources; asking again shows the saved result", async () => {
    answers.push({ body: WEB }, { body: { ...WEB, from_cache: true } });
    renderPanel();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Research Ada Lovelace' }));

    expect((await screen.findByTestId('research-status')).textContent).toBe('Done');
    const answer = screen.getByTestId('research-answer');
    const markers = within(answer)
      .getAllByRole('link', { name: /^Source \d/ })
      .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]);
    expect(markers).toEqual([
      ['[1]', 'https://example.com/ada', '_blank'],
      ['[2]', 'https://dataconf.example/talks', '_blank'],
      ['[1]', 'https://example.com/ada', '_blank'],
    ]);
    const sources = screen.getAllByTestId('research-citation').map((li) => li.textContent);
    expect(sources).toEqual(['Ada at Analytical Engines · example.com', 'DataConf talks · dataconf.example']);
    expect(fake.find('POST', '/people/4/perplexity_search')[0]!.body).toEqual({});

    await u.click(screen.getByRole('button', { name: 'Research Ada Lovelace' }));
    expect((await screen.findByText('Showing saved result')).getAttribute('data-testid')).toBe('research-status');
  });

  it('asks again with refresh when the user wants a new search', async () => {
    answers.push({ body: { ...WEB, from_cache: true } }, { body: WEB });
    renderPanel();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Research Ada Lovelace' }));
    await screen.findByText('Showing saved result');
    await u.click(screen.getByRole('button', { name: 'Search again' }));
    await screen.findByText('Done');
    expect(fake.find('POST', '/people/4/perplexity_search').map((c) => c.body)).toEqual([{}, { refresh: true }]);
  });

  it('links citations of the user’s notes to their full addresses (a new tab or a copied link keeps the file) and follows them in the app', async () => {
    answers.push({
      body: {
        ...WEB,
        source: 'notes',
        answer: 'From your notes [1], a meeting [2], a file [3] and your journal [4].',
        citations: [
          { url: '/people?person=4', title: 'Profile of Ada Lovelace', site: 'Your notes' },
          { url: '/people?person=4&meeting=9', title: 'Quarterly review', site: 'Your notes' },
          { url: '/dashboard?folder=work&file=ada.md', title: 'ada.md', site: 'Your notes' },
          { url: '/journal?date=2026-11-20', title: 'Journal, 2026-11-20', site: 'Your notes' },
        ],
      },
    });
    renderPanel();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Research Ada Lovelace' }));
    await screen.findByText('Done');
    // That no web search is connected is said once, beside the answer, in product words.
    expect(screen.getByTestId('research-when').textContent).toMatch(/^From your notes, .+\. Web search is not connected\.$/);
    expect(screen.getByTestId('research-answer').textContent).not.toContain('Web search');

    await u.click(screen.getByRole('link', { name: 'Quarterly review' }));
    expect(screen.getByTestId('where').textContent).toBe('/people?person=4&meeting=9');

    const file = screen.getByRole('link', { name: 'ada.md' });
    expect(file.getAttribute('href')).toBe('/dashboard?folder=work&file=ada.md');
    await u.click(file);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard?folder=work&file=ada.md');

    // An older stored link is written as the journal day's address.
    expect(screen.getByRole('link', { name: 'Journal, 2026-11-20' }).getAttribute('href')).toBe('/journal/2026-11-20');
    await u.click(screen.getByRole('link', { name: 'Journal, 2026-11-20' }));
    expect(screen.getByTestId('where').textContent).toBe('/journal/2026-11-20');
  });

  it("shows the server's error, or 'Error fetching results' when there is none", async () => {
    answers.push(
      // The kit's failure answer: its errors, and (this call documents it) the first as `error`.
      {
        status: 502,
        body: {
          success: false,
          error: 'The web search took too long to answer. Please try again.',
          errors: ['The web search took too long to answer. Please try again.'],
        },
      },
      { network: true },
    );
    renderPanel();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Research Ada Lovelace' }));
    await screen.findByText('The web search took too long to answer. Please try again.');
    await u.click(screen.getByRole('button', { name: 'Research Ada Lovelace' }));
    await screen.findByText('Error fetching results');
  });
  it('shows the saved result as soon as the tab opens again, without pressing Research (and without searching)', async () => {
    const { success: _s, from_cache: _f, ...research } = WEB;
    saved = research;
    renderPanel();
    expect(await screen.findByText('Showing saved result')).toBeTruthy();
    expect(screen.getByText(/Ada leads data at Analytical Engines/)).toBeTruthy();
    expect(screen.getByTestId('research-when').textContent).toContain('Searched on the web');
    expect(screen.getByTestId('research-when').textContent).not.toContain('not connected');
    expect(fake.find('POST', '/people/4/perplexity_search')).toHaveLength(0);
  });
});
