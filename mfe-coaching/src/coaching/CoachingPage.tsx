import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { checkinAddress, informationPlanAddress, readCoachingAddress } from '@cc/contracts/addresses';
import { DialogProvider } from '@cc/ui/dialogs';
import { useLocation, useNavigate } from '@cc/ui/router';
import { useLocalStorage } from '@cc/ui/storage';
import { prefetchFirstQuestionnaire, startFirstQuestionnaireRequest } from '../checkins/api/firstRequest';
import { CheckinTab } from '../checkins/CheckinTab';
import { ACTIVE_TAB_KEY, COACHING_TABS, DEFAULT_TAB, parseTab, type CoachingTab } from './tabs';
import '../shared/shared.css';
import './coaching.css';

// A visit that opens /coaching: the check-in's request leaves now, while the page renders.
startFirstQuestionnaireRequest();

// Information gathering renders markdown (@cc/ui): a chunk of its own, as the default tab is a check-in.
const InformationGathering = lazy(() => import('../information/InformationGathering'));

const tabHref = (tab: CoachingTab) => (tab.type ? checkinAddress(tab.type) : informationPlanAddress());

/**
 * Coaching: the information-gathering plan and the eight check-ins (docs/coaching.md#tabs). The address names
 * the tab (and the check-in's period and question, or an archived plan) and wins over the tab
 * remembered locally, which only chooses the tab when the address names none. Changing tab adds
 * a history entry, so Back returns to the tab before.
 */
export default function CoachingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Before the tab's query is asked for: it then finds the early request on its way.
  const queryClient = useQueryClient();
  useState(() => prefetchFirstQuestionnaire(queryClient));
  const address = useMemo(() => readCoachingAddress(location.search), [location.search]);
  const [storedTab, setStoredTab] = useLocalStorage<string>(ACTIVE_TAB_KEY, DEFAULT_TAB, parseTab);
  const tab = COACHING_TABS.find((t) => t.id === (address.tab ?? storedTab)) ?? COACHING_TABS.find((t) => t.id === DEFAULT_TAB)!;

  useEffect(() => {
    document.title = 'Coaching';
  }, []);

  // The tab shown is the one remembered; an address that names none is given the one shown (a
  // check-in's own hook writes its address, with its period: this effect runs after it).
  useEffect(() => {
    if (tab.id !== storedTab) setStoredTab(tab.id);
    if (!address.tab && !tab.type) navigate(tabHref(tab), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the tab shown
  }, [tab.id, address.tab]);

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
              onClick={() => {
                if (t.id !== tab.id) navigate(tabHref(t));
              }}
            >
              {t.label}
            </button>
          ))}
        </div>
        <section role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} data-tab={tab.id} className="coaching-panel">
          {tab.type ? (
            // A tab's dialogs are its own (the purpose, confirmations): they close when it goes,
            // so a purpose still opening after a quick switch never covers the next tab.
            <DialogProvider key={tab.id}>
              <CheckinTab type={tab.type} label={tab.label} address={address} />
            </DialogProvider>
          ) : (
            <Suspense fallback={<p className="coaching-note">Loading…</p>}>
              <InformationGathering archivedPlan={address.plan} />
            </Suspense>
          )}
        </section>
      </div>
    </DialogProvider>
  );
}

export { CoachingPage };
