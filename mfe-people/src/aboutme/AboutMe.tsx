import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@cc/client';
import { readDashboardAddress } from '@cc/contracts/addresses';
import type { ResearchMode } from '@cc/contracts/profile-rules';
import { useLocation } from '@cc/ui/router';
import { profileQuery, type Profile, type ProfileDetails } from './api/profile';
import { defaultTab, type AboutMeTab } from './defaultTab';
import { EditTab } from './EditTab';
import type { DetailField } from './ProfileField';
import type { PromptChoice } from './PromptModal';
import { useGeneration } from './useGeneration';
import '../shared/tabs.css';
import './aboutme.css';

// Not needed for the first paint of the Edit tab: loaded when shown.
const AiTab = lazy(() => import(/* webpackChunkName: "aboutme-ai" */ './AiTab').then((m) => ({ default: m.AiTab })));
const PromptModal = lazy(() => import(/* webpackChunkName: "aboutme-prompt" */ './PromptModal'));

const EMPTY: ProfileDetails = { full_name: '', company: '', company_description: '', role: '', extra: '' };
const blank = (text: string) => (text.trim() ? text : undefined);

/**
 * The About me panel: Edit and AI tabs over the user's profile (docs/about-me.md#opening). Its address
 * (`aboutMeAddress`): `?about=statements&statement=3` opens the AI tab's review on that
 * statement, scrolled to and highlighted; `?about=me` the panel as it opens by default (followed
 * from the page, its Edit tab: where the details are).
 *
 * The profile is the `GET /profile` query (the cache has it when the panel opens again); the
 * panel starts from the profile as it first read it: its fields autosave and a generation
 * rewrites what it shows, so later answers in the cache are not read back into them.
 */
export function AboutMe() {
  const location = useLocation();
  const asked = readDashboardAddress(location.search).aboutMe;
  const focus = asked?.statement ?? null;
  const query = useQuery(profileQuery());
  // The profile as the panel first read it, and the tab it opened on (the address's statement
  // only picks that first tab; it is followed below). Set once, from the first answer.
  const [opened, setOpened] = useState<{ profile: Profile; tab: AboutMeTab } | null>(null);
  if (!opened && query.data) setOpened({ profile: query.data, tab: focus !== null ? 'ai' : defaultTab(query.data) });
  const profile = opened?.profile ?? null;
  const [chosen, setTab] = useState<AboutMeTab | null>(null);
  const tab = opened ? (chosen ?? opened.tab) : null;
  const [prompting, setPrompting] = useState(false);
  const details = useRef<ProfileDetails>({ ...EMPTY });

  const shown = opened !== null;
  useEffect(() => {
    // A statement's address followed while the panel is open: its review.
    if (focus !== null && shown) setTab('ai');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new address, not the panel's first answer
  }, [focus]);

  // `?about=me` followed from the page (the source 'Your About me details'): the details, in the Edit tab.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current && asked && asked.statement === null && shown) setTab('edit');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each navigation to the address, not the first load
  }, [location.key]);

  const seed = useMemo(
    () =>
      profile ? { statements: profile.statements, company: profile.company_statements, narrative: profile.ai_profile_narrative } : null,
    [profile],
  );
  const view = useGeneration(
    seed,
    useCallback(() => setTab('ai'), []),
    useCallback((mode: ResearchMode) => ({ details: details.current, research_mode: mode }), []),
  );
  const onValue = useCallback((field: DetailField, value: string) => {
    details.current = { ...details.current, [field]: value };
  }, []);

  const submit = (choice: PromptChoice) => {
    setPrompting(false);
    void view.generate({
      details: details.current,
      system: blank(choice.system),
      user: blank(choice.user),
      research_mode: choice.research_mode,
    });
  };

  return (
    <section id="aboutme-root" data-testid="aboutme-root" data-remote="people" className="panel about-me" aria-labelledby="aboutme-title">
      <header className="aboutme-head">
        <h2 id="aboutme-title">About me</h2>
        <div className="aboutme-tabs tab-strip" role="tablist" aria-label="About me">
          {(['edit', 'ai'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`aboutme-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`aboutme-panel-${t}`}
              disabled={!profile}
              onClick={() => setTab(t)}
            >
              {t === 'edit' ? 'Edit' : 'AI'}
            </button>
          ))}
        </div>
      </header>
      {!profile && !query.isError && (
        <p className="aboutme-wait" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" /> Loading your profile…
        </p>
      )}
      {!profile && query.isError && (
        <p className="aboutme-error" role="alert">
          Error loading data: {errorMessage(query.error) || 'Unknown error'}{' '}
          <button type="button" className="button button-small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      )}
      {profile && (
        <div role="tabpanel" id="aboutme-panel-edit" aria-labelledby="aboutme-tab-edit" hidden={tab !== 'edit'}>
          {/* Kept mounted on the AI tab: its autosaves and the details Generate sends live here. */}
          <EditTab server={profile.details} onValue={onValue} onGenerate={() => setPrompting(true)} />
        </div>
      )}
      {profile && tab === 'ai' && (
        <div role="tabpanel" id="aboutme-panel-ai" aria-labelledby="aboutme-tab-ai">
          <Suspense fallback={<span className="spinner spinner-inline" role="status" aria-label="Loading" />}>
            <AiTab view={view} onBack={() => setTab('edit')} focus={focus} />
          </Suspense>
        </div>
      )}
      {prompting && (
        <Suspense fallback={null}>
          <PromptModal onClose={() => setPrompting(false)} onSubmit={submit} />
        </Suspense>
      )}
    </section>
  );
}
