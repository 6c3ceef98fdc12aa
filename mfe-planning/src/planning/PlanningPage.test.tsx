/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Milestone, Todo } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { milestone, todo } from '../testing/fixtures';
import { openPlanning as open, servePlanning } from '../testing/page';

let todos: Todo[];
let milestones: Milestone[];

/** The server's milestones, their progress counted from its todos as svc-coaching does. */
const withProgress = () =>
  milestones.map((m) => {
    const linked = todos.filter((t) => t.milestone_id === m.id);
    return { ...m, progress: { done: linked.filter((t) => t.completed).length, total: linked.length } };
  });

/** A toggle the test answers when it wants: the page's state before the answer can be looked at. */
let answerToggle: ((refused: boolean) => void) | null = null;

beforeEach(() => {
  todos = [todo({ id: 1, title: 'Call Sam', milestone_id: 5 }), todo({ id: 2, title: 'Send the deck' })];
  milestones = [milestone({ id: 5, title: 'Lead the launch' })];
});
afterEach(() => {
  answerToggle = null;
});

const server = servePlanning(() => ({
  'GET /planning/todos': () => ({ success: true, todos }),
  'GET /planning/milestones': () => ({ success: true, milestones: withProgress() }),
  'POST /planning/todos': ({ body }) => {
    const { title } = (body as { todo: { title: string } }).todo;
    const made = todo({ id: 3, title });
    todos = [...todos, made];
    return { success: true, errors: [], todo: made };
  },
  'PATCH /planning/todos/{id}/toggle_completed': ({ params }) =>
    new Promise((resolve) => {
      answerToggle = (refused) => {
        if (refused) return resolve({ status: 404, body: { success: false, errors: ['Todo not found'] } });
        todos = todos.map((t) => (t.id === Number(params.id) ? { ...t, completed: !t.completed } : t));
        resolve({ success: true, errors: [], todo: todos.find((t) => t.id === Number(params.id))! });
      };
    }),
}));

const rowOf = (title: string) => screen.getAllByTestId('todo-row').find((row) => row.textContent?.includes(title))!;
const reads = (path: string) => server().find('GET', path).length;

describe('the planning lists after a change', () => {
  it('a todo added through the modal shows in the list: both lists are read again', async () => {
    open('/planning/all_todos');
    await screen.findByText('Send the deck');
    expect([reads('/planning/todos'), reads('/planning/milestones')]).toEqual([1, 1]);
    fireEvent.click(screen.getByRole('button', { name: '+ Todo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add todo' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Title'), 'Book the room');
    await user.click(within(dialog).getByRole('button', { name: 'Add todo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add todo' })).toBeNull());
    expect(screen.getByText('Book the room')).toBeTruthy();
    expect([reads('/planning/todos'), reads('/planning/milestones')]).toEqual([2, 2]);
    expect(screen.getByRole('link', { name: /All todos/ }).textContent).toContain('3');
  });

  it("ticks a todo at once, its milestone's progress with it, and keeps what the server confirms", async () => {
    open('/planning/milestones_view');
    const card = await screen.findByTestId('milestone-card');
    expect(within(card).getByTestId('milestone-progress').dataset.done).toBe('0');
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Mark "Call Sam" done' }));
    // Before the server has answered.
    expect(await within(card).findByRole('checkbox', { name: 'Mark "Call Sam" not done' })).toHaveProperty('checked', true);
    expect(within(card).getByTestId('milestone-progress').dataset.done).toBe('1');
    await waitFor(() => expect(answerToggle).not.toBeNull());
    answerToggle!(false);
    await waitFor(() => expect(reads('/planning/todos')).toBe(2));
    await waitFor(() => expect(reads('/planning/milestones')).toBe(2));
    expect(within(card).getByRole('checkbox', { name: 'Mark "Call Sam" not done' })).toHaveProperty('checked', true);
    expect(within(card).getByTestId('milestone-progress').dataset.done).toBe('1');
  });

  it("takes a refused tick back, with the page's alert", async () => {
    open('/planning/all_todos');
    await screen.findByText('Call Sam');
    fireEvent.click(within(rowOf('Call Sam')).getByRole('checkbox'));
    await waitFor(() => expect(rowOf('Call Sam').dataset.completed).toBe('true'));
    // A second click while the first is on its way is not a second toggle.
    fireEvent.click(within(rowOf('Call Sam')).getByRole('checkbox'));
    await waitFor(() => expect(answerToggle).not.toBeNull());
    answerToggle!(true);
    const alert = await screen.findByRole('dialog', { name: 'Planning' });
    expect(within(alert).getByRole('alert').textContent).toBe(`${M.errorPrefix}Todo not found`);
    expect(rowOf('Call Sam').dataset.completed).toBe('false');
    expect(server().find('PATCH', '/planning/todos/1/toggle_completed')).toHaveLength(1);
    await waitFor(() => expect(reads('/planning/todos')).toBe(2));
  });
});
