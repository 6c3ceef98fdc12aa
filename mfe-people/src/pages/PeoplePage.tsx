import { useEffect } from 'react';
import { fetchPeople, type PeopleAnswer } from '../api/people';
import { ServiceStatus, useServiceCall } from '@cc/ui/service-status';

function describePeople(answer: PeopleAnswer): string {
  const count = answer.people?.length ?? 0;
  return count === 1 ? '1 person' : `${count} people`;
}

/** People you work with, research about them, and your meetings with them. */
export default function PeoplePage() {
  const people = useServiceCall((signal) => fetchPeople(signal));

  useEffect(() => {
    document.title = 'People';
  }, []);

  return (
    <div id="people-root" data-testid="people-root" data-remote="people" className="page people">
      <header>
        <h1>People</h1>
        <p className="page-lead">The people in your working life, what you know about them, and notes from your meetings.</p>
      </header>
      <section className="panel" aria-label="People">
        <ServiceStatus label="People service" state={people} describe={describePeople} />
      </section>
    </div>
  );
}

export { PeoplePage };
