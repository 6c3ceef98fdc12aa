/** @jest-environment jsdom */
import { clicksLeftToBrowser } from '../testing/links';
import '@cc/ui/testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { milestoneAddress } from '@cc/contracts/addresses';
import { milestone, todo } from '../testing/fixtures';
import { openPlanning as open, servePlanning } from '../testing/page';

/**
 * The rows have no handlers of their own: the list answers their boxes, buttons and links
 * (TodoList.tsx). What a user does on a row must still do what it did.
 */
const todos = [
  todo({ id: 1, title: 'Call Sam', milestone_id: 5, tags: ['work', 'career'], due_date: '2026-03-03' }),
  todo({ id: 2, title: 'Send the deck', source_label: 'Meeting with Ana', source_url: '/people/3/meetings/9' }),
];
const milestones = [milestone({ id: 5, title: 'Lead the launch' })];

const server = servePlanning(() => ({
  'GET /planning/todos': () => ({ success: true, todos }),
  'GET /planning/milestones': () => ({ success: true, milestones: milestones.map((m) => ({ ...m, progress: { done: 0, total: 1 } })) }),
  'DELETE /planning/todos/{id}': () => ({ success: true, errors: [] }),
}));

const rowOf = (title: string) => screen.getAllByTestId('todo-row').find((row) => row.textContent?.includes(title))!;

describe('a todo row', () => {
  it('shows its parts as before: box, title, date, milestone and source links with their addresses, tags, Edit and Delete named for the todo', async () => {
    open('/planning/all_todos');
    await screen.findByText('Call Sam');
    const row = rowOf('Call Sam');
    expect(within(row).getByRole('checkbox', { name: 'Mark "Call Sam" done' })).toHaveProperty('checked', false);
    expect(within(row).getByRole('link', { name: '◆ Lead the launch' }).getAttribute('href')).toBe(milestoneAddress(5));
    expect(within(row).getByRole('list', { name: 'Tags' }).textContent).toBe('workcareer');
    expect(row.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-03');
    expect(within(row).getByRole('button', { name: 'Edit “Call Sam”' }).textContent).toBe('Edit');
    expect(within(row).getByRole('button', { name: 'Delete “Call Sam”' }).textContent).toBe('Delete');
    expect(within(rowOf('Send the deck')).getByRole('link', { name: 'Meeting with Ana' }).getAttribute('href')).toBe(
      '/people/3/meetings/9',
    );
  });

  it('Edit opens the todo in its modal; Delete asks first', async () => {
    open('/planning/all_todos');
    await screen.findByText('Call Sam');
    fireEvent.click(within(rowOf('Call Sam')).getByRole('button', { name: 'Edit “Call Sam”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit todo' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Call Sam');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit todo' })).toBeNull());

    fireEvent.click(within(rowOf('Send the deck')).getByRole('button', { name: 'Delete “Send the deck”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete todo' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server().find('DELETE', '/planning/todos/2')).toHaveLength(1));
  });

  it('a plain click on the milestone link is the router’s navigation; a modified or middle click is left to the browser', async () => {
    open('/planning/all_todos');
    await screen.findByText('Call Sam');
    const link = within(rowOf('Call Sam')).getByRole('link', { name: '◆ Lead the launch' });
    expect(clicksLeftToBrowser(link)).toEqual([true, true, true, true, false]);
    // The milestones tab, with that milestone's card highlighted.
    await waitFor(() => expect(document.querySelector('[data-testid="milestone-card"][data-highlighted="true"]')).not.toBeNull());
  });
});
