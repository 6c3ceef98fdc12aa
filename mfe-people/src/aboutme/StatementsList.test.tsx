/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpSignedInPage } from '@cc/ui/testing/page';
import type { ProfileStatement } from './api/profile';
import { installFakeApi } from '@cc/ui/testing/fake-api';
import { profileWith, renderPanel } from './testing';

let fake: ReturnType<typeof installFakeApi>;
setUpSignedInPage({ fake: () => fake });
beforeEach(() => {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
});

const WINS = { source: 'work-profile/wins.md', source_url: '/dashboard?folder=work-profile&file=wins.md' };
const DAY = { source: 'journal entry of 2026-03-05', source_url: '/journal/2026-03-05' };

/** A profile of `statements`, with verify answered as the server does. */
function serve(statements: ProfileStatement[]) {
  let stored = statements.map((s) => ({ ...s }));
  fake = installFakeApi((req) => {
    if (req.path === '/profile') return { body: profileWith({ ai_profile_narrative: 'Summary', statements: stored }) };
    if (req.path === '/profile/generation_status') return { body: { success: true, generation: null } };
    if (req.path === '/profile/verify_statement') {
      stored = stored.map((s, i) => (i === req.body!.index ? { ...s, status: req.body!.status as ProfileStatement['status'] } : s));
      return { body: { success: true, statements: stored } };
    }
    return undefined;
  });
}

const shown = () => screen.queryAllByTestId('aboutme-statement').map((li) => li.querySelector('p')!.textContent);

describe('a long statements list', () => {
  it('counts, shows 50 to review at first, collapses the reviewed ones and leaves the rejected out unless a filter asks', async () => {
    const many: ProfileStatement[] = Array.from({ length: 200 }, (_, i) => ({ text: `Claim ${i}.`, ...(i % 2 ? WINS : DAY) }));
    many[0] = { ...many[0]!, status: 'verified' };
    many[1] = { ...many[1]!, status: 'rejected' };
    many[2] = { ...many[2]!, status: 'unverified' };
    serve(many);
    renderPanel();
    const u = userEvent.setup();
    expect((await screen.findByTestId('aboutme-count')).textContent).toBe(
      '200 statements · 197 to review · 1 verified · 1 unsure · 1 rejected',
    );
    expect(shown()).toHaveLength(50 + 2);
    const reviewed = screen.getByTestId('aboutme-reviewed') as HTMLDetailsElement;
    expect(reviewed.open).toBe(false);
    expect(within(reviewed).getByText('Reviewed (2)')).toBeTruthy();
    expect(shown()).not.toContain('Claim 1.');
    await u.click(screen.getByRole('button', { name: 'Show 50 more of 147' }));
    expect(shown()).toHaveLength(100 + 2);

    await u.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    expect(shown()).toEqual(['Claim 1.']);
    await u.selectOptions(screen.getByLabelText('Status'), 'All but rejected');
    await u.selectOptions(screen.getByLabelText('Source'), 'Journal, Thu 5 Mar (100)');
    expect(shown().every((t) => Number(/\d+/.exec(t!)![0]) % 2 === 0)).toBe(true);

    // Rejecting one in review takes it out of the list.
    await u.click(screen.getByRole('button', { name: 'Review statements' }));
    const [fourth] = screen.getAllByTestId('aboutme-statement');
    expect(fourth!.textContent).toContain('Claim 4.');
    await u.click(within(fourth!).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(shown()).not.toContain('Claim 4.'));
    expect(screen.getByTestId('aboutme-count').textContent).toContain('2 rejected');
  });

  it("a statement's address opens the review on it, shown whatever its status, scrolled to and highlighted", async () => {
    serve([
      { text: 'First.', ...WINS },
      { text: 'Said wrong.', ...DAY, status: 'rejected' },
      { text: 'Third.', ...WINS },
    ]);
    renderPanel('/dashboard?about=statements&statement=2');
    const target = await screen.findByText('Said wrong.');
    const item = target.closest('li')!;
    expect(screen.getByRole('tab', { name: 'AI' }).getAttribute('aria-selected')).toBe('true');
    expect(item.getAttribute('aria-current')).toBe('true');
    expect(item.className).toContain('aboutme-statement-focus');
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(screen.getByRole('button', { name: 'Done reviewing' })).toBeTruthy();
    // Its source reads as a day in the user's way of writing dates, and links to the day's address.
    expect(within(item).getByRole('link', { name: 'Journal, Thu 5 Mar' }).getAttribute('href')).toBe('/journal/2026-03-05');
  });

  it('?about=me opens the panel as by default (here the AI tab: there is a summary), not in review', async () => {
    serve([{ text: 'First.', ...WINS }]);
    renderPanel('/dashboard?about=me');
    expect(await screen.findByText('First.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'AI' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Review statements' })).toBeTruthy();
  });

  it("the source 'Your About me details' opens the details: the Edit tab", async () => {
    serve([{ text: 'I lead the platform team.', source: 'profile details', source_url: '/dashboard?about=me' }]);
    renderPanel('/dashboard');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('link', { name: 'Your About me details' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard?about=me');
    expect(screen.getByRole('tab', { name: 'Edit' }).getAttribute('aria-selected')).toBe('true');
  });
});
