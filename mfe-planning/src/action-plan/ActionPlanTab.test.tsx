/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { periodKey } from '@cc/contracts/periods';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { DialogProvider } from '@cc/ui/dialogs';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installFakeApi, type FakeHandler } from '../testing/fakeApi';
import { milestone } from '../testing/fixtures';
import ActionPlanTab from './ActionPlanTab';

let fake: ReturnType<typeof installFakeApi>;
const serve = (handler: FakeHandler) => (fake = installFakeApi(handler));
const plan = { id: 3, created_at: '2026-01-01T00:00:00Z' };

beforeEach(() => {
  localStorage.clear();
  setStorageAccount('7');
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
});

const renderTab = (milestones = [milestone({ title: 'Ship v2', target_date: new Date().toISOString().slice(0, 10) })]) =>
  render(
    <DialogProvider>
      <ActionPlanTab milestones={milestones} />
    </DialogProvider>,
  );

describe('the action-plan tab', () => {
  it("loads, then shows 53 weeks with this week's actions, outcomes and milestones", async () => {
    const current = periodKey('week');
    serve((req) => {
      if (req.path === '/coaching/current_action_plan') return { body: { success: true, has_plan: true, plan } };
      if (req.path === '/coaching/timeline_items') {
        const item = {
          period_type: 'week',
          period_key: current,
          content: '- [ ] Call Sam',
          outcomes: 'A signed offer',
          revision: 2,
          updated_at: '',
        };
        return { body: { success: true, items: [item], migration_needed: false } };
      }
      return undefined;
    });
    renderTab();
    expect(screen.getByRole('status').textContent).toContain('Loading the action plan');
    const blocks = await screen.findAllByTestId('week-block');
    expect(blocks).toHaveLength(53);
    const now = blocks.filter((b) => b.getAttribute('aria-current') === 'date');
    expect(now.map((b) => b.dataset.week)).toEqual([current]);
    expect(blocks.indexOf(now[0]!)).toBe(26);
    expect((now[0]!.querySelector('textarea') as HTMLTextAreaElement).value).toBe('- [ ] Call Sam');
    expect(now[0]!.textContent).toContain('A signed offer');
    expect(now[0]!.textContent).toContain('Ship v2');
    expect(fake.find('POST', '/coaching/create_empty_action_plan')).toHaveLength(0);
  });

  it('makes the plan on the first visit', async () => {
    serve((req) => {
      if (req.path === '/coaching/current_action_plan') return { body: { success: true, has_plan: false, plan: null } };
      if (req.path === '/coaching/timeline_items') return { body: { success: true, items: [], migration_needed: false } };
      if (req.path === '/coaching/create_empty_action_plan') return { body: { success: true, plan, archived: null } };
      return undefined;
    });
    renderTab([]);
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(fake.find('POST', '/coaching/create_empty_action_plan')).toHaveLength(1);
  });

  it('is empty, with the reason, when the plan cannot be created', async () => {
    serve((req) => {
      if (req.path === '/coaching/current_action_plan') return { body: { success: true, has_plan: false, plan: null } };
      if (req.path === '/coaching/timeline_items') return { body: { success: true, items: [], migration_needed: false } };
      if (req.path === '/coaching/create_empty_action_plan') return { status: 500, body: { success: false, error: 'Database down' } };
      return undefined;
    });
    renderTab([]);
    expect((await screen.findByTestId('action-plan-empty')).textContent).toContain(`${M.errorCreatingPlan}Database down`);
    expect(screen.queryAllByTestId('week-block')).toHaveLength(0);
  });

  it("says the spec's retry line when the plan cannot be read", async () => {
    serve(() => ({ network: true }));
    renderTab([]);
    expect((await screen.findByTestId('action-plan-empty')).textContent).toContain(M.errorLoadingPlanRetry);
  });
});
