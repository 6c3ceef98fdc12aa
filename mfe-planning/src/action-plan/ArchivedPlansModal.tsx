import { useEffect, useState } from 'react';
import { Modal } from '@cc/ui';
import type { ArchivedAction, ArchivedPlan } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { fetchArchivedPlans } from '../api/actionPlan';

type State = { status: 'loading' } | { status: 'ok'; plans: ArchivedPlan[] } | { status: 'error' };

const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
};

const GROUPS = [
  ['immediately', 'Immediately'],
  ['soon', 'Soon'],
  ['later', 'Later'],
] as const;

function Group({ title, actions }: { title: string; actions: ArchivedAction[] }) {
  if (actions.length === 0) return null;
  return (
    <div className="archived-group">
      <h4>{title}</h4>
      <ul>
        {actions.map((a, i) => (
          <li key={i}>
            {a.text} <span className="archived-week">{a.period_key}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The archived action plans, newest first, with the actions they still had open (immediately, soon, later). */
export default function ArchivedPlansModal({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const c = new AbortController();
    fetchArchivedPlans(c.signal).then(
      (answer) => setState({ status: 'ok', plans: answer.plans }),
      (error: unknown) => {
        if (c.signal.aborted) return;
        console.warn('[planning] loading the archived plans failed', error);
        setState({ status: 'error' });
      },
    );
    return () => c.abort();
  }, []);

  return (
    <Modal open onClose={onClose} title="Archived action plans" className="planning-modal archived-modal">
      <div data-testid="archived-plans" data-state={state.status}>
        {state.status === 'loading' && <p role="status">Loading…</p>}
        {state.status === 'error' && <p role="alert">{M.errorLoadingArchived}</p>}
        {state.status === 'ok' && state.plans.length === 0 && <p>{M.noArchivedPlans}</p>}
        {state.status === 'ok' && state.plans.length > 0 && (
          <ol className="archived-list">
            {state.plans.map((plan) => {
              const open = plan.immediately.length + plan.soon.length + plan.later.length;
              return (
                <li key={plan.id} className="archived-plan" data-testid="archived-plan">
                  <h3>
                    Plan of {day(plan.created_at)} <span className="archived-meta">archived {day(plan.archived_at)}</span>
                  </h3>
                  {open === 0 ? (
                    <p className="archived-meta">No unfinished actions.</p>
                  ) : (
                    GROUPS.map(([key, title]) => <Group key={key} title={title} actions={plan[key]} />)
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Modal>
  );
}
