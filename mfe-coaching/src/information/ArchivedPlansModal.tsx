import { useEffect, useState } from 'react';
import type { ArchivedCoachingPlan } from '@cc/contracts/coaching';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { Markdown, Modal } from '@cc/ui';
import { fetchArchivedPlans } from '../api/plans';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ok'; plans: ArchivedCoachingPlan[] };

/** The plans replaced by later ones, newest first. */
export default function ArchivedPlansModal({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchArchivedPlans(controller.signal).then(
      (answer) => setState({ status: 'ok', plans: answer.plans }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);
  return (
    <Modal open onClose={onClose} title="Archived plans" className="coaching-archived">
      {state.status === 'loading' && <p className="coaching-note">Loading…</p>}
      {state.status === 'error' && <p className="coaching-error">{M.errorLoadingArchived}</p>}
      {state.status === 'ok' && state.plans.length === 0 && <p className="coaching-note">{M.noArchivedPlans}</p>}
      {state.status === 'ok' &&
        state.plans.map((plan) => (
          <details key={plan.id} className="coaching-archived-plan">
            <summary>
              Written {new Date(plan.created_at).toLocaleDateString()}, archived {new Date(plan.archived_at).toLocaleDateString()}
            </summary>
            <Markdown text={plan.response} className="coaching-markdown" />
          </details>
        ))}
    </Modal>
  );
}
