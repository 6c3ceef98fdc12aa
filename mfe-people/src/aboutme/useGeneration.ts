import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_DELAYS_MS as D, PROFILE_MESSAGES as M, type GenerationPhase, type ResearchMode } from '@cc/contracts/profile-rules';
import {
  cancelGeneration,
  generateCompanyStatements,
  generateProfile,
  generationStatusQuery,
  readProfileNow,
  type CompanyStatements,
  type Generation,
  type ProfileDetails,
  type ProfileStatement,
} from './api/profile';
import { writeNarrative } from './narrative';

/** What the AI tab shows while a generation runs. */
export interface Loading {
  text: string;
  /** A deep research's progress, as the status call reports it. */
  deep?: { phase: GenerationPhase; progress: number };
}

/** A step that failed: said beside what the panel still shows, with a way to try it again. */
export interface Failure {
  text: string;
  retry?: () => void;
}

export interface GenerationRequest {
  details: ProfileDetails;
  system?: string;
  user?: string;
  research_mode: ResearchMode;
}

export interface GenerationView {
  statements: ProfileStatement[];
  setStatements(next: ProfileStatement[]): void;
  company: CompanyStatements;
  setCompany(next: CompanyStatements): void;
  narrative: string;
  loading: Loading | null;
  failure: Failure | null;
  generate(request: GenerationRequest): Promise<void>;
  /** Writes the executive summary again (the Update narrative button). */
  updateNarrative(): Promise<void>;
  cancel(): Promise<void>;
}

const RUNNING: Generation['state'][] = ['queued', 'running'];
const running = (generation: Generation | null | undefined): generation is Generation =>
  Boolean(generation && RUNNING.includes(generation.state));
// After a failed profile call 'User profile ready' would not be true: the step alone.
const FETCHING_COMPANY = 'Fetching company insights...';
const progress = (generation: Generation): Loading => ({
  text: M.deepResearchLoading,
  deep: { phase: generation.phase, progress: generation.progress },
});

/**
 * A run that follows the status call every 3 s: one found running as the panel opened (after a
 * reload, or started in another tab: its end goes on with the rest of the chain), or the deep
 * research whose POST is waiting (its progress only: the POST's answer goes on).
 */
interface Watching {
  id: number;
  resumed: boolean;
}

export interface GenerationSeed {
  statements: ProfileStatement[];
  company: CompanyStatements;
  narrative: string;
}

/**
 * Profile generation (docs/about-me.md#generation): old blocks cleared with a loading state; statements, then 'User
 * profile ready. Fetching company insights...'; company statements whether or not the profile
 * call succeeded; the 'aboutme:updated' event; the narrative (hint after 8 s, polling on
 * failure). A failed step never empties the panel: what was there before comes back (it is still
 * what is stored) and the failure is said beside it, with Retry. A deep research reports its
 * phase and progress from the status call (polled with the query's refetchInterval) and is
 * resumed after a reload. `onStart` is told when a generation (or a resumed one) starts: the panel shows the AI tab.
 */
