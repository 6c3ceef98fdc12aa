import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Markdown, Modal } from '@cc/ui';
import { useDialogs } from '@cc/ui/dialogs';
import { formatDay } from '@cc/contracts/dates';
import { weekLabel } from '@cc/contracts/periods';
import type { ArchivedAction, ArchivedPlan } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { archivedPlansQuery } from './api/actionPlan';

/** A moment the server stamped (ISO, UTC) as the user's own day. */
const day = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return formatDay(local);
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
            {/* Actions are markdown lines ("**Mon 23 Nov:** …" from a week's AI plan): shown as the week shows them. */}
            <Markdown text={a.text} images={false} className="archived-action" />
            <span className="archived-week" title={weekLabel(a.period_key)}>
              W{a.period_key.slice(-2).replace(/^0/, '')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ArchivedPlansModalProps {
  onClose: () => void;
  /** Makes the plan current again (asked first here); resolves true when it was. */
  onRestore: (planId: number) => Promise<boolean>;
}

/**
 * The archived action plans, newest first, with the actions they still had open (immediately,
 * soon, later), each one restorable: it becomes the current plan again with its weeks, and the
 * current plan is archived in its place (so "Start a new plan" is never a one-way door).
 */
export default function ArchivedPlansModal({ onClose, onRestore }: ArchivedPlansModalProps) {
  const dialogs = useDialogs();
  const archived = useQuery(archivedPlansQuery());
  const status = archived.isError ? 'error' : archived.isPending ? 'loading' : 'ok';
  const plans = archived.data?.plans ?? [];
  const [restoring, setRestoring] = useState<number | null>(null);

  const restore = async (plan: ArchivedPlan) => {
    const ok = await dialogs.confirm({
      title: 'Restore this action plan',
      message: `The plan of ${day(plan.created_at)} becomes your current plan again, with its weeks as you left them. Your current plan is archived here with its unfinished actions (or dropped, if nothing was written in it).`,
      confirmLabel: 'Restore',
    });
    if (!ok) return;
    setRestoring(plan.id);
    if (!(await onRestore(plan.id))) setRestoring(null);
  };

  return (
    <Modal open onClose={onClose} title="Archived action plans" className="planning-modal archived-modal">
      <div data-testid="archived-plans" data-state={status}>
        {status === 'loading' && <p role="status">Loading…</p>}
        {status === 'error' && <p role="alert">{M.errorLoadingArchived}</p>}
        {status === 'ok' && plans.length === 0 && <p>{M.noArchivedPlans}</p>}
        {status === 'ok' && plans.length > 0 && (
          <ol className="archived-list">
            {plans.map((plan) => {
              const open = plan.immediately.length + plan.soon.length + plan.later.length;
              return (
                <li key={plan.id} className="archived-plan" data-testid="archived-plan">
                  <div className="archived-head">
                    <h3>
                      Plan of {day(plan.created_at)} <span className="archived-meta">archived {day(plan.archived_at)}</span>
                    </h3>
                    <button type="button" className="button button-small" onClick={() => void restore(plan)} disabled={restoring !== null}>
                      {restoring === plan.id ? 'Restoring…' : 'Restore'}
                      <span className="visually-hidden">{` the plan of ${day(plan.created_at)}`}</span>
                    </button>
                  </div>
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
