import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { informationPlanAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { formatDateTime } from '@cc/contracts/dates';
import { Markdown } from '@cc/ui';
import { useNavigate } from '@cc/ui/router';
import { informationQuery, planSubmitted, submitCoachingPlan } from './api/plans';
import './information.css';

const ArchivedPlansModal = lazy(() => import('./ArchivedPlansModal'));

/**
 * Information gathering (docs/coaching.md#information-gathering): the saved plan when there is one, else the editor; 'Update
 * plan' goes back to the editor, submitting shows the new plan. The archived plans open over it
 * when the address names one (`?tab=information-gathering&plan=ID`), that plan unfolded; the
 * plan a user unfolds goes into the address (replaced: unfolding is not a place to go Back to).
 */
export default function InformationGathering({ archivedPlan = null }: { archivedPlan?: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const information = useQuery(informationQuery());
  // What the user types starts from the prompt kept on the server, once it has arrived.
  const [prompt, setPrompt] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (text: string) => submitCoachingPlan(text),
    onSuccess: (plan, text) => {
      setEditing(false);
      return planSubmitted(queryClient, text, plan);
    },
    onError: (err) => {
      console.warn('[coaching] submitting the plan failed', err);
      setFormError(M.errorSubmittingPlan);
    },
  });
  const [archivedOpen, setArchivedOpen] = useState(archivedPlan !== null);
  useEffect(() => {
    if (archivedPlan !== null) setArchivedOpen(true);
  }, [archivedPlan]);
  const showPlan = (id: number | null) => navigate(informationPlanAddress(id ?? undefined), { replace: true });

  const plan = information.data?.has_existing_plan ? information.data.existing_plan : null;
  // A plan that cannot be loaded leaves the editor to write one.
  const view = information.isPending ? 'loading' : plan && !editing ? 'response' : 'editor';
  const text = prompt ?? information.data?.prompt ?? '';
  const loadError = information.error ? M.errorLoadingData(errorMessage(information.error)) : null;

  const send = () => {
    if (!text.trim()) {
      setFormError(M.promptRequired);
      return;
    }
    setFormError(null);
    submit.mutate(text);
  };
  const submitting = submit.isPending;

  return (
    <div className="coaching-info" data-testid="information-gathering" data-view={view}>
      <div className="coaching-info-head">
        <h2>Information gathering</h2>
        <button type="button" className="button button-quiet" onClick={() => setArchivedOpen(true)}>
          Archived plans
        </button>
      </div>
      {loadError && (
        <p className="coaching-error" role="alert">
          {loadError}
        </p>
      )}
      {view === 'loading' && <p className="coaching-note">Loading your plan…</p>}
      {view === 'editor' && (
        <form
          className="coaching-info-editor"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label htmlFor="coaching-prompt">What should your coach learn about you, and how?</label>
          <textarea id="coaching-prompt" rows={14} value={text} onChange={(event) => setPrompt(event.target.value)} disabled={submitting} />
          {formError && (
            <p className="coaching-error" role="alert">
              {formError}
            </p>
          )}
          <div className="coaching-form-actions">
            <button type="submit" className="button button-primary" disabled={submitting}>
              {submitting ? 'Writing your plan…' : 'Submit'}
            </button>
          </div>
        </form>
      )}
      {view === 'response' && plan && (
        <article className="coaching-info-response" data-testid="plan-response">
          <p className="coaching-note">Plan written {formatDateTime(plan.created_at)}</p>
          <Markdown text={plan.response} className="coaching-markdown" />
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Update plan
          </button>
        </article>
      )}
      <Suspense fallback={null}>
        {archivedOpen && (
          <ArchivedPlansModal
            plan={archivedPlan}
            onShow={showPlan}
            onClose={() => {
              setArchivedOpen(false);
              if (archivedPlan !== null) showPlan(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