export function useGeneration(
  seed: GenerationSeed | null,
  onStart: () => void,
  /** What a retry of a run found after a reload sends (its own request is the server's): the details as they are now. */
  requestNow: (mode: ResearchMode) => GenerationRequest,
): GenerationView {
  const queryClient = useQueryClient();
  const [statements, setStatements] = useState<ProfileStatement[]>([]);
  const [company, setCompany] = useState<CompanyStatements>({});
  const [narrative, setNarrative] = useState('');
  const [loading, setLoading] = useState<Loading | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // What the panel showed before a run cleared it: a failed run gives it back.
  const shown = useRef<GenerationSeed>({ statements: [], company: {}, narrative: '' });
  shown.current = { statements, company, narrative };
  const before = useRef<GenerationSeed>(shown.current);
  // Each run has a number: a newer run, or leaving the page, silences the older one.
  const run = useRef(0);
  /** A run has started (the stored profile arriving later must not overwrite its view). */
  const started = useRef(false);
  /** The status call's first answer has been looked at. */
  const opened = useRef(false);
  const [watching, setWatching] = useState<Watching | null>(null);
  const status = useQuery({
    ...generationStatusQuery(),
    refetchInterval: watching ? D.deepResearchPoll : false,
    // A research runs for minutes: its progress is followed in a background tab too.
    refetchIntervalInBackground: true,
  });
  const narrativeRef = useRef('');
  const cancelled = useRef(false);
  const onStartRef = useRef(onStart);
  onStartRef.current = onStart;
  const requestNowRef = useRef(requestNow);
  requestNowRef.current = requestNow;
  // Retry buttons call the latest of these (they are defined below, after the steps they use).
  const updateNarrativeRef = useRef<() => Promise<void>>(async () => undefined);
  const generateRef = useRef<(request: GenerationRequest) => Promise<void>>(async () => undefined);

  /** Puts back what the panel showed before the run (still what is stored). */
  const restore = () => {
    setStatements(before.current.statements);
    setCompany(before.current.company);
    setNarrative(before.current.narrative);
    setLoading(null);
  };

  useEffect(() => {
    if (!seed) return;
    // What is stored: what a failed run gives back, even one that started before it arrived
    // (that run's view is not overwritten).
    before.current = seed;
    narrativeRef.current = seed.narrative;
    if (started.current) return;
    // Shown from now on: a run found in the same answer (the status effect, below) starts from it.
    shown.current = seed;
    setStatements(seed.statements);
    setCompany(seed.company);
    setNarrative(seed.narrative);
  }, [seed]);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const narrativeStep = useCallback(
    async (id: number, retry: () => void) => {
      const alive = () => run.current === id;
      const hint = setTimeout(() => {
        if (alive()) setLoading({ text: M.narrativeHint });
      }, D.narrativeHint);
      try {
        const written = await writeNarrative(queryClient, narrativeRef.current, alive);
        if (!alive()) return;
        if (written === null) {
          // The summary stored before this one is still the user's: it stays, the failure beside it.
          setNarrative(narrativeRef.current);
          setLoading(null);
          setFailure({ text: M.narrativeFailed, retry });
          return;
        }
        narrativeRef.current = written;
        setNarrative(written);
        setLoading(null);
      } finally {
        clearTimeout(hint);
      }
    },
    [queryClient],
  );

  /**
   * After the profile call, whether or not it succeeded (docs/about-me.md#generation): its statements (or, when it
   * failed, the ones shown before), company insights, the event, the narrative.
   */
  const afterProfile = useCallback(
    async (id: number, written: ProfileStatement[] | null) => {
      const alive = () => run.current === id;
      if (written) {
        setStatements(written);
        setLoading({ text: M.profileReady });
      } else {
        setStatements(before.current.statements);
        setLoading({ text: FETCHING_COMPANY });
      }
      try {
        const written = await generateCompanyStatements(queryClient);
        if (alive()) setCompany(written);
      } catch {
        // Company statement failures are ignored (what was shown stays; docs/about-me.md#generation); the narrative still comes.
        if (alive()) setCompany(before.current.company);
      }
      if (!alive()) return;
      window.dispatchEvent(new CustomEvent(M.updatedEvent));
      await narrativeStep(id, () => void updateNarrativeRef.current());
    },
    [narrativeStep, queryClient],
  );

  const start = (): number => {
    run.current += 1;
    started.current = true;
    cancelled.current = false;
    before.current = shown.current;
    setFailure(null);
    onStartRef.current();
    setStatements([]);
    setCompany({});
    setNarrative('');
    return run.current;
  };

  const generate = useCallback(
    async (request: GenerationRequest) => {
      const id = start();
      const deep = request.research_mode === 'deep';
      setLoading(
        deep
          ? { text: M.deepResearchLoading, deep: { phase: 'queued', progress: 0 } }
          : { text: 'Generating your professional profile...' },
      );
      // The POST waits for the job; the status call gives its progress meanwhile.
      if (deep) setWatching({ id, resumed: false });
      let written: ProfileStatement[] | null = null;
      try {
        written = await generateProfile(queryClient, request);
      } catch {
        if (run.current !== id) return;
        // A cancelled research stops here; a failed one goes on to the company insights (docs/about-me.md#generation).
        const text = cancelled.current ? M.generationCancelled : M.generateFailed;
        setFailure({ text, retry: () => void generateRef.current(request) });
        if (cancelled.current) {
          restore();
          return;
        }
      } finally {
        setWatching((w) => (w?.id === id ? null : w));
      }
      if (run.current !== id) return;
      await afterProfile(id, written);
    },
    [afterProfile, queryClient],
  );

  /** A run found as the panel opened has ended: the rest of the chain, or its failure beside what was shown. */
  const resumedEnded = async (id: number, last: Generation) => {
    const retry = () => void generateRef.current(requestNowRef.current(last.research_mode));
    if (last.state === 'done') {
      const profile = await readProfileNow(queryClient).catch(() => null);
      if (run.current !== id) return;
      if (profile) await afterProfile(id, profile.statements);
      else {
        restore();
        setFailure({ text: M.generateFailed, retry });
      }
    } else {
      restore();
      setFailure({ text: last.state === 'cancelled' ? M.generationCancelled : M.generateFailed, retry });
    }
  };

  // Each answer of the status call (asked as the panel opens, then every 3 s while a run watches it).
  const { isFetchedAfterMount, dataUpdatedAt, errorUpdatedAt } = status;
  const generation = status.data?.generation;
  useEffect(() => {
    if (!isFetchedAfterMount) return;
    if (!opened.current) {
      // A deep research started before a reload (or in another tab) is picked up where it is;
      // a failed first read, or a run the user started meanwhile, leaves nothing to pick up.
      opened.current = true;
      if (!running(generation) || started.current) return;
      const id = start();
      setLoading(progress(generation));
      setWatching({ id, resumed: true });
      return;
    }
    if (!watching || run.current !== watching.id) return;
    if (!generation) {
      // The job a resumed run followed is gone: nothing more will come of it.
      if (watching.resumed) {
        setWatching(null);
        restore();
      }
      return;
    }
    if (running(generation)) setLoading(progress(generation));
    else if (watching.resumed) {
      setWatching(null);
      void resumedEnded(watching.id, generation);
    }
    // Progress a POST waits for ends with the POST's answer (generate), not with the status.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each answer (or failure) of the status call, once
  }, [isFetchedAfterMount, dataUpdatedAt, errorUpdatedAt]);

  const updateNarrative = useCallback(async () => {
    run.current += 1;
    const id = run.current;
    setFailure(null);
    setLoading({ text: 'Writing your executive summary...' });
    await narrativeStep(id, () => void updateNarrativeRef.current());
  }, [narrativeStep]);
  updateNarrativeRef.current = updateNarrative;
  generateRef.current = generate;

  const cancel = useCallback(async () => {
    cancelled.current = true;
    try {
      await cancelGeneration();
    } catch {
      cancelled.current = false;
    }
  }, []);

  return { statements, setStatements, company, setCompany, narrative, loading, failure, generate, updateNarrative, cancel };
}
