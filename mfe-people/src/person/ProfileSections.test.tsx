/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installFakeApi, type FakeAnswer } from '@cc/ui/testing/fake-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { peopleQuery } from '../people/api/people';
import { person } from '../testing/fixtures';
import { personQuery } from './api/person';
import { ProfileSections } from './ProfileSections';

let fake: ReturnType<typeof installFakeApi>;
let answer: FakeAnswer | (() => Promise<FakeAnswer>);

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setStorageAccount('7');
  answer = { body: { success: true, errors: [], person: person(4, 'Ada Lovelace') } };
  fake = installFakeApi((req) =>
    req.method === 'PATCH' && req.path === '/people/4' ? (typeof answer === 'function' ? answer() : answer) : undefined,
  );
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
  jest.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const roleStatus = () => screen.getByTestId('person-field-basic_profile-role-status');

describe('the profile fields', () => {
  it('shows the basic profile first, with what the server has', () => {
    render(<ProfileSections person={person(4, 'Ada Lovelace', { basic_profile: { role: 'CTO' } })} />, { wrapper: withQueries() });
    expect(screen.getByRole('button', { name: /Basic profile/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Working style/ }).getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByLabelText('Role') as HTMLInputElement).value).toBe('CTO');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it("autosaves a field 600 ms after the last keystroke: 'Typing...', 'Saving...', 'Saved'", async () => {
    let release: (a: FakeAnswer) => void = () => {};
    answer = () => new Promise<FakeAnswer>((resolve) => (release = resolve));
    render(<ProfileSections person={person(4, 'Ada Lovelace')} />, { wrapper: withQueries() });
    await user().type(screen.getByLabelText('Role'), 'Head of Data');
    expect(roleStatus().textContent).toBe('Typing...');
    expect(fake.find('PATCH', '/people/4')).toHaveLength(0);

    await act(async () => jest.advanceTimersByTime(600));
    expect(roleStatus().textContent).toBe('Saving...');
    expect(fake.find('PATCH', '/people/4').map((c) => c.body)).toEqual([
      { basic_profile: { role: 'Head of Data' }, revision: 0, save_id: expect.any(String) },
    ]);

    await act(async () => release({ body: { success: true, errors: [], person: person(4, 'Ada Lovelace') } }));
    expect(roleStatus().textContent).toBe('Saved');
  });

  it("says 'Error saving' when the save fails, and keeps the text to save again", async () => {
    answer = { status: 500, body: { success: false, errors: ['Database unavailable'] } };
    render(<ProfileSections person={person(4, 'Ada Lovelace')} />, { wrapper: withQueries() });
    await user().type(screen.getByLabelText('Company'), 'Analytical Engines');
    await act(async () => jest.advanceTimersByTime(600));
    expect(screen.getByTestId('person-field-basic_profile-company-status').textContent).toBe('Error saving');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Analytical Engines');
    // Nothing is lost: the draft waits in the browser until the server takes it.
    expect(JSON.stringify(localStorage)).toContain('Analytical Engines');
  });

  it('opens another section and saves its fields under that section', async () => {
    render(<ProfileSections person={person(4, 'Ada Lovelace')} />, { wrapper: withQueries() });
    const u = user();
    await u.click(screen.getByRole('button', { name: /Working style/ }));
    await u.type(screen.getByLabelText('How they like to communicate'), 'Short written updates');
    await act(async () => jest.advanceTimersByTime(600));
    expect(fake.find('PATCH', '/people/4').map((c) => c.body)).toEqual([
      { working_style: { communication: 'Short written updates' }, revision: 0, save_id: expect.any(String) },
    ]);
  });

  it('refuses a blank name without asking the server, and renames once a name is typed: the list and the cached person follow', async () => {
    const client = testQueryClient();
    client.setQueryData(peopleQuery().queryKey, [
      { id: 4, full_name: 'Ada Lovelace' },
      { id: 5, full_name: 'Charles Babbage' },
    ]);
    client.setQueryData(personQuery(4).queryKey, { success: true, person: person(4, 'Ada Lovelace') });
    render(<ProfileSections person={person(4, 'Ada Lovelace')} />, { wrapper: withQueries(client) });
    const u = user();
    await u.clear(screen.getByLabelText('Full name'));
    await act(async () => jest.advanceTimersByTime(600));
    expect(screen.getByTestId('person-field-full_name-status').textContent).toBe('Error saving: Please enter a name.');
    expect(fake.find('PATCH', '/people/4')).toHaveLength(0);

    answer = { body: { success: true, errors: [], person: person(4, 'Ada King') } };
    await u.type(screen.getByLabelText('Full name'), 'Ada King');
    await act(async () => jest.advanceTimersByTime(600));
    expect(fake.find('PATCH', '/people/4').map((c) => c.body)).toEqual([
      { full_name: 'Ada King', revision: 0, save_id: expect.any(String) },
    ]);
    expect(client.getQueryData(peopleQuery().queryKey)).toEqual([
      { id: 4, full_name: 'Ada King' },
      { id: 5, full_name: 'Charles Babbage' },
    ]);
    expect(client.getQueryData(personQuery(4).queryKey)?.person.full_name).toBe('Ada King');
  });
  it('a field changed in another tab: the save is refused (409), both versions show, Keep mine saves over the current revision', async () => {
    const saved = { ...person(4, 'Ada Lovelace', { basic_profile: { role: 'CFO' } }), revisions: { 'basic_profile.role': 3 } };
    answer = {
      status: 409,
      body: {
        success: false,
        errors: ['This field was changed elsewhere'],
        current: { field: 'basic_profile.role', content: 'CFO', revision: 3, save_id: 'other-tab' },
      },
    };
    render(
      <ProfileSections
        person={{ ...person(4, 'Ada Lovelace', { basic_profile: { role: 'CTO' } }), revisions: { 'basic_profile.role': 2 } }}
      />,
      { wrapper: withQueries() },
    );
    const u = user();
    const role = screen.getByLabelText('Role') as HTMLInputElement;
    await u.clear(role);
    await u.type(role, 'CEO');
    await act(async () => jest.advanceTimersByTime(600));
    expect(fake.find('PATCH', '/people/4')[0]!.body).toMatchObject({ basic_profile: { role: 'CEO' }, revision: 2 });
    const panel = await screen.findByTestId('conflict-panel');
    expect(panel.querySelector('h3')!.textContent).toBe('“Role” was changed elsewhere');
    expect(screen.getByTestId('conflict-mine').textContent).toContain('CEO');
    expect(screen.getByTestId('conflict-theirs').textContent).toContain('CFO');

    answer = { body: { success: true, errors: [], person: { ...saved, revisions: { 'basic_profile.role': 4 } } } };
    await u.click(screen.getByRole('button', { name: 'Keep mine' }));
    await act(async () => jest.advanceTimersByTime(0));
    expect(fake.find('PATCH', '/people/4')[1]!.body).toMatchObject({ basic_profile: { role: 'CEO' }, revision: 3 });
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    expect(roleStatus().textContent).toBe('Saved');
  });

  it('Take theirs puts the other version in the field and bases the next save on it', async () => {
    answer = {
      status: 409,
      body: { success: false, errors: ['changed'], current: { field: 'basic_profile.role', content: 'CFO', revision: 5 } },
    };
    render(<ProfileSections person={person(4, 'Ada Lovelace')} />, { wrapper: withQueries() });
    const u = user();
    await u.type(screen.getByLabelText('Role'), 'CEO');
    await act(async () => jest.advanceTimersByTime(600));
    await u.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect((screen.getByLabelText('Role') as HTMLInputElement).value).toBe('CFO');
    answer = { body: { success: true, errors: [], person: { ...person(4, 'Ada Lovelace'), revisions: { 'basic_profile.role': 6 } } } };
    await u.type(screen.getByLabelText('Role'), ' (acting)');
    await act(async () => jest.advanceTimersByTime(600));
    expect(fake.find('PATCH', '/people/4').at(-1)!.body).toMatchObject({ basic_profile: { role: 'CFO (acting)' }, revision: 5 });
  });
});
