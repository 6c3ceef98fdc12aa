/** @jest-environment jsdom */
import { clicksLeftToBrowser } from '../testing/links';
import '@cc/ui/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { localIsoDate, periodKey, stepPeriod } from '@cc/contracts/periods';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { DialogProvider } from '@cc/ui/dialogs';
import { milestoneAddress } from '@cc/contracts/addresses';
import { MemoryRouter, useLocation } from '@cc/ui/router';
import { forgetStorageAccount, setStorageAccount } from '@cc/ui/storage';
import { installContractApi, type ContractRoutes } from '@cc/ui/testing/contract-api';
import { testQueryClient, withQueries } from '@cc/ui/testing/queries';
import { milestone } from '../testing/fixtures';
import ActionPlanTab from './ActionPlanTab';

let fake: ReturnType<typeof installContractApi>;
const serve = (routes: ContractRoutes) => (fake = installContractApi(routes));
const plan = { id: 3, created_at: '2026-01-01T00:00:00Z' };
const item = (key: string, content: string) => ({
  period_type: 'week' as const,
  period_key: key,
  content,
  outcomes: '',
  revision: 1,
  updated_at: '',
});
const noWeeks = () => ({ success: true as const, items: [], migration_needed: false });

beforeEach(() => {
  localStorage.clear();
  setStorageAccount('7');
});
afterEach(() => {
  fake.uninstall();
  forgetStorageAccount();
  fake.assertNoViolations();
});

/** The router's address, shown for the tests. */
function Address() {
  const location = useLocation();
  return <span data-testid="address">{`${location.pathname}${location.search}`}</span>;
}

const renderTab = (
  milestones = [milestone({ title: 'Ship v2', target_date: new Date().toISOString().slice(0, 10) })],
  client = testQueryClient(),
) =>
  render(
    <MemoryRouter initialEntries={['/planning/action_plan']}>
      <DialogProvider>
        <ActionPlanTab milestones={milestones} />
      </DialogProvider>
      <Address />
    </MemoryRouter>,
    { wrapper: withQueries(client) },
  );

describe('the action-plan tab', () => {
  it("loads, then shows 53 weeks with this week's actions, outcomes and milestones", async () => {
    const current = periodKey('week');
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: true, plan }),
      'GET /coaching/timeline_items': () => ({
        success: true,
        items: [{ ...item(current, '- [ ] Call Sam'), outcomes: 'A signed offer', revision: 2 }],
        migration_needed: false,
      }),
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

  it("links a week's milestone: a plain click is the router's navigation, a modified or middle click the browser's", async () => {
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: true, plan }),
      'GET /coaching/timeline_items': noWeeks,
    });
    const due = milestone({ id: 12, title: 'Ship v2', target_date: localIsoDate() });
    renderTab([due]);
    const link = await screen.findByRole('link', { name: '◆ Ship v2' });
    expect(link.getAttribute('href')).toBe(milestoneAddress(12));
    expect(clicksLeftToBrowser(link)).toEqual([true, true, true, true, false]);
    expect(screen.getByTestId('address').textContent).toBe(milestoneAddress(12));
  });

  it('makes the plan on the first visit', async () => {
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: false, plan: null }),
      'GET /coaching/timeline_items': noWeeks,
      'POST /coaching/create_empty_action_plan': () => ({ success: true, plan, archived: null }),
    });
    renderTab([]);
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(fake.find('POST', '/coaching/create_empty_action_plan')).toHaveLength(1);
  });

  it('is empty, with the reason, when the plan cannot be created; Try again makes it', async () => {
    let down = true;
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: false, plan: null }),
      'GET /coaching/timeline_items': noWeeks,
      'POST /coaching/create_empty_action_plan': () =>
        down ? { status: 500, body: { success: false, errors: ['Database down'] } } : { success: true, plan, archived: null },
    });
    renderTab([]);
    const empty = await screen.findByTestId('action-plan-empty');
    expect(empty.textContent).toContain(`${M.errorCreatingPlan}Database down`);
    expect(screen.queryAllByTestId('week-block')).toHaveLength(0);
    down = false;
    fireEvent.click(within(empty).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('week-block')).toHaveLength(53);
    expect(fake.find('POST', '/coaching/create_empty_action_plan')).toHaveLength(2);
    expect(fake.find('GET', '/coaching/current_action_plan')).toHaveLength(1);
  });

  it("says the spec's retry line when the plan cannot be read", async () => {
    serve({ 'GET /coaching/current_action_plan': () => ({ network: true }), 'GET /coaching/timeline_items': () => ({ network: true }) });
    renderTab([]);
    expect((await screen.findByTestId('action-plan-empty')).textContent).toContain(M.errorLoadingPlanRetry);
  });
});

