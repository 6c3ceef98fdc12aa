/** @jest-environment jsdom */
// First: jsdom has no TextEncoder, which react-router needs when it loads.
import '@cc/ui/testing/text-encoding';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from '@cc/ui/router';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import { installFakeApi } from '@cc/ui/testing/fake-api';
import { withQueries } from '@cc/ui/testing/queries';
import { meeting, person } from '../testing/fixtures';
import PeoplePage from './PeoplePage';
import { Where } from '../testing/Where';

let fake: ReturnType<typeof installFakeApi>;
let people: { id: number; full_name: string }[];

setUpSignedInPage({ fake: () => fake });
beforeEach(() => {
  people = [
    { id: 4, full_name: 'Ada Lovelace' },
    { id: 5, full_name: 'Charles Babbage' },
  ];
  fake = installFakeApi((req) => {
    if (req.path === '/people' && req.method === 'GET') return { body: people };
    if (req.path === '/people' && req.method === 'POST') {
      const name = (req.body!.person as { full_name: string }).full_name;
      people.push({ id: 6, full_name: name });
      return { status: 201, body: { success: true, errors: [], person: person(6, name) } };
    }
    const one = /^\/people\/(\d+)$/.exec(req.path);
    if (one && req.method === 'GET') {
      const p = people.find((x) => x.id === Number(one[1]));
      return p ? { body: { success: true, person: person(p.id, p.full_name) } } : undefined;
    }
    if (/^\/meetings\/9$/.test(req.path) && req.method === 'GET')
      return {
        body: {
          success: true,
          meeting: meeting({
            id: 9,
            title: 'Quarterly review',
            attendees: [{ id: 5, name: 'Charles Babbage' }],
            attendee_ids: [5],
            goals: 'Agree the plan',
          }),
        },
      };
    if (/^\/people\/5\/meetings$/.test(req.path) && req.method === 'GET')
      return {
        body: {
          success: true,
          meetings: [
            {
              id: 9,
              title: 'Quarterly review',
              meeting_date: '2026-03-05T14:30',
              short_date: 'Mar 5, 2026',
              attendees: [{ id: 5, name: 'Charles Babbage' }],
            },
          ],
        },
      };
    if (one && req.method === 'DELETE') {
      people = people.filter((x) => x.id !== Number(one[1]));
      return { body: { success: true, errors: [] } };
    }
    return undefined;
  });
});
/** The browser's Back button. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

function renderPage(at: string | string[] = '/people') {
  render(
    <MemoryRouter initialEntries={Array.isArray(at) ? at : [at]} initialIndex={Array.isArray(at) ? at.length - 1 : 0}>
      <Routes>
        <Route path="/people" element={<PeoplePage />} />
      </Routes>
      <Where />
      <Back />
    </MemoryRouter>,
    { wrapper: withQueries() },
  );
}

/**
 * The pointer entering the list loads dnd-kit, which then takes the list over (a remount): wait
 * for it, as a person's click never comes within the same millisecond as the hover.
 */
async function dndLoaded(u: ReturnType<typeof userEvent.setup>) {
  await u.hover(await screen.findByRole('list', { name: 'People' }));
  await waitFor(() => expect(screen.getAllByRole('button', { name: /^Move / })[0]!.getAttribute('aria-describedby')).toBeTruthy());
}

const names = () => screen.getAllByTestId('person-row').map((row) => row.querySelector('.person-link')!.textContent);
const shown = async () => (await screen.findByTestId('person-content')).getAttribute('data-person-id');

