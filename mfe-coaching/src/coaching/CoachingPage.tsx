import { lazy, Suspense, useEffect } from 'react';
import { DialogProvider } from '@cc/ui/dialogs';
import { useLocalStorage } from '@cc/ui/storage';
import { CheckinTab } from '../checkins/CheckinTab';
import { startFirstQuestionnaireRequest } from '../checkins/firstRequest';
import { ACTIVE_TAB_KEY, COACHING_TABS, DEFAULT_TAB, parseTab } from './tabs';
import '../coaching.css';

// A visit that opens /coaching: the check-in's request leaves now, while the page renders.
startFirstQuestionnaireRequest();

// Information gathering renders markdown (@cc/ui): a chunk of its own, as the default tab is a check-in.
const InformationGathering = lazy(() => import('../information/InformationGathering'));

/** Coaching: the information-gathering plan and the eight check-ins (spec §2). */
export default function CoachingPage() {
  const [tabId, setTabId] = useLocalStorage<string>(ACTIVE_TAB_KEY, DEFAULT_TAB, parseTab);
  const tab = COACHING_TABS.find((t) => t.id === tabId) ?? COACHING_TABS.find((t) => t.id === DEFAULT_TAB)!;

  useEffect(() => {
    document.title = 'Coaching';
  }, []);

  return (
    <DialogProvider>
      <div id="coaching-root" data-testid="coaching-root" data-remote="coaching" className="page coaching">
        <header className="coaching-header">
          <h1>Coaching</h1>
          <p className="page-lead">A plan for what your coach should learn about you, and check-ins that score your reflections.</p>
        </header>
        <div className="coaching-tabs" role="tablist" aria-label="Coaching">
          {COACHING_TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={t.id === tab.id}
              aria-controls={`panel-${t.id}`}
              className={t.id === tab.id ? 'coaching-tab active' : 'coaching-tab'}
              onClick={() => setTabId(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <section role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} data-tab={tab.id} className="coaching-panel">
          {tab.type ? (
            <CheckinTab key={tab.id} type={tab.type} label={tab.label} />
          ) : (
            <Suspense fallback={<p className="coaching-note">Loading…</p>}>
              <InformationGathering />
            </Suspense>
          )}
        </section>
      </div>
    </DialogProvider>
  );
}

export { CoachingPage };
