import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@cc/client';
import type { Milestone } from '@cc/contracts/planning';
import { PLANNING_MESSAGES as M } from '@cc/contracts/planning-rules';
import { weekLabel } from '@cc/contracts/periods';
import { useDialogs } from '@cc/ui/dialogs';
import { createEmptyPlan, restoreArchivedPlan } from './api/actionPlan';
import { Timeline } from './Timeline';
import { planReplaced, usePlan } from './usePlan';
import type { WeekHandle } from './WeekBlock';
import { appendLines, timelineWeeks, type TimelineWeek } from './weeks';
import './action-plan.css';

const WeekAiModal = lazy(() => import(/* webpackChunkName: "planning-week-ai" */ './WeekAiModal'));
const ArchivedPlansModal = lazy(() => import(/* webpackChunkName: "planning-archived" */ './ArchivedPlansModal'));

/**
 * The action-plan tab: loading, then the 53-week timeline of the current plan (an empty plan is
 * made on the first visit), or the empty state when that creation fails. Each week can be
 * planned with AI; the archived plans open in a modal.
 */
export default function ActionPlanTab({
  milestones,
  week = null,
  visit,
}: {
  milestones: readonly Milestone[];
  /** The week the address names (`?week=YYYY-Www`): centred and marked. */
  week?: string | null;
  visit?: string;
}) {
  const dialogs = useDialogs();
  const client = useQueryClient();
  const { state, retry } = usePlan();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, string>>(new Map());
  const [aiWeek, setAiWeek] = useState<TimelineWeek | null>(null);
  const [archivedOpen, setArchivedOpen] = useState(false);
  const blocks = useRef(new Map<string, WeekHandle>()).current;
  const weeks = useMemo(() => timelineWeeks(), []);

  // Said once a showing of the tab, when the weeks' read finds the tables missing.
  const missingTables = state.status === 'ready' && state.migrationNeeded;
  const toldMissing = useRef(false);
  useEffect(() => {
    if (!missingTables || toldMissing.current) return;
    toldMissing.current = true;
    void dialogs.alert({ title: M.migrationRequired, message: `${M.migrationRequired}: the action plan's tables are not ready.` });
  }, [missingTables, dialogs]);

  /** A new or restored plan: its weeks are read (loading meanwhile); the AI outcomes shown belong to the old one. */
  const replaced = () => {
    setOutcomes(new Map());
    void planReplaced(client);
  };

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

  /** Restores an archived plan (the modal asked first); the current one is archived as a new plan would. */
  const restorePlan = async (planId: number): Promise<boolean> => {
    await Promise.all([...blocks.values()].map((b) => b.flush()));
    try {
      await restoreArchivedPlan(planId);
    } catch (error) {
      void dialogs.alert({ title: 'Action plan', message: errorText(error, { prefix: M.errorRestoringPlan }) });
      return false;
    }
    setArchivedOpen(false);
    replaced();
    return true;
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
      void dialogs.alert({ title: 'Action plan', message: errorText(error, { prefix: M.errorCreatingPlan }) });
    }
    replaced();
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
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && week && !weeks.some((w) => w.key === week) && (
        <p className="status-line" data-state="error" role="status" data-testid="week-outside">
          {weekLabel(week)} is outside the timeline, which shows the 26 weeks before this week and the 26 after it.
        </p>
      )}
      {state.status === 'ready' && (
        <Timeline
          key={state.plan.id}
          planId={state.plan.id}
          weeks={weeks}
          items={state.items}
          outcomes={outcomes}
          milestones={milestones}
          onPlanWithAi={onPlanWithAi}
          blocks={blocks}
          focusWeek={week}
          visit={visit}
        />
      )}
      <Suspense fallback={null}>
        {aiWeek && <WeekAiModal week={aiWeek} onClose={() => setAiWeek(null)} onGenerated={(g) => onGenerated(aiWeek, g)} />}
        {archivedOpen && <ArchivedPlansModal onClose={() => setArchivedOpen(false)} onRestore={restorePlan} />}
      </Suspense>
    </section>
  );
}
