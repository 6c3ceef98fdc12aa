/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQueries } from '@cc/ui/testing/queries';
import { localIsoDate } from '@cc/contracts/periods';
import { milestone, todo } from '../testing/fixtures';
import type { TodoForm } from './api/todos';
import { TodoModal } from './TodoModal';

describe('the todo modal', () => {
  it('adds a todo due today, with tags as typed and the milestone chosen', async () => {
    const onSave = jest.fn(async (_form: TodoForm, _id?: number) => true);
    const onClose = jest.fn();
    render(<TodoModal milestones={[milestone({ id: 4, title: 'Launch' })]} onSave={onSave} onClose={onClose} />, {
      wrapper: withQueries(),
    });
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Add todo' })).toBeTruthy();
    expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe(localIsoDate());
    await user.type(screen.getByLabelText('Title'), 'Book the room');
    await user.type(screen.getByLabelText('Tags'), 'ops, office');
    await user.selectOptions(screen.getByLabelText('Milestone'), 'Launch');
    await user.click(screen.getByRole('button', { name: 'Add todo' }));
    expect(onSave).toHaveBeenCalledWith(
      { title: 'Book the room', due_date: localIsoDate(), description: '', tags: 'ops, office', milestone_id: 4 },
      undefined,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edits a todo: its tags as comma-separated text; a refused save keeps the modal open', async () => {
    const onSave = jest.fn(async (_form: TodoForm, _id?: number) => false);
    const onClose = jest.fn();
    const existing = todo({ id: 9, title: 'Deck', due_date: '2026-05-01', tags: ['work', 'q2'], milestone_id: null });
    render(<TodoModal todo={existing} milestones={[]} onSave={onSave} onClose={onClose} />, { wrapper: withQueries() });
    expect(screen.getByRole('dialog', { name: 'Edit todo' })).toBeTruthy();
    expect((screen.getByLabelText('Tags') as HTMLInputElement).value).toBe('work, q2');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      { title: 'Deck', due_date: '2026-05-01', description: '', tags: 'work, q2', milestone_id: null },
      9,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts a todo added from a milestone linked to it', () => {
    render(
      <TodoModal milestoneId={4} milestones={[milestone({ id: 4, title: 'Launch' })]} onSave={async () => true} onClose={() => {}} />,
      { wrapper: withQueries() },
    );
    expect((screen.getByLabelText('Milestone') as HTMLSelectElement).value).toBe('4');
  });
});
