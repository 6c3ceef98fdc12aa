/**
 * Offline information-gathering plan (docs/coaching.md#information-gathering): the user's prompt
 * read for what it says (the template's parts "Where I am now", "What I want", "What I already
 * know", "What I am unsure about", or plain prose), matched to a theme with its questions,
 * sources and notes, and turned into a plan in the coach's words: the goal restated, the user's
 * open questions first, the people they named as sources. The prompt is never copied back.
 */
import { z } from 'zod';
import coachingThemes from '../guides/coaching-themes.json' with { type: 'json' };
import { capitalize, collapse, sentences, words } from '../text';
import { sameThing } from './summary-notes';

const themeRow = z.strictObject({
  questions: z.array(z.string().min(1)).min(1),
  sources: z.array(z.string().min(1)).min(1),
  files: z.array(z.string().min(1)).min(1),
  /** What to ask a person the user named ("Priya, your manager: ask …"). */
  ask: z.string().min(1),
  /** The first step's meeting as one sentence ("Book a short introduction meeting with the new director"): a source line is no sentence to book. */
  book: z.string().min(1),
});
type Theme = z.infer<typeof themeRow>;

/**
 * The themes (guides/coaching-themes.json): the first whose `match`, a case-insensitive regular
 * expression's source, finds something in the goal, else in the whole prompt; else the general one.
 */
const data = z.strictObject({ themes: z.array(themeRow.extend({ match: z.string().min(1) })), general: themeRow }).parse(coachingThemes);
const THEMES = data.themes.map((t) => ({ ...t, match: new RegExp(t.match, 'i') }));
const GENERAL: Theme = data.general;

/** The template's parts (svc-coaching's DEFAULT_COACHING_PROMPT), by their labels. */
const PARTS = {
  where: /^where i am now:\s*/i,
  want: /^what i want:\s*/i,
  know: /^what i already know:\s*/i,
  unsure: /^what i am unsure about:\s*/i,
};
type Part = keyof typeof PARTS;

/** The template's own words, left as they were: no answer yet. */
const TEMPLATE_TEXT =
  /^(my role, my team and how long|the goal i am working toward|what has gone well, feedback i have had|the questions i cannot answer yet)/i;
/** The template's request lines: what the plan is, not what the user said. */
const REQUEST = /^(i want a plan for gathering|tell me which questions to answer)/i;

export interface PlanPrompt {
  parts: Partial<Record<Part, string>>;
  /** Whatever else the user wrote, as prose. */
  prose: string;
}

export function readPlanPrompt(prompt: string): PlanPrompt {
  const parts: Partial<Record<Part, string>> = {};
  const prose: string[] = [];
  for (const raw of prompt.split(/\r?\n/)) {
    const line = collapse(raw);
    if (!line || REQUEST.test(line)) continue;
    const part = (Object.keys(PARTS) as Part[]).find((p) => PARTS[p].test(line));
    if (!part) prose.push(line);
    else {
      const text = line.replace(PARTS[part], '').trim();
      if (text && !TEMPLATE_TEXT.test(text)) parts[part] = text;
    }
  }
  return { parts, prose: prose.join(' ') };
}

