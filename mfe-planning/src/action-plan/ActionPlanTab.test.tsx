/** @jest-environment jsdom */
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { periodKey, stepPeriod } from '@cc/contracts/periods';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { DialogProvider } from '@cc/ui/dialogs';
import { MemoryRouter } from '@cc/ui/router';
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
    <MemoryRouter>
      <DialogProvider>
        <ActionPlanTab milestones={milestones} />
      </DialogProvider>
    </MemoryRouter>,
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

const item = (key: string, content: string) => ({
  period_type: 'week',
  period_key: key,
  content,
  outcomes: '',
  revision: 1,
  updated_at: '',
});

describe('browsing and changing the plan', () => {
  it('names each week in its buttons after their visible words (axe: label-content-name-mismatch)', async () => {
    serve((req) => {
      if (req.path === '/coaching/current_action_plan') return { body: { success: true, has_plan: true, plan } };
      if (req.path === '/coaching/timeline_items')
        return { body: { success: true, items: [item(stepPeriod(periodKey('week'), -1), '- [ ] Call Sam')], migration_needed: false } };
      return undefined;
    });
    renderTab([]);
    await screen.findAllByTestId('week-block');
    const ai = screen.getAllByRole('button', { name: /^AI plan for Week \d+, \d{4} \(/ });
    expect(ai).toHaveLength(53);
    for (const button of screen.getAllByRole('button')) {
      const visible = [...button.childNodes]
        .filter((n) => !(n instanceof HTMLElement && (n.classList.contains('visually-hidden') || n.getAttribute('aria-hidden') === 'true')))
        .map((n) => n.textContent)
        .join('')
        .trim();
      if (visible) expect(button.getAttribute('aria-label') ?? button.textContent).toContain(visible);
    }
  });

  it('says what a carry-over moved and where, and marks the week it went to', async () => {
    const current = periodKey('week');
    const past = stepPeriod(current, -2);
    serve((req) => {
      if (req.path === '/coaching/current_action_plan') return { body: { success: true, has_plan: true, plan } };
      if (req.path === '/coaching/timeline_items')
        return {
          body: {
            success: true,
            items: [item(past, '- [x] Sent the deck\n- [ ] Call Sam\n- [ ] **Book** the room'), item(current, '- [ ] Call Sam')],
            migration_needed: false,
          },
        };
      if (req.path === '/coaching/save_timeline_item')
        return { body: { success: true, errors: [], item: item(String(req.body!.period_key), String(req.body!.content)) } };
      return undefined;
    });
    renderTab([]);
    const from = (await screen.findAllByTestId('week-block')).find((b) => b.dataset.week === past)!;
    fireEvent.click(within(from).getByRole('button', { name: /^Carry over/ }));
    const notice = await screen.findByTestId('carry-notice');
    expect(notice.textContent).toContain(`Moved 1 unfinished action from Week ${Number(past.slice(-2))}`);
    expect(notice.textContent).toContain(`to this week, Week ${Number(current.slice(-2))}: “Book the room”.`);
    expect(notice.textContent).toContain('1 other was already listed this week.');
    const to = screen.getAllByTestId('week-block').find((b) => b.dataset.week === current)!;
    expect(to.dataset.highlighted).toBe('true');
    expect((to.querySelector('textarea') as HTMLTextAreaElement).value).toBe('- [ ] Call Sam\n- [ ] **Book** the room');
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('carry-notice')).toBeNull();
  });

  it('an archived plan shows its actions as markdown, and can be restored', async () => {
    const archived = {
      id: 2,
      created_at: '2026-05-04T09:00:00Z',
      archived_at: '2026-06-01T09:00:00Z',
      immediately: [{ period_key: '2026-W22', text: '**Mon 25 May:** Call Sam' }],
      soon: [],
      later: [],
    };
    let restored = false;
    serve((req) => {
      if (req.path === '/coaching/current_action_plan')
        return { body: { success: true, has_plan: true, plan: restored ? { id: 2, created_at: archived.created_at } : plan } };
      if (req.path === '/coaching/timeline_items') return { body: { success: true, items: [], migration_needed: false } };
      if (req.path === '/coaching/archived_action_plans') return { body: { success: true, plans: restored ? [] : [archived] } };
      if (req.path === '/coaching/restore_action_plan') {
        restored = true;
        return { body: { success: true, plan: { id: 2, created_at: archived.created_at }, archived: null } };
      }
      return undefined;
    });
    renderTab([]);
    await screen.findAllByTestId('week-block');
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    const plans = await screen.findByTestId('archived-plan');
    expect(plans.querySelector('strong')?.textContent).toBe('Mon 25 May:');
    expect(plans.textContent).not.toContain('**');
    fireEvent.click(within(plans).getByRole('button', { name: /^Restore/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this action plan' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(fake.find('POST', '/coaching/restore_action_plan')).toHaveLength(1));
    expect(fake.find('POST', '/coaching/restore_action_plan')[0]!.body).toEqual({ plan_id: 2 });
    await waitFor(() => expect(screen.queryByTestId('archived-plans')).toBeNull());
    await waitFor(() => expect(fake.find('GET', '/coaching/current_action_plan').length).toBeGreaterThan(1));
  });
});
