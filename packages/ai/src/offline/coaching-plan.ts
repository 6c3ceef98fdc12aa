/** Offline information-gathering plan: the user's goal, matched to a theme with its questions, sources and files. */
import { z } from 'zod';
import coachingThemes from '../guides/coaching-themes.json' with { type: 'json' };
import { capitalize, collapse, sentences } from '../text';

const themeRow = z.strictObject({
  questions: z.array(z.string().min(1)).min(1),
  sources: z.array(z.string().min(1)).min(1),
  files: z.array(z.string().min(1)).min(1),
});
type Theme = z.infer<typeof themeRow>;

/**
 * The themes a goal can match (guides/coaching-themes.json): the first whose `match`, a
 * case-insensitive regular expression's source, finds something in the goal; else the general one.
 */
const data = z.strictObject({ themes: z.array(themeRow.extend({ match: z.string().min(1) })), general: themeRow }).parse(coachingThemes);
const THEMES = data.themes.map((t) => ({ ...t, match: new RegExp(t.match, 'i') }));
const GENERAL: Theme = data.general;

/** What the user asks for, stripped of "I want to…" / "Help me…": the goal as an action ("Get promoted to staff engineer"). */
const ASKING =
  /^(?:(?:please\s+)?(?:help me|i(?:'d| would) like to|i want to|i need to|i hope to|i plan to|i'm trying to|i am trying to|my goal is to|the goal is to|i'm hoping to|i am hoping to)\s+)/i;

/** The longest restatement that is not a copy: past this many words it is the user's sentence read back. */
const GOAL_WORDS = 11;
const QUOTE_WORDS = 12;

/**
 * The goal in the coach's words: the first sentence of the prompt as an action. A short one is
 * said as an action; a longer one is named in a short quote of its opening words, never copied
 * back whole (the plan is for the user to read, not their own prompt again).
 */
export function goalOf(prompt: string): string {
  const first = sentences(collapse(prompt))[0] ?? '';
  const action = first.replace(ASKING, '').replace(/[.!?]+$/, '');
  if (!action) return 'Get clear on your next career step.';
  const ws = action.split(' ');
  if (ws.length <= GOAL_WORDS) return `${capitalize(action)}.`;
  // "Move from support into product management, ideally by June" → its first clause.
  const clause = action.split(/,\s+|\s+(?:and|but|because|so|while)\s+/)[0]!;
  if (clause.split(' ').length >= 3 && clause.split(' ').length <= GOAL_WORDS) return `${capitalize(clause)}.`;
  // Quoted, it is the user's words named, not copied into the coach's own (a short quote at most).
  const cw = clause.split(' ');
  const quoted =
    cw.length <= QUOTE_WORDS
      ? clause
      : `${cw
          .slice(0, QUOTE_WORDS - 2)
          .join(' ')
          .replace(/[,;:]$/, '')}…`;
  return `In your words: "${quoted}". This plan gathers what you need to know before you act on it.`;
}

/** "Your manager, about the promotion criteria" → "your manager, about the promotion criteria" (a name stays as written). */
const lowerStart = (s: string) => (/^(Your|Someone|People|Recruiters|Two|The|One|A|An)\b/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

export function offlineCoachingPlan(prompt: string): string {
  const theme = THEMES.find((t) => t.match.test(prompt)) ?? GENERAL;
  return [
    '# Information-gathering plan',
    '',
    '## Your goal',
    goalOf(prompt),
    '',
    '## Questions to answer',
    ...theme.questions.map((q) => `- ${q}`),
    '',
    '## People and sources',
    ...theme.sources.map((s) => `- ${s}`),
    '',
    '## Files to keep in your workspace',
    ...theme.files.map((f) => `- ${f}`),
    '',
    '## First steps this week',
    `- Write two sentences in ${theme.files[0]} about where you stand today`,
    `- Book a conversation with ${lowerStart(theme.sources[0]!)}`,
    '- Answer the first question above in writing before that conversation',
    '',
  ].join('\n');
}
