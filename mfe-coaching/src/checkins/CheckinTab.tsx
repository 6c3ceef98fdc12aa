import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ScoredQuestion } from '@cc/contracts/coaching';
import { COACHING_MESSAGES as M, QUESTIONNAIRE_PERIOD, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { useDialogs } from '@cc/ui/dialogs';
import { PeriodPicker } from './PeriodPicker';
import { CHECKIN_PURPOSES } from './purposes';
import { QuestionList } from './QuestionList';
import { SectionProgress } from './SectionProgress';
import { usePeriodStepper } from './usePeriodStepper';
import { useQuestionnaire } from './useQuestionnaire';

// What a visit does not need at once comes with @cc/ui in chunks of their own.
const QuestionChatModal = lazy(() => import('../question-chat/QuestionChatModal'));
const AdminEditor = lazy(() => import('../admin/AdminEditor'));
const WeekPlanModal = lazy(() => import('../question-chat/WeekPlanModal'));

/** "3 of 7 questions answered · average 64" (beyond the spec: the period at a glance). */
export function summaryLine(summary: { answered: number; total: number; average_score: number | null }): string {
  const count = `${summary.answered} of ${summary.total} question${summary.total === 1 ? '' : 's'} answered`;
  return summary.average_score === null ? count : `${count} · average ${summary.average_score}`;
}

/** One check-in tab: period picker, section progress, the section's questions, and the modals they open. */
export function CheckinTab({ type, label }: { type: QuestionnaireType; label: string }) {
  const stepper = usePeriodStepper(type);
  const { data, loading, error, reload } = useQuestionnaire(type, stepper.key);
  const [selected, setSelected] = useState(0);
  const dialogs = useDialogs();
  // The purpose is an in-app alert (×, its Close button, a backdrop click): the dialogs' small
  // chunk, so the first visit loads no @cc/ui.
  const showPurpose = useCallback(() => {
    const purpose = CHECKIN_PURPOSES[type];
    void dialogs.alert({ title: purpose.title, message: purpose.text, closeLabel: 'Close' });
  }, [dialogs, type]);
  // On every visit to the tab (spec §2): once per mount, StrictMode's second run included.
  const purposeShown = useRef(false);
  useEffect(() => {
    if (purposeShown.current) return;
    purposeShown.current = true;
    showPurpose();
  }, [showPurpose]);
  const [question, setQuestion] = useState<ScoredQuestion | null>(null);
  const [adminOpen, setAdminOpen] = useState(false);
  const [weekPlanOpen, setWeekPlanOpen] = useState(false);

  const sections = data?.sections ?? [];
  useEffect(() => {
    if (selected >= sections.length && sections.length > 0) setSelected(0);
  }, [sections.length, selected]);
  const section = sections[selected] ?? sections[0];
  const weekly = QUESTIONNAIRE_PERIOD[type] === 'week';

  return (
    <div className="coaching-checkin" data-testid="checkin" data-type={type} data-loading={loading ? 'true' : 'false'}>
      <div className="coaching-checkin-head">
        <h2>{label}</h2>
        <PeriodPicker stepper={stepper} />
        <div className="coaching-checkin-actions">
          <button type="button" className="button button-quiet" onClick={showPurpose}>
            About this check-in
          </button>
          {weekly && (
            <button type="button" className="button" onClick={() => setWeekPlanOpen(true)}>
              Week AI action plan
            </button>
          )}
          {data?.is_admin && (
            <button type="button" className="button" onClick={() => setAdminOpen(true)}>
              Edit questionnaire
            </button>
          )}
        </div>
      </div>

      {error && (
        <div className="coaching-error" role="alert">
          <p>{M.errorLoadingData(error)}</p>
          <button type="button" className="button" onClick={reload}>
            Retry
          </button>
        </div>
      )}
      {!data && !error && <p className="coaching-note">Loading the questions…</p>}
      {data && (
        <>
          <p className="coaching-summary" data-testid="period-summary">
            {summaryLine(data.summary)}
          </p>
          {sections.length === 0 ? (
            <p className="coaching-note">This check-in has no questions yet.</p>
          ) : (
            <>
              <SectionProgress sections={sections} selected={selected} onSelect={setSelected} />
              {section && (
                <section className="coaching-section" aria-label={section.title}>
                  <h3>{section.title}</h3>
                  {section.description && <p className="coaching-section-description">{section.description}</p>}
                  <QuestionList questions={section.questions} onOpen={setQuestion} showTrend={stepper.steppable} />
                </section>
              )}
            </>
          )}
        </>
      )}

      <Suspense fallback={null}>
        {question && (
          <QuestionChatModal
            question={question}
            periodKey={stepper.key}
            onClose={() => {
              setQuestion(null);
              reload();
            }}
          />
        )}
        {adminOpen && (
          <AdminEditor
            type={type}
            onClose={() => {
              setAdminOpen(false);
              reload();
            }}
          />
        )}
        {weekPlanOpen && <WeekPlanModal periodKey={stepper.key} onClose={() => setWeekPlanOpen(false)} />}
      </Suspense>
    </div>
  );
}
