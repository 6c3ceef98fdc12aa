/**
 * Offline summaries (docs/coaching.md#notes, docs/dashboard.md#summaries-and-goals): a summary
 * synthesises, it does not re-list. Noise goes (filler such as "It was fine.", greetings, the
 * check-in's automatic first message, questions, placeholders, lines said twice); what is left is
 * grouped, each point cut to its core, and a check-in's answers open with one sentence that says
 * what kind of period it was. A document with sections keeps its own sections as the groups.
 */
import { capitalize, collapse, endSentence, normalizeForCompare, sentences, words } from '../text';
import { REFLECTION_OPENER } from './facts';
import { SMALL_TALK_ONLY } from './reflect';

type Theme = 'win' | 'challenge' | 'lesson' | 'next' | 'other';

interface Point {
  /** The `##` section it sits under; none for loose text and a check-in's answers. */
  heading?: string;
  theme: Theme;
  text: string;
}

const THEME_LABELS: Record<Theme, string> = {
  win: 'Went well',
  challenge: 'In the way',
  lesson: 'Learned',
  next: 'Next',
  other: 'Also',
};
const THEME_ORDER: Theme[] = ['win', 'challenge', 'lesson', 'next', 'other'];

// Future first: "I will fix the late report" is a next step, not a problem.
const THEME_TESTS: [Theme, RegExp][] = [
  [
    'next',
    /\b(i'll|i will|we will|going to|plan to|want to|need to|intend to|next (week|time|month|quarter|step)|tomorrow|from now on)\b/i,
  ],
  ['lesson', /\b(learn\w*|realis\w*|realiz\w*|lesson|noticed|understood|takeaway|insight|in hindsight)\b/i],
  [
    'challenge',
    /\b(struggl\w*|hard|difficult|block\w*|late|delay\w*|missed|slipp\w*|worr\w*|concern\w*|frustrat\w*|stress\w*|conflict|problem|issue|risk|fail\w*|couldn't|could not|didn't|did not|behind|stuck|overwhelm\w*|tension|pushback|tough)\b/i,
  ],
  [
    'win',
    /\b(shipped|launched|delivered|finished|completed|won|closed|achiev\w*|improv\w*|cut|reduced|increased|grew|rose|saved|signed|sign-off|approved|promoted|praised|thanked|proud|went well|success\w*|done|agreed)\b/i,
  ],
];

const themeOf = (text: string): Theme => THEME_TESTS.find(([, test]) => test.test(text))?.[0] ?? 'other';

/** Says nothing on its own: "It was fine.", "Not much.", "Thanks!". */
const FILLER =
  /^(it|that|this|things?|everything|all|the (day|week|month)|today)\s+(was|were|is|went|has been)\s+(fine|ok|okay|good|alright|great|well|normal|busy|nothing special)\b|^(nothing|not much|none|n\/a|same as (before|last \w+))\b/i;
const PLACEHOLDER = /^\[.*\]$/;
const MAX_GROUPS = 6;
const PER_THEME = 3;
// A point longer than this is a sentence copied back, not a summary of it.
const MAX_WORDS = 11;

function isNoise(text: string): boolean {
  const s = text.trim();
  return (
    !s ||
    PLACEHOLDER.test(s) ||
    /^_.*_$/.test(s) ||
    s.endsWith('?') ||
    REFLECTION_OPENER.test(s) ||
    SMALL_TALK_ONLY.test(s) ||
    words(s).length < 4 ||
    (FILLER.test(s) && words(s).length <= 6)
  );
}

/**
 * A point cut to its core, as a note is written: without "I", the filler in front, the question
 * it restates ("What went well this week: …") or a long tail after a clause break.
 */
export function coreOf(sentence: string): string {
  let s = collapse(sentence).replace(/[.!;:,]+$/, '');
  const restated = /^(what|how|why|where|when|who|which)\b[^:]{0,60}:\s*(.+)$/i.exec(s);
  if (restated && words(restated[2]!).length >= 3) s = restated[2]!;
  s = s.replace(/^((so|well|also|and|but|honestly|basically|overall|anyway|i think|i guess|i feel like)[,\s]+)+/i, '');
  const plan =
    /^(?:((?:next|this) \w+|tomorrow|on \w+day),?\s+)?i(?:'ll| will| am going to|'m going to| plan to| want to| need to| intend to)\s+(.+)$/i.exec(
      s,
    );
  if (plan) s = `${plan[2]}${plan[1] ? ` ${plan[1].toLowerCase()}` : ''}`;
  s = s
    .replace(/^((on \w+day|this (week|morning|month|quarter)|last (week|month)|today|yesterday),?\s+)(?=i\b)/i, '')
    .replace(/^i (learned|learnt|realised|realized|noticed|understood)( that)?\s+/i, '')
    .replace(/^i(?:'m| am|'ve| have)?\s+/i, '');
  return capitalize(s.replace(/[,;:]+$/, ''));
}

/** At most MAX_WORDS words, cut at a comma when there is one far enough in, else with an ellipsis. */
function shortened(clause: string): string {
  const ws = clause.split(' ');
  if (ws.length <= MAX_WORDS) return clause;
  const head = ws.slice(0, MAX_WORDS).join(' ');
  const comma = head.lastIndexOf(', ');
  return comma > 0 && words(head.slice(0, comma)).length >= 4 ? head.slice(0, comma) : `${head}…`;
}

/**
 * What a sentence says, as one or two short notes: a long one is split where its clauses join
 * ("…and got sign-off…", "…, which cut…"), the joining word left out, so no note copies a long
 * run of the user's sentence back to them.
 */
export function notesOf(sentence: string): string[] {
  const core = coreOf(sentence);
  if (words(core).length <= MAX_WORDS) return [endSentence(core)];
  const clauses = core
    .split(/,?\s+(?:and|but|so|because|which|while|then)\s+|;\s+|\s+[–—]\s+/)
    .map((c) => c.trim())
    .filter((c) => words(c).length >= 3);
  return (clauses.length ? clauses : [core]).slice(0, 2).map((c) => endSentence(capitalize(shortened(c))));
}

/** The points of the content, in order, noise and repeats left out. */
function pointsOf(content: string): Point[] {
  const points: Point[] = [];
  const seen: string[] = [];
  let heading: string | undefined;
  for (const raw of content.split('\n')) {
    const h = /^(#{1,6})\s+(.+?)\s*#*$/.exec(raw);
    if (h) {
      // A level-one heading is a title or a label ("Manual entries"), not a section.
      heading = h[1]!.length > 1 ? h[2] : undefined;
      continue;
    }
    const line = raw
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
      .replace(/^>\s*/, '')
      .trim();
    if (/^coach:/i.test(line)) continue;
    for (const sentence of sentences(line.replace(/^(me|user|i said):\s*/i, ''))) {
      if (isNoise(sentence)) continue;
      const key = normalizeForCompare(sentence);
      if (seen.some((k) => k.includes(key) || key.includes(k))) continue;
      seen.push(key);
      points.push({ heading, theme: themeOf(sentence), text: sentence });
    }
  }
  return points;
}

const joinAnd = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '');

/** One sentence on what kind of period the answers describe; none when they are only "other". */
function leadOf(points: Point[]): string {
  const count = (t: Theme) => points.filter((p) => p.theme === t).length;
  const [win, challenge, lesson, next] = (['win', 'challenge', 'lesson', 'next'] as const).map(count);
  const parts = [
    win ? 'real progress' : '',
    challenge ? (win ? `${challenge > 1 ? 'a few things' : 'something'} still in the way` : 'a hard stretch') : '',
    lesson ? (lesson > 1 ? 'lessons worth keeping' : 'a lesson worth keeping') : '',
    next ? (next > 1 ? 'clear next steps' : 'a clear next step') : '',
  ].filter(Boolean);
  return parts.length ? `${capitalize(joinAnd(parts))}.` : '';
}

export function offlineSummary(content: string): string {
  const points = pointsOf(content);
  if (!points.length) return '';
  const sectioned = points.some((p) => p.heading);
  const groups = new Map<string, string[]>();
  // Loose points of a sectioned document come first, as they were written; a check-in's answers go by theme.
  if (!sectioned) for (const t of THEME_ORDER) groups.set(THEME_LABELS[t], []);
  for (const p of points) {
    const label = p.heading ?? (sectioned ? '' : THEME_LABELS[p.theme]);
    const group = groups.get(label) ?? [];
    // A section gives its first real point; a theme up to three.
    if (group.length < (p.heading ? 1 : PER_THEME)) group.push(notesOf(p.text).map(endSentence).join(' '));
    groups.set(label, group);
  }
  const lines = [...groups]
    .filter(([, items]) => items.length)
    .slice(0, MAX_GROUPS)
    .map(([label, items]) => `- ${label ? `**${label}:** ` : ''}${items.map(endSentence).join(' ')}`);
  const onlyOther = !sectioned && points.every((p) => p.theme === 'other');
  if (onlyOther)
    return points
      .slice(0, MAX_GROUPS)
      .map((p) => `- ${notesOf(p.text).map(endSentence).join(' ')}`)
      .join('\n');
  const lead = sectioned ? '' : leadOf(points);
  return [lead, lines.join('\n')].filter(Boolean).join('\n\n');
}
