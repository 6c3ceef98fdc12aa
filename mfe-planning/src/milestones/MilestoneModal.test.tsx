/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQueries } from '@cc/ui/testing/queries';
import { addDays, localIsoDate } from '@cc/contracts/periods';
import type { MilestoneForm } from './api/milestones';
import { milestone } from '../testing/fixtures';
import { MilestoneModal } from './MilestoneModal';

describe('the milestone modal', () => {
  it('adds a milestone targeting 90 days ahead', async () => {
    const onSave = jest.fn(async (_form: MilestoneForm, _id?: number) => true);
    render(<MilestoneModal onSave={onSave} onClose={() => {}} />, { wrapper: withQueries() });
    expect((screen.getByLabelText('Target date') as HTMLInputElement).value).toBe(addDays(localIsoDate(), 90));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Promotion case');
    await user.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSave).toHaveBeenCalledWith(
      { title: 'Promotion case', target_date: addDays(localIsoDate(), 90), description: '', milestone_type: '90-day' },
      undefined,
    );
  });

  it('edits a milestone with its own fields', async () => {
    const onSave = jest.fn(async (_form: MilestoneForm, _id?: number) => true);
    render(
      <MilestoneModal
        milestone={milestone({ id: 3, title: 'Launch', target_date: '2026-07-01', milestone_type: 'workback' })}
        onSave={onSave}
        onClose={() => {}}
      />,
      { wrapper: withQueries() },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ title: 'Launch', target_date: '2026-07-01', description: '', milestone_type: 'workback' }, 3);
  });
});
