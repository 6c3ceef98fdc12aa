import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@cc/client';
import { useLocation, useParams } from '@cc/ui/router';
import { readPlanningAddress, type PlanningAddress } from '@cc/contracts/addresses';
import { localIsoDate } from '@cc/contracts/periods';
import type { Todo } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { prefetchPlan } from '../action-plan/prefetchPlan';
import { ChatLauncher } from '../chat/ChatLauncher';
import { MilestoneList } from '../milestones/MilestoneList';
import { DialogProvider } from '@cc/ui/dialogs';
import { TodoList } from '../todos/TodoList';
import { PlanningActionsProvider, usePlanningActions, type PlanningModal } from './actions';
import { PlanningTabs } from './PlanningTabs';
import { DEFAULT_TAB, isPlanningTab, todosOf, UPCOMING_DAYS, type PlanningTab, type TodoTab } from './tabs';
import { ActionPlanLoader, loadActionPlan, opensActionPlan } from './ActionPlanLoader';
import { usePlanningLists, type PlanningData } from './usePlanningLists';
import '../shared/shared.css';
import './planning.css';

// A visit that opens the action plan: the shell sent its reads from its entry chunk and started
// loading its code with this module (the route table's `firstRequests` and `alsoLoads` for
// /planning/action_plan). Taking that code now (the same chunk, on its way or arrived) lets the
// page's first render show the tab, with no frame of "Loading the action plan…".
if (opensActionPlan()) loadActionPlan();

// Loaded when needed: the modals, and the action plan with its autosave (ActionPlanLoader; the chat: ChatLauncher).
const PlanningModals = lazy(() => import(/* webpackChunkName: "planning-modals" */ './PlanningModals'));

const EMPTY_TEXT: Record<TodoTab, string> = {
  all_todos: 'No todos yet. Add one, or ask the assistant: "remind me to send the deck by Friday".',
  upcoming: `Nothing due in the next ${UPCOMING_DAYS} days.`,
  done: 'No finished todos yet.',
};

/** Planning: todos, milestones, the planning assistant and the weekly action plan (/planning/{tab}). */
export default function PlanningPage() {
  const location = useLocation();
  // `/planning/{tab}`, or a tab the route table names by its own path (`/planning/action_plan`).
  const param = useParams().tab ?? tabInPath(location.pathname);
  const known = param === undefined || isPlanningTab(param);
  const tab: PlanningTab = param !== undefined && isPlanningTab(param) ? param : DEFAULT_TAB;
  const client = useQueryClient();
  const { data, refresh } = usePlanningLists();
  const address = useMemo(() => readPlanningAddress(location.search), [location.search]);
  const [modal, setModal] = useState<PlanningModal>(null);

  useEffect(() => {
    document.title = 'Planning';
  }, []);
  // The plan is read again each time the tab opens, while the tab's code loads (an effect: after
  // the shell has handed the cache its early reads, which the first showing takes instead).
  useEffect(() => {
    if (tab === 'action_plan') prefetchPlan(client);
  }, [tab, client]);

  return (
    <div id="planning-root" data-testid="planning-root" data-remote="planning" data-tab={tab} className="page planning">
      <DialogProvider>
        <PlanningActionsProvider openModal={setModal}>
          <header className="planning-header">
            <h1>Planning</h1>
            <p className="page-lead">Todos, milestones, a planning assistant and your weekly action-plan timeline.</p>
          </header>
          <PlanningTabs current={tab} counts={tabCounts(data)} />
          {!known && (
            <p className="status-line" data-state="error" role="alert">
              There is no “{param}” view, so this shows all todos.
            </p>
          )}
          <div className="planning-grid">
            <section className="planning-main panel">
              <TabContent tab={tab} data={data} refresh={refresh} address={address} visit={location.key} />
            </section>
            <aside className="planning-chat panel" aria-label="Planning assistant" data-testid="planning-chat">
              <ChatLauncher tab={tab} todos={data.todos} milestones={data.milestones} refresh={refresh} />
            </aside>
          </div>
          {modal && (
            <Suspense fallback={null}>
              <PlanningModals modal={modal} milestones={data.milestones} />
            </Suspense>
          )}
        </PlanningActionsProvider>
      </DialogProvider>
    </div>
  );
}

