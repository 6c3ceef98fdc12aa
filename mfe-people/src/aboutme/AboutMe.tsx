import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@cc/client';
import { readDashboardAddress } from '@cc/contracts/addresses';
import type { ResearchMode } from '@cc/contracts/profile-rules';
import { useLocation } from '@cc/ui/router';
import { fetchProfile, type Profile, type ProfileDetails } from '../api/profile';
import { defaultTab, type AboutMeTab } from './defaultTab';
import { EditTab } from './EditTab';
import type { DetailField } from './ProfileField';
import type { PromptChoice } from './PromptModal';
import { useGeneration } from './useGeneration';
import './aboutme.css';

// Not needed for the first paint of the Edit tab: loaded when shown.
const AiTab = lazy(() => import(/* webpackChunkName: "aboutme-ai" */ './AiTab').then((m) => ({ default: m.AiTab })));
const PromptModal = lazy(() => import(/* webpackChunkName: "aboutme-prompt" */ './PromptModal'));

type Load = { status: 'loading' } | { status: 'ok'; profile: Profile } | { status: 'error'; message: string };

const EMPTY: ProfileDetails = { full_name: '', company: '', company_description: '', role: '', extra: '' };
const blank = (text: string) => (text.trim() ? text : undefined);

/**
 * The About me panel: Edit and AI tabs over the user's profile (docs/about-me.md#opening). Its address
 * (`aboutMeAddress`): `?about=statements&statement=3` opens the AI tab's review on that
 * statement, scrolled to and highlighted; `?about=me` the panel as it opens by default (followed
 * from the page, its Edit tab: where the details are).
 */
export function AboutMe() {
  const location = useLocation();
  const asked = readDashboardAddress(location.search).aboutMe;
  const focus = asked?.statement ?? null;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<AboutMeTab | null>(null);
  const [prompting, setPrompting] = useState(false);
  const details = useRef<ProfileDetails>({ ...EMPTY });

  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal).then(
      (answer) => {
        setLoad({ status: 'ok', profile: answer });
        setTab((current) => current ?? (focus !== null ? 'ai' : defaultTab(answer)));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: errorMessage(error) || 'Unknown error' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address's statement only picks the first tab; it is followed below
  }, [attempt]);

  useEffect(() => {
    // A statement's address followed while the panel is open: its review.
    if (focus !== null) setTab((current) => (current === null ? current : 'ai'));
  }, [focus]);

  // `?about=me` followed from the page (the source 'Your About me details'): the details, in the Edit tab.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current && asked && asked.statement === null) setTab((current) => (current === null ? current : 'edit'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each navigation to the address, not the first load
  }, [location.key]);

  const profile = load.status === 'ok' ? load.profile : null;
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
        <div className="aboutme-tabs" role="tablist" aria-label="About me">
          {(['edit', 'ai'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`aboutme-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`aboutme-panel-${t}`}
              className="aboutme-tab"
              disabled={!profile}
              onClick={() => setTab(t)}
            >
              {t === 'edit' ? 'Edit' : 'AI'}
            </button>
          ))}
        </div>
      </header>
      {load.status === 'loading' && (
        <p className="aboutme-wait" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" /> Loading your profile…
        </p>
      )}
      {load.status === 'error' && (
        <p className="aboutme-error" role="alert">
          Error loading data: {load.message}{' '}
          <button type="button" className="button button-small" onClick={() => setAttempt((n) => n + 1)}>
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