describe('the people page', () => {
  it('lists the people in their order and shows the one the address names (the first one otherwise)', async () => {
    renderPage('/people?person=5');
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace', 'Charles Babbage']));
    expect(await shown()).toBe('5');
    expect(screen.getByRole('link', { name: 'Charles Babbage' }).getAttribute('aria-current')).toBe('page');

    const u = userEvent.setup();
    await dndLoaded(u);
    await u.click(screen.getByRole('link', { name: 'Ada Lovelace' }));
    expect(screen.getByTestId('where').textContent).toBe('/people?person=4');
    await waitFor(async () => expect(await shown()).toBe('4'));
  });

  it('adds a person at the end and opens them', async () => {
    renderPage();
    const u = userEvent.setup();
    await dndLoaded(u);
    await u.type(await screen.findByLabelText("New person's name"), 'Grace Hopper{Enter}');
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace', 'Charles Babbage', 'Grace Hopper']));
    expect(fake.find('POST', '/people')[0]!.body).toEqual({ person: { full_name: 'Grace Hopper' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/people?person=6'));
    expect(await shown()).toBe('6');
  });

  it('deletes a person only after the in-app confirmation', async () => {
    renderPage();
    const u = userEvent.setup();
    await dndLoaded(u);
    await u.click(await screen.findByRole('button', { name: 'Delete Charles Babbage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete person' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.find('DELETE', '/people/5')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Delete Charles Babbage' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Delete person' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace']));
    expect(fake.find('DELETE', '/people/5')).toHaveLength(1);
  });
  describe('addresses', () => {
    it('a person’s research view: /people?person=5&view=research opens the Research tab; choosing a tab writes it', async () => {
      renderPage('/people?person=5&view=research');
      expect(await shown()).toBe('5');
      const research = await screen.findByRole('tab', { name: 'Research' });
      expect(research.getAttribute('aria-selected')).toBe('true');
      expect(await screen.findByRole('button', { name: 'Research Charles Babbage' })).toBeTruthy();
      await userEvent.setup().click(screen.getByRole('tab', { name: 'Meetings' }));
      expect(screen.getByTestId('where').textContent).toBe('/people?person=5&view=meetings');
    });

    it('a profile section: &section=working_style is opened (the default one stays too)', async () => {
      renderPage('/people?person=4&section=working_style');
      const toggle = await screen.findByRole('button', { name: /Working style/ });
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('button', { name: /Basic profile/ }).getAttribute('aria-expanded')).toBe('true');
    });

    it('a section opened by hand is named in the address, without a jump; closing it takes it out', async () => {
      const u = userEvent.setup();
      renderPage('/people?person=4');
      const toggle = await screen.findByRole('button', { name: /Working style/ });
      const scrolled = jest.fn();
      const before = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = scrolled;
      await u.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByTestId('where').textContent).toBe('/people?person=4&section=working_style');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(scrolled).not.toHaveBeenCalled();
      Element.prototype.scrollIntoView = before;
      await u.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.getByTestId('where').textContent).toBe('/people?person=4');
    });

    it('a meeting: &meeting=9 opens its modal on the meetings tab; Done leaves the person’s meetings in the address', async () => {
      renderPage('/people?person=5&meeting=9');
      expect(await screen.findByDisplayValue('Quarterly review')).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Meetings' }).getAttribute('aria-selected')).toBe('true');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/people?person=5&view=meetings'));
    });

    it('a meeting with &section=notes (a search result that matched there) opens on its Notes tab, not the profile’s Notes', async () => {
      renderPage('/people?person=5&meeting=9&section=notes');
      expect(await screen.findByDisplayValue('Quarterly review')).toBeTruthy();
      expect(screen.getByTestId('meeting-tab-notes').getAttribute('aria-selected')).toBe('true');
      expect(screen.getByTestId('meeting-tab-goals').getAttribute('aria-selected')).toBe('false');
      expect(screen.getByRole('button', { name: /^Notes/, hidden: true }).getAttribute('aria-expanded')).toBe('false');
    });

    it('a section that is not a meeting’s opens the meeting on its first tab', async () => {
      renderPage('/people?person=5&meeting=9&section=working_style');
      expect(await screen.findByDisplayValue('Quarterly review')).toBeTruthy();
      expect(screen.getByTestId('meeting-tab-goals').getAttribute('aria-selected')).toBe('true');
    });

    it('a meeting opened from the list is a step Back closes (as a phone user closes a modal); Done goes back over it', async () => {
      const u = userEvent.setup();
      renderPage(['/dashboard', '/people?person=5&view=meetings']);
      await u.click(await screen.findByTestId('meeting-row'));
      expect(await screen.findByDisplayValue('Quarterly review')).toBeTruthy();
      expect(screen.getByTestId('where').textContent).toBe('/people?person=5&meeting=9');
      await u.click(screen.getByRole('button', { name: 'Browser back' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/people?person=5&view=meetings'));
      await waitFor(() => expect(screen.queryByDisplayValue('Quarterly review')).toBeNull());

      // Opened again and closed by Done: the address is the meetings again, and Back leaves them
      // (no second entry of the same meetings list to press through).
      await u.click(screen.getByTestId('meeting-row'));
      expect(await screen.findByDisplayValue('Quarterly review')).toBeTruthy();
      await u.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/people?person=5&view=meetings'));
      await u.click(screen.getByRole('button', { name: 'Browser back' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    });
  });
});