/** The tab of `/planning/<tab>` (a route of its own has no `:tab` param). */
const tabInPath = (pathname: string): string | undefined => pathname.split('/').filter(Boolean)[1];

function tabCounts(data: PlanningData): Partial<Record<PlanningTab, number>> {
  if (data.status !== 'ok') return {};
  const today = localIsoDate();
  return {
    all_todos: data.todos.length,
    upcoming: todosOf('upcoming', data.todos, today).length,
    done: todosOf('done', data.todos, today).length,
    milestones_view: data.milestones.length,
  };
}

interface TabContentProps {
  tab: PlanningTab;
  data: PlanningData;
  refresh: () => Promise<void>;
  /** What the address names (a todo, a milestone, a week) and the visit that named it. */
  address: PlanningAddress;
  visit: string;
}

function TabContent({ tab, data, refresh, address, visit }: TabContentProps) {
  const actions = usePlanningActions();
  const milestonesById = useMemo(() => new Map(data.milestones.map((m) => [m.id, m])), [data.milestones]);
  const linked = useMemo(() => linkedTodos(data.todos), [data.todos]);

  if (tab === 'action_plan') {
    return <ActionPlanLoader milestones={data.milestones} week={address.week} visit={visit} />;
  }
  const milestonesTab = tab === 'milestones_view';
  const wanted = milestonesTab ? address.milestone : address.todo;
  const shown = wanted === null ? [] : milestonesTab ? data.milestones : todosOf(tab as TodoTab, data.todos);
  const found = wanted !== null && shown.some((item) => item.id === wanted);
  const highlight = found ? { id: wanted, visit } : null;
  return (
    <section aria-label={milestonesTab ? 'Milestones' : 'Todos'} data-state={data.status}>
      <div className="planning-toolbar">
        <h2 className="planning-toolbar-lead">
          {milestonesTab ? 'Milestones' : tab === 'done' ? 'Done' : tab === 'upcoming' ? 'Upcoming' : 'Todos'}
        </h2>
        {milestonesTab ? (
          <button type="button" className="button button-primary" onClick={() => actions.openModal({ kind: 'milestone' })}>
            + Milestone
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={() => actions.openModal({ kind: 'todo' })}>
            + Todo
          </button>
        )}
      </div>
      {data.status === 'error' && (
        <div className="planning-load-error" role="alert">
          <span>{errorText(data.error, { prefix: `${milestonesTab ? M.errorLoadingMilestone : 'Error loading todos'}: ` })}</span>
          <button type="button" className="button button-small" onClick={() => void refresh()}>
            Try again
          </button>
        </div>
      )}
      {data.status === 'ok' && wanted !== null && !found && (
        <p className="status-line" data-state="error" role="status" data-testid="address-missing">
          {milestonesTab
            ? 'The milestone this link names is not in your milestones any more (it may have been deleted).'
            : `The todo this link names is not in ${tab === 'all_todos' ? 'your todos' : 'this list'} any more (it may have been deleted${tab === 'all_todos' ? '' : ' or moved to another list'}).`}
        </p>
      )}
      {data.status === 'loading' ? (
        <p className="planning-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      ) : milestonesTab ? (
        <MilestoneList milestones={data.milestones} linked={linked} highlight={highlight} />
      ) : (
        <TodoList
          todos={todosOf(tab as TodoTab, data.todos)}
          milestones={milestonesById}
          empty={EMPTY_TEXT[tab as TodoTab]}
          label={tab === 'done' ? 'Done todos' : tab === 'upcoming' ? 'Upcoming todos' : 'All todos'}
          highlight={highlight}
        />
      )}
    </section>
  );
}

function linkedTodos(todos: readonly Todo[]): Map<number, Todo[]> {
  const byMilestone = new Map<number, Todo[]>();
  for (const t of todos) {
    if (t.milestone_id === null) continue;
    const list = byMilestone.get(t.milestone_id);
    if (list) list.push(t);
    else byMilestone.set(t.milestone_id, [t]);
  }
  return byMilestone;
}

export { PlanningPage };
