import { Link } from 'react-router-dom';

export const PLANNING_TABS = [
  { id: 'all_todos', label: 'All todos' },
  { id: 'milestones_view', label: 'Milestones' },
  { id: 'action_plan', label: 'Action plan' },
] as const;

export const DEFAULT_TAB = 'all_todos';

/** Tabs link to /planning/{tab}. */
export function PlanningTabs({ current }: { current: string }) {
  return (
    <nav className="planning-tabs" aria-label="Planning views">
      {PLANNING_TABS.map((tab) => (
        <Link
          key={tab.id}
          to={`/planning/${tab.id}`}
          className={tab.id === current ? 'planning-tab active' : 'planning-tab'}
          aria-current={tab.id === current ? 'page' : undefined}
          data-tab={tab.id}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
