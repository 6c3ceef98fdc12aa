import { useEffect, useRef, useState } from 'react';
import type { ArchivedCoachingPlan } from '@cc/contracts/coaching';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { Markdown, Modal } from '@cc/ui';
import { fetchArchivedPlans } from '../api/plans';
import { formatDateTime } from '@cc/contracts/dates';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ok'; plans: ArchivedCoachingPlan[] };

/**
 * The plans replaced by later ones, newest first. `plan` (from the address) is unfolded and
 * scrolled to; unfolding or folding one tells `onShow`, so the address names the one read.
 */
export default function ArchivedPlansModal({
  plan = null,
  onShow,
  onClose,
}: {
  plan?: number | null;
  onShow?: (id: number | null) => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const asked = useRef<HTMLDetailsElement | null>(null);
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
  const loaded = state.status === 'ok';
  useEffect(() => {
    if (loaded) asked.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  const missing = state.status === 'ok' && plan !== null && !state.plans.some((p) => p.id === plan);
  return (
    <Modal open onClose={onClose} title="Archived plans" className="coaching-archived">
      {state.status === 'loading' && <p className="coaching-note">Loading…</p>}
      {state.status === 'error' && <p className="coaching-error">{M.errorLoadingArchived}</p>}
      {state.status === 'ok' && state.plans.length === 0 && <p className="coaching-note">{M.noArchivedPlans}</p>}
      {missing && state.plans.length > 0 && <p className="coaching-note">That archived plan is not here any more.</p>}
      {state.status === 'ok' &&
        state.plans.map((p) => (
          <details
            key={p.id}
            ref={p.id === plan ? asked : undefined}
            className="coaching-archived-plan"
            data-plan-id={p.id}
            open={p.id === plan ? true : undefined}
            onToggle={(event) => {
              const open = (event.currentTarget as HTMLDetailsElement).open;
              if (open && p.id !== plan) onShow?.(p.id);
              else if (!open && p.id === plan) onShow?.(null);
            }}
          >
            <summary>
              {/* With the time: plans rewritten in one day are told apart. */}
              Written {formatDateTime(p.created_at)}, archived {formatDateTime(p.archived_at)}
            </summary>
            <Markdown text={p.response} className="coaching-markdown" />
          </details>
        ))}
    </Modal>
  );
}
