import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '@cc/client';
import type { ActionPlan, Milestone, TimelineItem } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { createEmptyPlan, fetchCurrentPlan, fetchTimelineItems } from '../api/actionPlan';
import { useDialogs } from '@cc/ui/dialogs';
import { reasonsOf } from '../shared/errors';
import { Timeline } from './Timeline';
import type { WeekHandle } from './WeekBlock';
import { appendLines, timelineWeeks, type TimelineWeek } from './weeks';

const WeekAiModal = lazy(() => import(/* webpackChunkName: "planning-week-ai" */ './WeekAiModal'));
const ArchivedPlansModal = lazy(() => import(/* webpackChunkName: "planning-archived" */ './ArchivedPlansModal'));

type PlanState =
  | { status: 'loading' }
  | { status: 'ready'; plan: ActionPlan; items: Map<string, TimelineItem> }
  | { status: 'empty'; message: string }
  | { status: 'error'; message: string };

/** The spec's wording of a failed load (§8). */
function loadError(error: unknown): string {
  if (isApiError(error) && error.status === 403 && /csrf|token/i.test(error.message)) return M.securityTokenMissing;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return `${M.errorLoadingPlan}${reasonsOf(error)}`;
  return M.errorLoadingPlanRetry;
}

/**
 * The action-plan tab: loading, then the 53-week timeline of the current plan (an empty plan is
 * made on the first visit), or the empty state when that creation fails. Each week can be
 * planned with AI; the archived plans open in a modal.
 */
export default function ActionPlanTab({ milestones }: { milestones: readonly Milestone[] }) {
  const dialogs = useDialogs();
  const [state, setState] = useState<PlanState>({ status: 'loading' });
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, string>>(new Map());
  const [aiWeek, setAiWeek] = useState<TimelineWeek | null>(null);
  const [archivedOpen, setArchivedOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const blocks = useRef(new Map<string, WeekHandle>()).current;
  const weeks = useMemo(() => timelineWeeks(), []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: 'loading' });
    void (async () => {
      let plan: ActionPlan;
      try {
        const current = await fetchCurrentPlan(signal);
        if (current.has_plan && current.plan) plan = current.plan;
        else {
          try {
            plan = (await createEmptyPlan()).plan;
          } catch (error) {
            if (signal.aborted) return;
            console.warn('[planning] creating the action plan failed', error);
            setState({ status: 'empty', message: `${M.errorCreatingPlan}${reasonsOf(error)}` });
            return;
          }
        }
        const timeline = await fetchTimelineItems(signal);
        if (signal.aborted) return;
        if (timeline.migration_needed) {
          void dialogs.alert({ title: M.migrationRequired, message: `${M.migrationRequired}: the action plan's tables are not ready.` });
        }
        setState({ status: 'ready', plan, items: new Map(timeline.items.map((i) => [i.period_key, i])) });
      } catch (error) {
        if (signal.aborted) return;
        console.warn('[planning] loading the action plan failed', error);
        setState({ status: 'error', message: loadError(error) });
      }
    })();
    return () => controller.abort();
  }, [attempt, dialogs]);

  const onPlanWithAi = useCallback((week: TimelineWeek) => setAiWeek(week), []);

  const onGenerated = (week: TimelineWeek, generated: { actions: string; outcomes: string }) => {
    const block = blocks.get(week.key);
    if (block)
      block.replace(
        appendLines(
          block.getText(),
          generated.actions.split(/\r?\n/).filter((l) => l.trim() !== ''),
        ),
      );
    setOutcomes((current) => new Map(current).set(week.key, generated.outcomes));
  };

  const startNewPlan = async () => {
    const ok = await dialogs.confirm({
      title: 'Start a new action plan',
      message: 'The current plan is archived with its unfinished actions, and the new plan starts with empty weeks.',
      confirmLabel: 'Start a new plan',
    });
    if (!ok) return;
    await Promise.all([...blocks.values()].map((b) => b.flush()));
    try {
      await createEmptyPlan();
    } catch (error) {
      void dialogs.alert({ title: 'Action plan', message: `${M.errorCreatingPlan}${reasonsOf(error)}` });
    }
    setOutcomes(new Map());
    setAttempt((n) => n + 1);
  };

  return (
    <section className="action-plan" aria-label="Action plan" data-testid="action-plan" data-state={state.status}>
      <div className="planning-toolbar">
        <p className="planning-toolbar-lead">Plan each week's actions; they save as you type. Tick “- [x]” when one is done.</p>
        <button type="button" className="button" onClick={() => setArchivedOpen(true)}>
          Archived plans
        </button>
        {state.status === 'ready' && (
          <button type="button" className="button" onClick={() => void startNewPlan()}>
            Start a new plan
          </button>
        )}
      </div>
      {state.status === 'loading' && (
        <p className="planning-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the action plan…
        </p>
      )}
      {(state.status === 'empty' || state.status === 'error') && (
        <div className="planning-empty" data-testid="action-plan-empty">
          <p role="alert">{state.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <Timeline
          planId={state.plan.id}
          weeks={weeks}
          items={state.items}
          outcomes={outcomes}
          milestones={milestones}
          onPlanWithAi={onPlanWithAi}
          blocks={blocks}
        />
      )}
      <Suspense fallback={null}>
        {aiWeek && <WeekAiModal week={aiWeek} onClose={() => setAiWeek(null)} onGenerated={(g) => onGenerated(aiWeek, g)} />}
        {archivedOpen && <ArchivedPlansModal onClose={() => setArchivedOpen(false)} />}
      </Suspense>
    </section>
  );
}
