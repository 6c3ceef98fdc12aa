import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_DELAYS_MS as D, PROFILE_MESSAGES as M, type GenerationPhase, type ResearchMode } from '@cc/contracts/profile-rules';
import {
  cancelGeneration,
  fetchGenerationStatus,
  fetchProfile,
  generateCompanyStatements,
  generateProfile,
  type CompanyStatements,
  type Generation,
  type ProfileDetails,
  type ProfileStatement,
} from '../api/profile';
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
// After a failed profile call 'User profile ready' would not be true: the step alone.
const FETCHING_COMPANY = 'Fetching company insights...';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
 * phase and progress from the status call and is resumed after a reload.
 * `onStart` is told when a generation (or a resumed one) starts: the panel shows the AI tab.
 */
export function useGeneration(
  seed: GenerationSeed | null,
  onStart: () => void,
  /** What a retry of a run found after a reload sends (its own request is the server's): the details as they are now. */
  requestNow: (mode: ResearchMode) => GenerationRequest,
): GenerationView {
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
    // What is stored: what a failed run gives back, even one that started before it arrived.
    before.current = seed;
    setStatements(seed.statements);
    setCompany(seed.company);
    setNarrative(seed.narrative);
    narrativeRef.current = seed.narrative;
  }, [seed]);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const narrativeStep = useCallback(async (id: number, retry: () => void) => {
    const alive = () => run.current === id;
    const hint = setTimeout(() => {
      if (alive()) setLoading({ text: M.narrativeHint });
    }, D.narrativeHint);
    try {
      const written = await writeNarrative(narrativeRef.current, alive);
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
  }, []);

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
        const answer = await generateCompanyStatements();
        if (alive()) setCompany(answer.company_statements);
      } catch {
        // Company statement failures are ignored (what was shown stays; docs/about-me.md#generation); the narrative still comes.
        if (alive()) setCompany(before.current.company);
      }
      if (!alive()) return;
      window.dispatchEvent(new CustomEvent(M.updatedEvent));
      await narrativeStep(id, () => void updateNarrativeRef.current());
    },
    [narrativeStep],
  );

  /** Follows a deep research's progress until it ends; answers its last state. */
  const followDeep = useCallback(async (id: number, first: Generation | null): Promise<Generation | null> => {
    let generation = first;
    while (run.current === id) {
      if (generation) setLoading({ text: M.deepResearchLoading, deep: { phase: generation.phase, progress: generation.progress } });
      if (generation && !RUNNING.includes(generation.state)) return generation;
      await sleep(D.deepResearchPoll);
      if (run.current !== id) return null;
      try {
        generation = (await fetchGenerationStatus()).generation;
        if (!generation) return null;
      } catch {
        // The service may be restarting (the job survives it): ask again.
      }
    }
    return null;
  }, []);

  /** While the POST of a deep research waits: its phase and progress from the status call. */
  const watchProgress = async (id: number, posting: { on: boolean }) => {
    while (posting.on && run.current === id) {
      await sleep(D.deepResearchPoll);
      if (!posting.on || run.current !== id) return;
      try {
        const { generation } = await fetchGenerationStatus();
        if (posting.on && run.current === id && generation && RUNNING.includes(generation.state)) {
          setLoading({ text: M.deepResearchLoading, deep: { phase: generation.phase, progress: generation.progress } });
        }
      } catch {
        // Progress is a nicety here: the POST still answers.
      }
    }
  };

  const start = (): number => {
    run.current += 1;
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
      const posting = { on: true };
      if (deep) void watchProgress(id, posting);
      let written: ProfileStatement[] | null = null;
      try {
        written = (await generateProfile(request)).statements;
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
        posting.on = false;
      }
      if (run.current !== id) return;
      await afterProfile(id, written);
    },
    [afterProfile],
  );

  useEffect(() => {
    // A deep research started before a reload (or in another tab) is picked up where it is.
    let stop = false;
    fetchGenerationStatus().then(
      async ({ generation }) => {
        if (stop || !generation || !RUNNING.includes(generation.state)) return;
        const id = start();
        const last = await followDeep(id, generation);
        if (run.current !== id || !last) return;
        if (last.state === 'done') {
          const profile = await fetchProfile().catch(() => null);
          if (run.current !== id) return;
          if (profile) await afterProfile(id, profile.statements);
          else {
            restore();
            setFailure({ text: M.generateFailed, retry: () => void generateRef.current(requestNowRef.current(generation.research_mode)) });
          }
        } else {
          restore();
          const retry = () => void generateRef.current(requestNowRef.current(last.research_mode));
          setFailure({ text: last.state === 'cancelled' ? M.generationCancelled : M.generateFailed, retry });
        }
      },
      () => undefined,
    );
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, []);

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
