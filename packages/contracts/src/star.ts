/**
 * STAR progress for interview stories (situation → task → action → result). Pure and free of
 * Node APIs: the dashboard's chat shows the same n/4 progress the offline coach follows.
 *
 * Keywords are phrased the way a person *describes* their story ("I was responsible",
 * "as a result"), not the way a coach asks about it ("what was your task?"), so that the
 * coach's own questions in the conversation do not tick phases the user has not covered.
 */
export type StarPhase = 'situation' | 'task' | 'action' | 'result';

export const STAR_PHASES: readonly StarPhase[] = ['situation', 'task', 'action', 'result'];

export type StarProgress = Record<StarPhase, boolean>;

export const STAR_LABELS: Record<StarPhase, string> = {
  situation: 'Building Situation',
  task: 'Defining Task',
  action: 'Describing Actions',
  result: 'Capturing Results',
};

export const STAR_HEADINGS: Record<StarPhase, string> = {
  situation: 'Situation',
  task: 'Task',
  action: 'Action',
  result: 'Result',
};

/** Other headings a story may use for each part (the interview-stories guide lists the same). */
export const STAR_ALIASES: Record<StarPhase, string[]> = {
  situation: ['context', 'background', 'the situation'],
  task: ['the task', 'goal', 'objective'],
  action: ['actions', 'what i did', 'approach'],
  result: ['results', 'outcome', 'impact'],
};

export const STAR_KEYWORDS: Record<StarPhase, RegExp> = {
  situation:
    /\b(situation|context|background|at the time|back (then|in)|when I (was|joined|worked)|I was working|I worked (at|as|on)|we were|our team|the team was|the company|the project was|there was a|faced|the problem was|the challenge was|had been|I was (a|an|the) \w+|(in|back in|during) (19|20)\d{2}|last (year|quarter|month)|our (\w+ ){0,2}(system|product|service|platform|company|team|business|client|customer|app)s?)\b/i,
  task: /\b(my (task|job|role|goal|responsibility|assignment|mission)|I was (responsible|asked|tasked|assigned|expected|supposed)|I had to|I needed to|I was in charge|(the )?objective was|the goal was|we needed to|we had to|deadline)\b/i,
  action:
    /\b(I (decided|built|created|designed|implemented|organi[sz]ed|led|wrote|set up|started|proposed|reached out|talked|met|negotiated|introduced|ran|analy[sz]ed|rewrote|refactored|automated|coordinated|convinced|worked with|took|spoke|changed|developed|launched|fixed|prioriti[sz]ed|delegated|scheduled|presented|trained|mentored)|my approach|the steps|first,? I|then I|so I)\b/i,
  result:
    /(\b(as a result|the result|resulted in|the outcome|in the end|ended up|we (achieved|delivered|shipped|launched|saved|won)|it (led to|saved|reduced|increased|improved)|increased|reduced|improved|saved|cut|grew|doubled|tripled|on time|ahead of schedule|promoted|praised|recogni[sz]ed|I learned|lesson)\b|\d+(\.\d+)?\s?(%|percent|x\b))/i,
};

export const emptyStarProgress = (): StarProgress => ({ situation: false, task: false, action: false, result: false });

/** Phases whose keywords appear in the text, in STAR order, ignoring the ordering rule. */
export function starPhasesIn(text: string): StarPhase[] {
  return STAR_PHASES.filter((phase) => STAR_KEYWORDS[phase].test(text));
}

/**
 * Applies one message: each phase is set only once the one before it is, so a story is built
 * in order. The checks run in sequence, so one rich message can cover several phases.
 */
export function advanceStar(progress: StarProgress, text: string): StarProgress {
  const next = { ...progress };
  let previousDone = true;
  for (const phase of STAR_PHASES) {
    if (!next[phase] && previousDone && STAR_KEYWORDS[phase].test(text)) next[phase] = true;
    previousDone = next[phase];
  }
  return next;
}

export interface StarOptions {
  /**
   * Which messages count for every phase (default: the user's only). The coach's own lines are
   * questions and boilerplate ("…before they are saved"), never the user's story: they can set
   * the situation (docs/dashboard.md#file-chat: "user or assistant text") and nothing else.
   */
  roles?: ReadonlyArray<'user' | 'assistant'>;
  /** What the story already holds before the conversation (the open file's STAR parts). */
  start?: StarProgress;
}

export function starFromMessages(
  messages: ReadonlyArray<{ role: string; content: string }>,
  { roles = ['user'], start = emptyStarProgress() }: StarOptions = {},
): StarProgress {
  return messages.reduce((progress, m) => {
    if ((roles as readonly string[]).includes(m.role)) return advanceStar(progress, m.content);
    // The coach's text may set the situation (it often restates the setting; docs/dashboard.md#file-chat), and
    // nothing else: its questions and boilerplate never stand for the user's task, action or result.
    if (m.role === 'assistant' && !progress.situation && STAR_KEYWORDS.situation.test(m.content)) return { ...progress, situation: true };
    return progress;
  }, start);
}

export const starCount = (progress: StarProgress): number => STAR_PHASES.filter((p) => progress[p]).length;

export const starComplete = (progress: StarProgress): boolean => starCount(progress) === STAR_PHASES.length;

/** The phase being worked on: the first one not yet covered (the last once all are). */
export function currentStarPhase(progress: StarProgress): StarPhase {
  return STAR_PHASES.find((p) => !progress[p]) ?? 'result';
}

export interface StarStatus {
  count: number;
  total: 4;
  /** "n/4" */
  text: string;
  phase: StarPhase;
  label: string;
}

export function starStatus(progress: StarProgress): StarStatus {
  const count = starCount(progress);
  const phase = currentStarPhase(progress);
  return { count, total: 4, text: `${count}/4`, phase, label: STAR_LABELS[phase] };
}

export const isInterviewStories = (folder: string): boolean => folder.trim().toLowerCase() === 'interview-stories';
