import { lazy, Suspense, useEffect, useState } from 'react';
import type { GenerationPhase } from '@cc/contracts/profile-rules';
import { useDialogs } from '@cc/ui/dialogs';
import type { GenerationView } from './useGeneration';
import { CompanyBlocks, StatementsReview } from './StatementsReview';

// Markdown (marked + DOMPurify, in the main @cc/ui entry) loads only when a narrative is shown.
const Markdown = lazy(() => import('@cc/ui').then((m) => ({ default: m.Markdown })));
const BragView = lazy(() => import(/* webpackChunkName: "aboutme-brag" */ './brag/BragView'));

/** What a deep research is doing, in the panel's words. */
const PHASE_LABELS: Record<GenerationPhase, string> = {
  queued: 'Waiting to start',
  reading: 'Reading your notes',
  researching: 'Researching your role and company',
  writing: 'Writing your profile',
  extracting: 'Gathering the statements',
  done: 'Done',
};

export interface AiTabProps {
  view: GenerationView;
  onBack(): void;
  /** The statement the address names: the review opens on it. */
  focus?: number | null;
}

function LoadingBlock({ view }: { view: GenerationView }) {
  const dialogs = useDialogs();
  const { loading } = view;
  if (!loading) return null;
  const cancel = async () => {
    const sure = await dialogs.confirm({
      title: 'Cancel deep research',
      message: 'Stop the deep research? What it has found so far is not kept.',
      confirmLabel: 'Cancel research',
      cancelLabel: 'Keep going',
      danger: true,
    });
    if (sure) await view.cancel();
  };
  return (
    <div className="aboutme-loading" data-testid="aboutme-loading">
      <p role="status">
        <span className="spinner spinner-inline" aria-hidden="true" /> {loading.text}
      </p>
      {loading.deep && (
        <div className="aboutme-progress">
          <progress max={100} value={loading.deep.progress} aria-label="Deep research progress" data-testid="aboutme-progress" />
          <span data-testid="aboutme-phase">
            {PHASE_LABELS[loading.deep.phase]} · {loading.deep.progress}%
          </span>
          <button type="button" className="button button-small" onClick={() => void cancel()} data-testid="aboutme-cancel">
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}

/** A step that failed, said beside what is still shown, with Retry when it can be tried again. */
function FailureLine({ view }: { view: GenerationView }) {
  const { failure } = view;
  if (!failure) return null;
  return (
    <p className="aboutme-failure" role="alert" data-testid="aboutme-error">
      <span>{failure.text}</span>
      {failure.retry && (
        <button type="button" className="button button-small" onClick={failure.retry}>
          Retry
        </button>
      )}
    </p>
  );
}

/** The AI tab (docs/about-me.md#generation): the loading state, the executive summary, the statements, the company insights. */
export function AiTab({ view, onBack, focus = null }: AiTabProps) {
  const [reviewing, setReviewing] = useState(focus !== null);
  const [bragging, setBragging] = useState(false);
  useEffect(() => {
    if (focus === null) return;
    setReviewing(true);
    setBragging(false);
  }, [focus]);
  const busy = Boolean(view.loading);
  if (bragging) {
    return (
      <div className="aboutme-ai" data-testid="aboutme-ai">
        <Suspense fallback={<span className="spinner spinner-inline" role="status" aria-label="Loading" />}>
          <BragView onClose={() => setBragging(false)} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="aboutme-ai" data-testid="aboutme-ai">
      <div className="aboutme-toolbar">
        <button type="button" className="button button-small" onClick={() => void view.updateNarrative()} disabled={busy}>
          Update narrative
        </button>
        <button type="button" className="button button-small" aria-pressed={reviewing} onClick={() => setReviewing((r) => !r)}>
          {reviewing ? 'Done reviewing' : 'Review statements'}
        </button>
        <button type="button" className="button button-small" onClick={() => setBragging(true)} disabled={busy}>
          Brag document
        </button>
        <button type="button" className="button button-small" onClick={onBack}>
          Back
        </button>
      </div>
      <FailureLine view={view} />
      <LoadingBlock view={view} />
      {view.narrative && (
        <section className="aboutme-narrative" aria-label="Executive summary" data-testid="aboutme-narrative">
          <h3>Executive summary</h3>
          <Suspense fallback={<p className="aboutme-plain">{view.narrative}</p>}>
            <Markdown text={view.narrative} />
          </Suspense>
        </section>
      )}
      {(view.statements.length > 0 || !view.loading) && (
        <section className="aboutme-block" aria-label="Your statements">
          <h3>Your statements</h3>
          <StatementsReview statements={view.statements} onStatements={view.setStatements} reviewing={reviewing} focus={focus} />
        </section>
      )}
      {Object.keys(view.company).length > 0 && (
        <section className="aboutme-block" aria-label="Company insights">
          <h3>Company insights</h3>
          <CompanyBlocks company={view.company} onCompany={view.setCompany} reviewing={reviewing} />
        </section>
      )}
    </div>
  );
}
