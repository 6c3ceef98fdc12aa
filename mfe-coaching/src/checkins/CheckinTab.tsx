import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { invalidateRoutes } from '@cc/client/query';
import type { CoachingAddress } from '@cc/contracts/addresses';
import { COACHING_MESSAGES as M, QUESTIONNAIRE_PERIOD, type QuestionnaireType } from '@cc/contracts/coaching-rules';
import { useDialogs } from '@cc/ui/dialogs';
import { questionnaireQuery } from './api/questionnaire';
import { PeriodPicker } from './PeriodPicker';
import { CHECKIN_PURPOSES } from './purposes';
import { QuestionList } from './QuestionList';
import { SectionProgress } from './SectionProgress';
import { useCheckinAddress } from './useCheckinAddress';
import { usePeriodStepper } from './usePeriodStepper';
import './checkins.css';

// What a visit does not need at once comes with @cc/ui in chunks of their own.
const QuestionChatModal = lazy(() => import('../question-chat/QuestionChatModal'));
const AdminEditor = lazy(() => import('../admin/AdminEditor'));
const WeekPlanModal = lazy(() => import('../week-plan/WeekPlanModal'));

/** "3 of 7 questions answered · average 64" (added, docs/coaching.md#check-ins: the period at a glance). */
export function summaryLine(summary: { answered: number; total: number; average_score: number | null }): string {
  const count = `${summary.answered} of ${summary.total} question${summary.total === 1 ? '' : 's'} answered`;
  return summary.average_score === null ? count : `${count} · average ${summary.average_score}`;
}

/**
 * One check-in tab: period picker, section progress, the section's questions, and the modals they
 * open. Its period and open question are the page's address (useCheckinAddress).
 */
export function CheckinTab({ type, label, address }: { type: QuestionnaireType; label: string; address: CoachingAddress }) {
  const at = useCheckinAddress(type, address);
  const stepper = usePeriodStepper(type, { key: at.period, onChange: at.stepTo });
  const queryClient = useQueryClient();
  // The last period's answer stays on screen while the next one loads: stepping never flashes empty.
  const questionnaire = useQuery({ ...questionnaireQuery(type, stepper.key), placeholderData: keepPreviousData });
  const data = questionnaire.data ?? null;
  const loading = questionnaire.isFetching;
  const error = questionnaire.error ? errorMessage(questionnaire.error) : null;
  const { refetch } = questionnaire;
  const reload = useCallback(() => void refetch(), [refetch]);
  const [selected, setSelected] = useState(0);
  const dialogs = useDialogs();
  // The purpose is an in-app alert (×, its Close button, a backdrop click): the dialogs' small
  // chunk, so the first visit loads no @cc/ui.
  const showPurpose = useCallback(() => {
    const purpose = CHECKIN_PURPOSES[type];
    void dialogs.alert({ title: purpose.title, message: purpose.text, closeLabel: 'Close' });
  }, [dialogs, type]);
  // On every visit to the tab (docs/coaching.md#check-ins): once per mount, StrictMode's second run included. A
  // link to a question lands on the question: that visit opens its chat, not the purpose.
  const purposeShown = useRef(at.arrivedOnQuestion);
  useEffect(() => {
    if (purposeShown.current) return;
    purposeShown.current = true;
    showPurpose();
  }, [showPurpose]);
  const [adminOpen, setAdminOpen] = useState(false);
  const [weekPlanOpen, setWeekPlanOpen] = useState(false);

  const sections = data?.sections ?? [];
  useEffect(() => {
    if (selected >= sections.length && sections.length > 0) setSelected(0);
  }, [sections.length, selected]);
  const section = sections[selected] ?? sections[0];

  // The question the address opens, once the questionnaire is there; its section is shown behind it.
  const question = at.question === null ? null : (sections.flatMap((s) => s.questions).find((q) => q.id === at.question) ?? null);
  const questionSection = question ? sections.findIndex((s) => s.id === question.onboarding_section_id) : -1;
  useEffect(() => {
    if (questionSection >= 0) setSelected(questionSection);
  }, [questionSection]);
  // A question no longer in this check-in (deleted, or a mistyped link): said, and left out of the address.
  const [missing, setMissing] = useState(false);
  const gone = at.question !== null && data !== null && !loading && !error && question === null;
  useEffect(() => {
    if (!gone) return;
    setMissing(true);
    at.closeQuestion();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the questionnaire says it is gone
  }, [gone]);
  // Closing the question (its ×, or Back) reloads the questionnaire (docs/coaching.md#question-chat):
  // this period's and, when next shown, the others' (their recent scores end with this one).
  const openBefore = useRef(at.question);
  useEffect(() => {
    if (openBefore.current !== null && at.question === null) void invalidateRoutes(queryClient, 'GET /coaching/questionnaire_sections');
    openBefore.current = at.question;
  }, [at.question, queryClient]);
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
      {missing && (
        <p className="coaching-note" role="status">
          That question is not in this check-in any more.
        </p>
      )}
      {!data && !error && <p className="coaching-note">{at.question !== null ? 'Opening the question…' : 'Loading the questions…'}</p>}
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
                  <QuestionList
                    questions={section.questions}
                    onOpen={(q) => {
                      setMissing(false);
                      at.openQuestion(q.id);
                    }}
                    showTrend={stepper.steppable}
                  />
                </section>
              )}
            </>
          )}
        </>
      )}

      <Suspense fallback={null}>
        {question && (
          <QuestionChatModal key={`${question.id} ${stepper.key}`} question={question} periodKey={stepper.key} onClose={at.closeQuestion} />
        )}
        {adminOpen && (
          // Its edits refresh the questionnaire as they are made (admin/api/admin.ts).
          <AdminEditor type={type} label={label} onClose={() => setAdminOpen(false)} />
        )}
        {weekPlanOpen && <WeekPlanModal periodKey={stepper.key} onClose={() => setWeekPlanOpen(false)} />}
      </Suspense>
    </div>
  );
}
