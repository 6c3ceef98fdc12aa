/**
 * Offline summaries (docs/coaching.md#notes, docs/dashboard.md#summaries-and-goals): a summary
 * synthesises, it does not re-list. Noise goes (filler such as "It was fine.", greetings, the
 * check-in's automatic first message, questions, placeholders, what was said twice in other
 * words); what is left is said as short notes (summary-notes.ts), grouped by what they are
 * about, and a check-in's answers open with one sentence on what kind of period it was. A
 * document with sections keeps its own sections as groups.
 */
import { capitalize, endSentence, normalizeForCompare, sentences, words } from '../text';
import { clausesOf, isNoise, noteOf, sameThing, themeOf, type Theme } from './summary-notes';

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
const MAX_GROUPS = 6;
const PER_THEME = 3;
// Context ("Also") is kept short: the summary is about what went well, what got in the way and what comes next.
const PER_OTHER = 2;
// Past this many words a note reads a sentence back: it is cut where a detail begins (", ", " with ", " while ").
const MAX_WORDS = 10;

function shortened(note: string): string {
  const ws = note.split(' ');
  if (ws.length <= MAX_WORDS) return note;
  const cuts = [', ', ' with ', ' while ', ' so that ']
    .map((b) => note.indexOf(b, note.split(' ').slice(0, 4).join(' ').length))
    .filter((i) => i > 0);
  const cut = cuts.length ? Math.min(...cuts) : -1;
  if (cut > 0) return note.slice(0, cut);
  return words(note).length > MAX_WORDS + 6 ? `${ws.slice(0, MAX_WORDS + 4).join(' ')}…` : note;
}

/** A sentence as the notes it holds, each with what it is about (a clause without markers of its own takes its sentence's). */
export function notesOf(sentence: string): { theme: Theme; text: string }[] {
  const whole = themeOf(sentence) ?? 'other';
  return clausesOf(sentence)
    .map((clause) => ({ theme: themeOf(clause) ?? whole, text: shortened(noteOf(clause)) }))
    .filter((n) => words(n.text).length >= 2);
}

/** The points of the content, in order: noise, and what was already said in other words, left out. */
function pointsOf(content: string): Point[] {
  const points: Point[] = [];
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
      for (const note of notesOf(sentence)) {
        if (points.some((p) => sameThing(p.text, note.text) || normalizeForCompare(p.text) === normalizeForCompare(note.text))) continue;
        points.push({ heading, ...note });
      }
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
    challenge
      ? win
        ? `${challenge > 1 ? 'a few things' : 'something'} still in the way`
        : challenge > 1
          ? 'a hard stretch'
          : 'something in the way'
      : '',
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
  // A document's own sections come first, in its order; a check-in's answers (and loose lines) go by theme.
  for (const p of points) if (p.heading && !groups.has(p.heading)) groups.set(p.heading, []);
  for (const t of THEME_ORDER) groups.set(THEME_LABELS[t], []);
  for (const p of points) {
    const label = p.heading ?? THEME_LABELS[p.theme];
    const group = groups.get(label)!;
    // A section gives its first real point; a theme a few.
    const room = p.heading ? 1 : p.theme === 'other' ? PER_OTHER : PER_THEME;
    if (group.length < room) group.push(endSentence(p.text));
  }
  const lines = [...groups]
    .filter(([, items]) => items.length)
    .slice(0, MAX_GROUPS)
    .map(([label, items]) => `- **${label}:** ${items.join(' ')}`);
  const loose = points.filter((p) => !p.heading);
  if (loose.every((p) => p.theme === 'other') && !sectioned) return lines.join('\n').replace(/^- \*\*Also:\*\* /, '- ');
  const lead = sectioned ? '' : leadOf(points);
  return [lead, lines.join('\n')].filter(Boolean).join('\n\n');
}