describe('browsing and changing the plan', () => {
  it('names each week in its buttons after their visible words (axe: label-content-name-mismatch)', async () => {
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: true, plan }),
      'GET /coaching/timeline_items': () => ({
        success: true,
        items: [item(stepPeriod(periodKey('week'), -1), '- [ ] Call Sam')],
        migration_needed: false,
      }),
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
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: true, plan }),
      'GET /coaching/timeline_items': () => ({
        success: true,
        items: [item(past, '- [x] Sent the deck\n- [ ] Call Sam\n- [ ] **Book** the room'), item(current, '- [ ] Call Sam')],
        migration_needed: false,
      }),
      'POST /coaching/save_timeline_item': ({ body }) => {
        const { period_key, content } = body as { period_key: string; content: string };
        return { success: true, errors: [], item: item(period_key, content) };
      },
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

  it("the week's AI plan: a week gone by says so and asks nothing; this week sends the user's today and adds the task boxes", async () => {
    const current = periodKey('week');
    const past = stepPeriod(current, -1);
    let asked: Record<string, unknown> | undefined;
    serve({
      'GET /coaching/current_action_plan': () => ({ success: true, has_plan: true, plan }),
      'GET /coaching/timeline_items': noWeeks,
      'GET /coaching/week_prompt': () => ({ success: true, prompt: 'Plan my week.' }),
      'POST /coaching/generate_action_plan': ({ body }) => {
        asked = body as Record<string, unknown>;
        return {
          success: true,
          item: {
            period_type: 'week',
            period_key: current,
            outcomes: '- Deck sent to Maria',
            actions: '- [ ] **Fri 27 Nov:** Get the deck to Maria',
          },
        };
      },
      'POST /coaching/save_timeline_item': ({ body }) => {
        const { period_key, content } = body as { period_key: string; content: string };
        return { success: true, errors: [], item: item(period_key, content) };
      },
    });
    renderTab([]);
    const blocks = await screen.findAllByTestId('week-block');
    const block = (key: string) => blocks.find((b) => b.dataset.week === key)!;
    fireEvent.click(within(block(past)).getByRole('button', { name: /^AI plan/ }));
    const gone = await screen.findByRole('dialog');
    expect(within(gone).getByTestId('week-ai').textContent).toBe(M.weekPassed);
    expect(within(gone).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(gone).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(block(current)).getByRole('button', { name: /^AI plan/ }));
    const modal = await screen.findByRole('dialog');
    await within(modal).findByRole('textbox');
    fireEvent.click(within(modal).getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect((block(current).querySelector('textarea') as HTMLTextAreaElement).value).toBe('- [ ] **Fri 27 Nov:** Get the deck to Maria'),
    );
    expect(asked).toMatchObject({ period_key: current, today: localIsoDate() });
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
    serve({
      'GET /coaching/current_action_plan': () => ({
        success: true,
        has_plan: true,
        plan: restored ? { id: 2, created_at: archived.created_at } : plan,
      }),
      'GET /coaching/timeline_items': () => ({
        success: true,
        items: restored ? [item(periodKey('week'), '- [ ] From the restored plan')] : [],
        migration_needed: false,
      }),
      'GET /coaching/archived_action_plans': () => ({ success: true, plans: restored ? [] : [archived] }),
      'POST /coaching/restore_action_plan': () => {
        restored = true;
        return { success: true, plan: { id: 2, created_at: archived.created_at }, archived: null };
      },
    });
    // Answers kept fresh for a while, as the page's client does: only the restore makes the archived list stale.
    const client = testQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: 30_000 } });
    renderTab([], client);
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
    // The restored plan and its weeks are read again, and shown in place of the old ones.
    await waitFor(() =>
      expect(
        (
          screen
            .getAllByTestId('week-block')
            .find((b) => b.dataset.current === 'true')!
            .querySelector('textarea') as HTMLTextAreaElement
        ).value,
      ).toBe('- [ ] From the restored plan'),
    );
    expect(fake.find('GET', '/coaching/current_action_plan')).toHaveLength(2);
    // The archived list is read again when opened next: it no longer holds the restored plan.
    fireEvent.click(screen.getByRole('button', { name: 'Archived plans' }));
    expect((await screen.findByTestId('archived-plans')).textContent).toContain(M.noArchivedPlans);
    expect(fake.find('GET', '/coaching/archived_action_plans')).toHaveLength(2);
  });
});
