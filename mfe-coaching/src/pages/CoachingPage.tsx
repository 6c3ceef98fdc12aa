import { useEffect } from 'react';
import { fetchQuestionnaireSections, type QuestionnaireSectionsAnswer } from '../api/questionnaire';
import { ServiceStatus, useServiceCall } from '@cc/ui/service-status';
import { localIsoDate } from '@cc/contracts/periods';

function describeSections(answer: QuestionnaireSectionsAnswer): string {
  const count = answer.sections?.length ?? 0;
  return count === 1 ? '1 check-in section for today' : `${count} check-in sections for today`;
}

/** Coaching: information gathering, daily and weekly check-ins, question chat. */
export default function CoachingPage() {
  const today = localIsoDate();
  const sections = useServiceCall((signal) => fetchQuestionnaireSections('start_of_day', today, signal), today);

  useEffect(() => {
    document.title = 'Coaching';
  }, []);

  return (
    <div id="coaching-root" data-testid="coaching-root" data-remote="coaching" className="page coaching">
      <header>
        <h1>Coaching</h1>
        <p className="page-lead">Information gathering, daily and weekly check-ins, and a coach to talk your answers through.</p>
      </header>
      <section className="panel" aria-label="Today's check-in">
        <h2>Start of day</h2>
        <ServiceStatus label="Coaching service" state={sections} describe={describeSections} />
      </section>
    </div>
  );
}

export { CoachingPage };
