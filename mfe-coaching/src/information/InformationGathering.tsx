import { lazy, Suspense, useEffect, useState } from 'react';
import { errorMessage } from '@cc/client';
import { informationPlanAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES as M } from '@cc/contracts/coaching-rules';
import { formatDateTime } from '@cc/contracts/dates';
import { Markdown } from '@cc/ui';
import { useNavigate } from '@cc/ui/router';
import { fetchInformationPrompt, submitCoachingPlan } from '../api/plans';

const ArchivedPlansModal = lazy(() => import('./ArchivedPlansModal'));

type View = { name: 'loading' } | { name: 'editor' } | { name: 'response'; response: string; createdAt: string };

/**
 * Information gathering (docs/coaching.md#information-gathering): the saved plan when there is one, else the editor; 'Update
 * plan' goes back to the editor, submitting shows the new plan. The archived plans open over it
 * when the address names one (`?tab=information-gathering&plan=ID`), that plan unfolded; the
 * plan a user unfolds goes into the address (replaced: unfolding is not a place to go Back to).
 */
export default function InformationGathering({ archivedPlan = null }: { archivedPlan?: number | null }) {
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ name: 'loading' });
  const [prompt, setPrompt] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [archivedOpen, setArchivedOpen] = useState(archivedPlan !== null);
  useEffect(() => {
    if (archivedPlan !== null) setArchivedOpen(true);
  }, [archivedPlan]);
  const showPlan = (id: number | null) => navigate(informationPlanAddress(id ?? undefined), { replace: true });

  useEffect(() => {
    const controller = new AbortController();
    fetchInformationPrompt(controller.signal).then(
      (answer) => {
        setPrompt(answer.prompt);
        setView(
          answer.has_existing_plan && answer.existing_plan
            ? { name: 'response', response: answer.existing_plan.response, createdAt: answer.existing_plan.created_at }
            : { name: 'editor' },
        );
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(M.errorLoadingData(errorMessage(err)));
        setView({ name: 'editor' });
      },
    );
    return () => controller.abort();
  }, []);

  const submit = async () => {
    if (!prompt.trim()) {
      setFormError(M.promptRequired);
      return;
    }
    setFormError(null);
    setSubmitting(true);
    try {
      const answer = await submitCoachingPlan(prompt);
      setView({ name: 'response', response: answer.response, createdAt: answer.created_at });
    } catch (err) {
      console.warn('[coaching] submitting the plan failed', err);
      setFormError(M.errorSubmittingPlan);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="coaching-info" data-testid="information-gathering" data-view={view.name}>
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
      {view.name === 'loading' && <p className="coaching-note">Loading your plan…</p>}
      {view.name === 'editor' && (
        <form
          className="coaching-info-editor"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor="coaching-prompt">What should your coach learn about you, and how?</label>
          <textarea
            id="coaching-prompt"
            rows={14}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            disabled={submitting}
          />
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
      {view.name === 'response' && (
        <article className="coaching-info-response" data-testid="plan-response">
          <p className="coaching-note">Plan written {formatDateTime(view.createdAt)}</p>
          <Markdown text={view.response} className="coaching-markdown" />
          <button type="button" className="button" onClick={() => setView({ name: 'editor' })}>
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
