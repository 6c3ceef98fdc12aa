import { Link } from '@cc/ui/router';
import { PLANNING_TABS, type PlanningTab } from './tabs';

/** Tabs link to /planning/{tab}. */
export function PlanningTabs({ current, counts }: { current: PlanningTab; counts: Partial<Record<PlanningTab, number>> }) {
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
          {counts[tab.id] !== undefined && <span className="planning-tab-count">{counts[tab.id]}</span>}
        </Link>
      ))}
    </nav>
  );
}
