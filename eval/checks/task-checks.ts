/** Checks of one task's own answer shape (eval/tasks.ts names which task takes which). */
import { normalize, paragraphsOf, plain, quotedSpans, sentencesOf, stringsIn, wordsOf } from './text';
import type { Check } from './types';

const key = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\.md$/, '')
    .replace(/[\s_]+/g, '-');
const contains = (haystack: string[], needle: string[]) => haystack.some((_, i) => needle.every((w, j) => haystack[i + j] === w));

/** A todo title a person would write: a short imperative, the goal's name at most once. */
const TITLE_CHARS = 72;
/** A summary that is mostly the notes' own runs of words re-lists them. */
const COPIED_RUN_WORDS = 6;
const MAX_COPIED_SHARE = 0.5;

/** How many of `answer`'s words sit in a run of at least `min` words that `source` holds too. */
function copiedWords(answer: string[], source: string[], min: number): number {
  const grams = new Set<string>();
  for (let i = 0; i + min <= source.length; i++) grams.add(source.slice(i, i + min).join(' '));
  const covered = new Array<boolean>(answer.length).fill(false);
  for (let i = 0; i + min <= answer.length; i++) {
    if (grams.has(answer.slice(i, i + min).join(' '))) covered.fill(true, i, i + min);
  }
  return covered.filter(Boolean).length;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface GivenPassage {
  n: number;
  kind: string;
  id: string;
  title: string;
}

/**
 * Whether a sentence names where a passage is from, as a reader would need to find it: a journal
 * day by its day and month ("3 November", "Nov 3"), anything else by its title's words (a file's
 * name without `.md`, a meeting's title without the day the search adds).
 */
function namesOrigin(sentence: string, p: GivenPassage): boolean {
  const text = sentence.toLowerCase();
  if (p.kind === 'journal' && /^\d{4}-\d{2}-\d{2}$/.test(p.id)) {
    const day = String(Number(p.id.slice(8, 10)));
    const month = MONTHS[Number(p.id.slice(5, 7)) - 1]!;
    return new RegExp(`\\b${day}\\b`).test(text) && text.includes(month);
  }
  const words = wordsOf(p.title.split(' · ')[0]!.replace(/\.md$/i, '').replace(/[-_]+/g, ' '));
  return words.length > 0 && words.every((w) => text.includes(w));
}

/** Everything the input holds but the message itself: the page, the history, the passages. */
const besidesTheMessage = (input: Record<string, unknown>): string => normalize(stringsIn({ ...input, message: '' }).join('\n'));

/** Words a question is asked with, not what it is about. */
const QUESTION_WORDS = new Set(
  (
    'what which when where why who how should could would will shall can does have that this there their about with from into ' +
    'your some anything something best first good question think still need know want make does doing going like really ' +
    'them they with more most just also much many next last time'
  ).split(' '),
);
/** Same word for a reader: "prepare" and "preparation", "phrase" and "phrasing". */
const sameStem = (a: string, b: string) => a.slice(0, 5) === b.slice(0, 5);

export const taskChecks = {
  /**
   * The reply does not hand the user's message back (a parrot): no part of it of two words or
   * more in quotes, and not the whole of a message of four words or more, unless the page, the
   * history or a passage holds those words too (a todo's title, a check-in's question) or the
   * reply creates a thing by that name (the todo a planning reply adds).
   */
  noEcho: (({ reading, input, lastMessage }) => {
    if (!lastMessage) return [];
    const message = normalize(lastMessage).replace(/'/g, '');
    const elsewhere = besidesTheMessage(input).replace(/'/g, '');
    const named = (reading.named ?? []).map((n) => normalize(n).replace(/'/g, ''));
    const problems: string[] = [];
    for (const q of quotedSpans(plain(reading.text))) {
      const core = normalize(q.text)
        .replace(/'/g, '')
        .replace(/(?:…|\.\.\.)$/, '')
        .replace(/^[\s.,;:!?-]+|[\s.,;:!?-]+$/g, '');
      if (wordsOf(core).length < 2 || !message.includes(core) || elsewhere.includes(core)) continue;
      // What to type or press ('Say "update the file"') is a suggestion, not the message handed back.
      if (/\b(?:say|type|ask|try|press|click)\s*:?\s*$/i.test(plain(reading.text).slice(Math.max(0, q.index - 12), q.index))) continue;
      if (named.some((n) => n.includes(core) || core.includes(n))) continue;
      problems.push(`quotes the user's message back ("${q.text}")`);
    }
    const said = wordsOf(lastMessage);
    if (!problems.length && said.length >= 4 && contains(wordsOf(reading.text), said) && !contains(wordsOf(elsewhere), said))
      problems.push(`repeats the user's message ("${lastMessage.slice(0, 60)}")`);
    return problems;
  }) satisfies Check,

  /**
   * A direct question ("What should I prepare for my 1:1 with Ada?") is answered before the
   * coach asks anything: the reply opens with a statement, takes up what the question is about
   * (one of its words, names aside: every page names its person), and asks at most one question
   * back. A question the page itself asks (a check-in's, sent by its opener) is no question to the coach.
   */
  answersQuestion: (({ reading, input, lastMessage }) => {
    const question =
      sentencesOf(plain(lastMessage ?? ''))
        .at(-1)
        ?.trim() ?? '';
    if (!question.endsWith('?') || wordsOf(question).length < 3) return [];
    if (besidesTheMessage(input).includes(normalize(question))) return [];
    const sentences = sentencesOf(plain(reading.text));
    const problems: string[] = [];
    if (sentences[0]?.trim().endsWith('?')) problems.push(`meets the question "${question}" with a question of its own`);
    const asked = sentences.filter((s) => s.trim().endsWith('?') && !/^["“]/.test(s.trim()));
    if (asked.length > 1) problems.push(`asks ${asked.length} questions back, not one`);
    const topic = (question.match(/[\p{L}][\p{L}'-]*/gu) ?? [])
      .filter((w) => !/^\p{Lu}/u.test(w) || w === question.split(/\s+/)[0])
      .map((w) => w.toLowerCase())
      .filter((w) => w.length >= 4 && !QUESTION_WORDS.has(w));
    const statements = wordsOf(sentences.filter((s) => !s.trim().endsWith('?')).join(' '));
    if (topic.length && !topic.some((t) => statements.some((w) => sameStem(w, t))))
      problems.push(
        `does not take up the question "${question}" (none of ${topic.map((t) => `"${t}"`).join(', ')} before its own question)`,
      );
    if (/\bgood question\b/i.test(reading.text)) problems.push('calls it a good question instead of answering it');
    return problems;
  }) satisfies Check,

  /**
   * A chat given passages of the user's notes cites one as [n] only with where it is from in the
   * same sentence ("In your journal on 3 November you wrote: … [1]"): a bare number is a link
   * nobody can read. (The sources check holds every [n] to a passage given.)
   */
  citesPassages: (({ reading, input }) => {
    const passages = (Array.isArray(input.passages) ? input.passages : []) as GivenPassage[];
    if (!passages.length) return [];
    const problems: string[] = [];
    for (const sentence of sentencesOf(plain(reading.text))) {
      for (const m of sentence.matchAll(/\[(\d+)\]/g)) {
        const p = passages.find((x) => x.n === Number(m[1]));
        if (p && !namesOrigin(sentence, p)) problems.push(`cites [${p.n}] without saying where it is from ("${p.title}")`);
      }
    }
    return problems;
  }) satisfies Check,

  /** An update writes the conversation into the file, never the instruction that asked for it. */
  instructionNotPasted: (({ reading, input }) => {
    const instruction = wordsOf(String(input.message ?? ''));
    if (instruction.length < 2) return [];
    return contains(wordsOf(reading.text), instruction) ? [`pastes the instruction "${input.message}" into the file`] : [];
  }) satisfies Check,

  /** Names as the product names them, none it already has or the user turned down, within the count. */
  suggestionNames: (kind: 'folder' | 'file'): Check => {
    const shape = kind === 'folder' ? /^[a-z0-9]+(?:-[a-z0-9]+)*$/ : /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
    return ({ reading, input }) => {
      const names = reading.items ?? [];
      const problems = names.filter((n) => !shape.test(n)).map((n) => `names a ${kind} "${n}", not as the product names one`);
      const taken = new Set([...(input.existing as string[]), ...(input.rejected as string[])].map(key));
      const again = names.filter((n) => taken.has(key(n)));
      if (again.length) problems.push(`suggests ${again.map((n) => `"${n}"`).join(', ')}, which exist or were rejected`);
      if (new Set(names.map(key)).size < names.length) problems.push('suggests the same name twice');
      if (typeof input.count === 'number' && names.length > input.count)
        problems.push(`gives ${names.length}, more than the ${input.count} asked for`);
      return problems;
    };
  },

  /** The week page says to tick them: every action is a task box. */
  taskBoxes: (({ reading }) => {
    const bare = (reading.items ?? []).filter((l) => !/^\s*[-*]\s+\[[ xX]\]\s+\S/.test(l));
    return bare.length ? [`has ${bare.length} action line(s) without a "- [ ]" box, e.g. "${bare[0]!.trim()}"`] : [];
  }) satisfies Check,

  /** A plan turns the prompt into actions: no line holds the prompt word for word. */
  promptNotRepeated: (({ reading, lastMessage }) => {
    const prompt = wordsOf(lastMessage ?? '');
    if (prompt.length < 4) return [];
    const lines = reading.text.split('\n').filter((l) => l.trim());
    const repeating = lines.filter((l) => contains(wordsOf(l), prompt));
    return repeating.length ? [`repeats the prompt word for word in ${repeating.length} of ${lines.length} lines`] : [];
  }) satisfies Check,

  /** Short imperatives a person would write: no "Lead: goal" pattern, the goal named at most once. */
  stepTitles: (({ reading, input }) => {
    const goal = wordsOf(String((input.goal as { title?: string })?.title ?? ''));
    const titles = reading.items ?? [];
    const problems: string[] = [];
    // "Lead: goal" puts a space after its colon; a "1:1" in the goal's own words is no lead.
    const colon = titles.filter((t) => /:\s/.test(t));
    if (colon.length) problems.push(`titles ${colon.length} step(s) "lead: goal", e.g. "${colon[0]}"`);
    const long = titles.filter((t) => t.length > TITLE_CHARS);
    if (long.length) problems.push(`has ${long.length} title(s) over ${TITLE_CHARS} characters, e.g. "${long[0]}"`);
    const naming = titles.filter((t) => goal.length && contains(wordsOf(t), goal));
    if (naming.length > 1) problems.push(`repeats the goal in ${naming.length} of ${titles.length} titles`);
    if (new Set(titles.map(normalize)).size < titles.length) problems.push('has two steps with the same title');
    return problems;
  }) satisfies Check,

  /** Steps fall in order, none after the target date. */
  beforeTarget: (({ reading, input }) => {
    const target = String((input.goal as { target_date?: string })?.target_date ?? '');
    const days = reading.scheduled ?? [];
    const problems: string[] = [];
    const late = days.filter((d) => d > target);
    if (late.length) problems.push(`schedules ${late.join(', ')}, after the target date ${target}`);
    if (days.some((d, i) => i > 0 && d < days[i - 1]!)) problems.push('lists its steps out of date order');
    return problems;
  }) satisfies Check,

  /** A summary says what matters in its own words: at most half of it copied from the notes in runs of six words or more. */
  synthesises: (({ reading, input }) => {
    const summary = wordsOf(reading.text);
    if (summary.length < 15) return [];
    const share = copiedWords(summary, wordsOf(String(input.content ?? '')), COPIED_RUN_WORDS) / summary.length;
    return share > MAX_COPIED_SHARE ? [`copies ${Math.round(share * 100)}% of its words from the notes: a re-list, not a summary`] : [];
  }) satisfies Check,

  /** A synthesis, not a re-list: no three sentences in a row open with the same word ("Dana… Dana… Dana…"). */
  noAnaphora: (({ reading }) => {
    const openers = paragraphsOf(reading.text)
      .flatMap((p) => sentencesOf(plain(p)))
      .map((s) => wordsOf(s)[0] ?? '');
    for (let i = 2; i < openers.length; i++) {
      const w = openers[i]!;
      if (w && w === openers[i - 1] && w === openers[i - 2]) return [`opens three sentences in a row with "${w}"`];
    }
    return [];
  }) satisfies Check,
};
