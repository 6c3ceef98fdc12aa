/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testQueryClient } from '@cc/ui/testing/queries';
import { currentPlanQuery, timelineItemsQuery } from '../action-plan/api/actionPlan';
import { forgetPlanShown } from '../action-plan/prefetchPlan';
import { openPlanning as open, servePlanning } from '../testing/page';
import { opensActionPlan } from './ActionPlanLoader';

const plan = { id: 3, created_at: '2026-01-01T00:00:00Z' };
const planAnswer = { success: true as const, has_plan: true as const, plan };
const weeksAnswer = { success: true as const, items: [], migration_needed: false };

const server = servePlanning(() => ({
  'GET /planning/todos': () => ({ success: true, todos: [] }),
  'GET /planning/milestones': () => ({ success: true, milestones: [] }),
  'GET /coaching/current_action_plan': () => planAnswer,
  'GET /coaching/timeline_items': () => weeksAnswer,
}));

const reads = () => [server().find('GET', '/coaching/current_action_plan').length, server().find('GET', '/coaching/timeline_items').length];
const tab = (name: string) => within(screen.getByRole('navigation', { name: 'Planning views' })).getByRole('link', { name });

// Each test is a page load of its own: its first showing of the tab.
beforeEach(forgetPlanShown);

describe('a visit of /planning/action_plan (its own route in the route table)', () => {
  it('knows its address, with or without a trailing slash, in any case', () => {
    expect(['/planning/action_plan', '/planning/action_plan/', '/Planning/Action_Plan'].map((p) => opensActionPlan(p))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['/planning', '/planning/all_todos', '/planning/action_plan/x'].map((p) => opensActionPlan(p))).toEqual([false, false, false]);
  });

  it('opens the action plan tab, though its route has no {tab} param', async () => {
    open('/planning/action_plan');
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(screen.getByTestId('planning-root').dataset.tab).toBe('action_plan');
    expect(tab('Action plan').getAttribute('aria-current')).toBe('page');
  });

  it("takes the shell's early answers for its first showing, and reads again when the tab opens again", async () => {
    const client = testQueryClient();
    // What FirstPageQuery puts in the cache: the answers of the entry chunk's reads.
    client.setQueryData(currentPlanQuery().queryKey, planAnswer);
    client.setQueryData(timelineItemsQuery().queryKey, weeksAnswer);
    open('/planning/action_plan', client);
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(reads()).toEqual([0, 0]);

    fireEvent.click(tab('All todos'));
    await screen.findByRole('heading', { name: 'Todos' });
    fireEvent.click(tab('Action plan'));
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    await waitFor(() => expect(reads()).toEqual([1, 1]));
  });

  it('joins an early read still on its way instead of sending another', async () => {
    const client = testQueryClient();
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    void client.prefetchQuery({ ...currentPlanQuery(), queryFn: () => arrived.then(() => planAnswer) });
    void client.prefetchQuery({ ...timelineItemsQuery(), queryFn: () => arrived.then(() => weeksAnswer) });
    open('/planning/action_plan', client);
    await screen.findByTestId('action-plan');
    answer();
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(reads()).toEqual([0, 0]);
  });

  it('reads the plan and its weeks once when nothing was read for it (a visit that came from another page)', async () => {
    open('/planning/action_plan');
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(reads()).toEqual([1, 1]);
  });
});
