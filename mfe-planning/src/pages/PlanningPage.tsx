import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { fetchTodos, type TodosAnswer } from '../api/todos';
import { ServiceStatus, useServiceCall } from '@cc/ui/service-status';
import { DEFAULT_TAB, PlanningTabs } from '../components/PlanningTabs';
import '../planning.css';

function describeTodos(answer: TodosAnswer): string {
  const count = answer.todos?.length ?? 0;
  return count === 1 ? '1 todo' : `${count} todos`;
}

/** Planning: todos, milestones and the weekly action-plan timeline (/planning/{tab}). */
export default function PlanningPage() {
  const { tab: param } = useParams();
  const tab = param || DEFAULT_TAB;
  const todos = useServiceCall((signal) => fetchTodos(signal));

  useEffect(() => {
    document.title = 'Planning';
  }, []);

  return (
    <div id="planning-root" data-testid="planning-root" data-remote="planning" data-tab={tab} className="page planning">
      <header>
        <h1>Planning</h1>
        <p className="page-lead">Todos, milestones, a planning assistant and your weekly action-plan timeline.</p>
      </header>
      <PlanningTabs current={tab} />
      <section className="panel" aria-label="Todos">
        <ServiceStatus label="Planning service" state={todos} describe={describeTodos} />
      </section>
    </div>
  );
}

export { PlanningPage };
