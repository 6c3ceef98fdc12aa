import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { formatDateTime } from '@cc/contracts/dates';
import { Markdown, Modal } from '@cc/ui';
import { archivedPlansQuery } from './api/plans';

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
  const archived = useQuery(archivedPlansQuery());
  // A failed refresh says so rather than show what may be out of date.
  const plans = archived.isError ? null : (archived.data?.plans ?? null);
  const asked = useRef<HTMLDetailsElement | null>(null);
  const loaded = plans !== null;
  useEffect(() => {
    if (loaded) asked.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  const missing = plans !== null && plan !== null && !plans.some((p) => p.id === plan);
  return (
    <Modal open onClose={onClose} title="Archived plans" className="coaching-archived">
      {archived.isPending && <p className="coaching-note">Loading…</p>}
      {archived.isError && <p className="coaching-error">{M.errorLoadingArchived}</p>}
      {plans?.length === 0 && <p className="coaching-note">{M.noArchivedPlans}</p>}
      {plans && missing && plans.length > 0 && <p className="coaching-note">That archived plan is not here any more.</p>}
      {plans?.map((p) => (
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
