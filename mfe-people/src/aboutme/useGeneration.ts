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
  /** A failure text: the spinner stops. */
  failed?: boolean;
  /** A deep research's progress, as the status call reports it. */
  deep?: { phase: GenerationPhase; progress: number };
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
  generate(request: GenerationRequest): Promise<void>;
  /** Writes the executive summary again (the Update narrative button). */
  updateNarrative(): Promise<void>;
  cancel(): Promise<void>;
}

const RUNNING: Generation['state'][] = ['queued', 'running'];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface GenerationSeed {
  statements: ProfileStatement[];
  company: CompanyStatements;
  narrative: string;
}

/**
 * Profile generation (spec §4): old blocks cleared with a loading state; statements, then 'User
 * profile ready. Fetching company insights...'; company statements whether or not they come;
 * the 'aboutme:updated' event; the narrative (hint after 8 s, polling on failure). A deep research
 * reports its phase and progress from the status call and is resumed after a reload.
 * `onStart` is told when a generation (or a resumed one) starts: the panel shows the AI tab.
 */
export function useGeneration(seed: GenerationSeed | null, onStart: () => void): GenerationView {
  const [statements, setStatements] = useState<ProfileStatement[]>([]);
  const [company, setCompany] = useState<CompanyStatements>({});
  const [narrative, setNarrative] = useState('');
  const [loading, setLoading] = useState<Loading | null>(null);
  // Each run has a number: a newer run, or leaving the page, silences the older one.
  const run = useRef(0);
  const narrativeRef = useRef('');
  const cancelled = useRef(false);
  const onStartRef = useRef(onStart);
  onStartRef.current = onStart;

  useEffect(() => {
    if (!seed) return;
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

  const narrativeStep = useCallback(async (id: number) => {
    const alive = () => run.current === id;
    const hint = setTimeout(() => {
      if (alive()) setLoading({ text: M.narrativeHint });
    }, D.narrativeHint);
    try {
      const written = await writeNarrative(narrativeRef.current, alive);
      if (!alive()) return;
      if (written === null) {
        setLoading({ text: M.narrativeFailed, failed: true });
        return;
      }
      narrativeRef.current = written;
      setNarrative(written);
      setLoading(null);
    } finally {
      clearTimeout(hint);
    }
  }, []);

  /** After the profile: statements, company insights, the event, the narrative. */
  const afterProfile = useCallback(
    async (id: number, written: ProfileStatement[]) => {
      const alive = () => run.current === id;
      setStatements(written);
      setLoading({ text: M.profileReady });
      try {
        const answer = await generateCompanyStatements();
        if (alive()) setCompany(answer.company_statements);
      } catch {
        // Spec §8: company statement failures are ignored; the narrative still comes.
      }
      if (!alive()) return;
      window.dispatchEvent(new CustomEvent(M.updatedEvent));
      await narrativeStep(id);
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
      try {
        const answer = await generateProfile(request);
        posting.on = false;
        if (run.current !== id) return;
        await afterProfile(id, answer.statements);
      } catch {
        posting.on = false;
        if (run.current !== id) return;
        run.current += 1;
        setLoading({ text: cancelled.current ? M.generationCancelled : M.generateFailed, failed: true });
      }
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
          else setLoading({ text: M.generateFailed, failed: true });
        } else {
          setLoading({ text: last.state === 'cancelled' ? M.generationCancelled : M.generateFailed, failed: true });
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
    setLoading({ text: 'Writing your executive summary...' });
    await narrativeStep(id);
  }, [narrativeStep]);

  const cancel = useCallback(async () => {
    cancelled.current = true;
    try {
      await cancelGeneration();
    } catch {
      cancelled.current = false;
    }
  }, []);

  return { statements, setStatements, company, setCompany, narrative, loading, generate, updateNarrative, cancel };
}