/** "I want to…", "my goal is to…", anywhere in a sentence: what follows is the goal. */
const ASKING =
  /\b(?:help me|i(?:'d| would) like to|i want to|i need to|i hope to|i plan to|i'm trying to|i am trying to|my goal is to|the goal is to|i'm hoping to|i am hoping to)\s+/i;

/** The longest restatement that is not a copy: past this many words it is the user's sentence read back. */
const GOAL_WORDS = 11;
const QUOTE_WORDS = 12;

const clauses = (s: string) => s.split(/,\s+|;\s+|\s+(?:and|but|because|so|while)\s+/).filter((c) => c.trim());
const noStop = (s: string) =>
  s
    .replace(/[.!?]+$/, '')
    .replace(/^(?:and|or|but)\s+/i, '')
    .trim();

/** The user's words as the coach says them to the user: "before I go in" → "before you go in". */
const toYou = (s: string) =>
  s
    .replace(/\bI am\b/g, 'you are')
    .replace(/\bI'm\b/g, "you're")
    .replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bmyself\b/gi, 'yourself')
    .replace(/\bme\b/gi, 'you');

/** The longest run of words the text shares with the prompt: twelve or more is the prompt read back. */
function sharedRun(text: string, prompt: string): number {
  const a = words(text.toLowerCase());
  const b = words(prompt.toLowerCase());
  let best = 0;
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < b.length; j++) {
      let n = 0;
      while (a[i + n] !== undefined && a[i + n] === b[j + n]) n++;
      best = Math.max(best, n);
    }
  return best;
}

/**
 * The goal in the coach's words: what the user wants ("What I want:", or what follows "I want
 * to…"), as an action. A long one is cut to its first clause, or named in a short quote, never
 * copied back whole.
 */
export function goalOf(prompt: string): string {
  const { parts, prose } = readPlanPrompt(prompt);
  const said = parts.want ?? sentences(prose).find((s) => ASKING.test(s)) ?? sentences(prose)[0] ?? '';
  const asked = ASKING.exec(said);
  const action = toYou(noStop(asked ? said.slice(asked.index + asked[0].length) : said).replace(/^to\s+/i, ''));
  if (!action) return 'Get clear on your next career step.';
  if (sharedRun(action, prompt) <= GOAL_WORDS && words(action).length <= GOAL_WORDS + 6) return `${capitalize(action)}.`;
  const clause = clauses(action)[0]!;
  if (words(clause).length >= 3 && sharedRun(clause, prompt) <= GOAL_WORDS) return `${capitalize(clause)}.`;
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

/** The user's open questions ("What I am unsure about: X and Y"), each a short quote. */
function openQuestions(unsure: string | undefined): string[] {
  if (!unsure) return [];
  return unsure
    .split(/,\s+|;\s+|\s+and\s+(?=(?:what|how|who|whether|if|when|where|why|which)\b)/i)
    .map(noStop)
    .filter((q) => words(q).length >= 3 && words(q).length <= GOAL_WORDS)
    .slice(0, 3)
    .map((q) => `- Find out ${toYou(q).replace(/^find out\s+/i, '')}`);
}

const ASKED_WORDS = new Set(
  'what which where when whom your with that this there they their them will would could should does have find know need want about from into more most first next'.split(
    ' ',
  ),
);
const stems = (s: string) =>
  words(s.toLowerCase())
    .filter((w) => w.length >= 4 && !ASKED_WORDS.has(w))
    .map((w) => w.slice(0, 5));

/** "Find out what you are measured on" and "What will you be measured on, and by whom?" ask one thing. */
function asksTheSame(a: string, b: string): boolean {
  if (sameThing(a, b)) return true;
  const [x, y] = [new Set(stems(a)), new Set(stems(b))];
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= 1 && shared / Math.min(x.size, y.size) >= 0.5;
}

/** People the user named with how they know them: "my manager Priya", "my mentor is Grace". */
function namedPeople(text: string): { name: string; relation: string }[] {
  const found = new Map<string, string>();
  const pattern = /\bmy (manager|boss|mentor|skip-level|director|lead|team lead|sponsor|peer|colleague)(?:,)? (?:is )?([A-Z][a-z]+)\b/g;
  for (const m of text.matchAll(pattern)) if (!found.has(m[2]!)) found.set(m[2]!, m[1]!);
  return [...found].map(([name, relation]) => ({ name, relation }));
}

export function offlineCoachingPlan(prompt: string): string {
  const read = readPlanPrompt(prompt);
  const goalText = read.parts.want ?? read.prose;
  const whole = [read.parts.where, read.parts.want, read.parts.know, read.parts.unsure, read.prose].filter(Boolean).join(' ');
  const theme = THEMES.find((t) => t.match.test(goalText)) ?? THEMES.find((t) => t.match.test(whole)) ?? GENERAL;
  const people = namedPeople(`${read.parts.know ?? ''} ${read.parts.where ?? ''} ${read.prose}`);
  const first = people[0];
  const open = openQuestions(read.parts.unsure);
  const asked = theme.questions.filter((q) => !open.some((o) => asksTheSame(o, q)));
  // The step points at a question: the user's own come first as "Find out …", which is none.
  const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];
  const answerFirst = asked.length ? `the ${ORDINALS[open.length] ?? 'first'} question above` : 'the first point above';
  return [
    '# Information-gathering plan',
    '',
    '## Your goal',
    goalOf(prompt),
    '',
    '## Questions to answer',
    ...open,
    // The theme's questions the user already asked in their own words are asked once.
    ...asked.map((q) => `- ${q}`),
    '',
    '## People and sources',
    ...people.map((p) => `- ${p.name}, your ${p.relation}: ask ${theme.ask}`),
    // A source the user already named ("Your manager, about…" when Priya is their manager) is said once, by name.
    ...theme.sources.filter((s) => !people.some((p) => s.toLowerCase().startsWith(`your ${p.relation}`))).map((s) => `- ${s}`),
    '',
    '## Files to keep in your workspace',
    ...theme.files.map((f) => `- ${f}`),
    '',
    '## First steps this week',
    `- Write two sentences in ${theme.files[0]} about where you stand today`,
    first ? `- Book a conversation with ${first.name}, your ${first.relation}` : `- ${theme.book}`,
    `- Before that conversation, write down your answer to ${answerFirst}`,
    '',
  ].join('\n');
}
