/**
 * How an answer reads: quotes hold the user's own words, it does not parrot the user, and its
 * sentences are correct (a capital first, punctuation last, no doubled words, no double spaces,
 * quotes and brackets balanced). Markdown is read as such: a heading or a list item needs no
 * full stop.
 */
import { linesOf, normalize, paragraphsOf, plain, quotedSpans, sentencesOf, wordsOf, countWords } from './text';
import type { Check } from './types';
import { quotable } from './vocabulary';

/** "Truncated…" quotes: the part before the ellipsis must be the user's. */
const quoteCore = (quote: string) =>
  normalize(quote)
    .replace(/(?:…|\.\.\.)$/, '')
    .replace(/^[\s.,;:!?'-]+|[\s.,;:!?'-]+$/g, '');

const SUGGESTS = /\b(?:say|type|ask|try|press|click)\s*:?\s*$/i;

export const quotesAreTheUsers: Check = ({ reading, given }) => {
  const source = normalize(given.join('\n')).replace(/'/g, '');
  const problems: string[] = [];
  const text = plain(reading.text);
  for (const q of quotedSpans(text)) {
    // What to say to the coach or which button to press is a suggestion, not a quote of anyone.
    if (SUGGESTS.test(text.slice(Math.max(0, q.index - 12), q.index))) continue;
    const core = quoteCore(q.text);
    // One word in quotes is emphasis ("done"), not a quote of anyone.
    if (countWords(core) < 2 || quotable().has(core)) continue;
    // The coach may swap the user's double quotes for single ones inside its own.
    if (!source.includes(core.replace(/'/g, ''))) problems.push(`quotes "${q.text}", which the user did not write`);
  }
  return problems;
};

const PARROT_MIN_WORDS = 9;
const SHORT_QUOTE_WORDS = 12;
/** A run this long copied from the user is a parrot even when the message as a whole is not. */
const COPIED_RUN = 12;

function longestSharedRun(a: string[], b: string[]): number {
  let best = 0;
  const prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : 0;
      best = Math.max(best, prev[j]!);
      diagonal = above;
    }
  }
  return best;
}

export const notAParrot: Check = ({ reading, lastMessage }) => {
  if (!lastMessage || countWords(lastMessage) < PARROT_MIN_WORDS) return [];
  // A short quote is listening; the rest must be the coach's own words.
  let text = plain(reading.text);
  for (const q of quotedSpans(text).reverse()) {
    if (countWords(q.text) <= SHORT_QUOTE_WORDS) text = text.slice(0, q.index) + ' ¶ ' + text.slice(q.index + q.length);
  }
  const said = wordsOf(lastMessage);
  const answer = wordsOf(text);
  const run = longestSharedRun(said, answer);
  if (run >= said.length) return [`repeats the user's message word for word ("${lastMessage.slice(0, 60)}…")`];
  if (run >= COPIED_RUN) return [`copies ${run} words in a row from the user's message`];
  return [];
};

const STARTS_WELL = /^[\s"'“‘(*_[]*(?:[\p{Lu}\p{N}¿¡]|[a-z][\w-]*\.md\b|[a-z]+-[a-z-]+\b|e\.g\.|i\.e\.)/u;
const ENDS_WELL = /[.!?…:]["'”’)\]*_]*$/u;
// "check-in in" is no doubled word: the first "in" belongs to "check-in".
const DOUBLED = /(?<![\p{L}-])([\p{L}]+)\s+\1(?![\p{L}-])/iu;
/** ".;" or ",." : two marks where one belongs ("e.g.," is one abbreviation and a comma). */
const DOUBLE_MARK = /(?<!\b(?:e\.g|i\.e|etc|vs))[.!?][,;]|[,;][.,;]/;
const ARTICLES = /\b(?:[Aa]n?|[Tt]he) (?:a|an|the)\b/;
/** A line that is all bold (a label over a list: "**Your meetings with Ada** [2]") is a heading. */
const BOLD_LABEL = /^\*\*[^*]+\*\*(?:\s*\[\d+\]|\s*\([^)]*\))*:?\s*$/;
const DOUBLED_OK = new Set(['that', 'had', 'bye', 'very', 'ha', 'no']);
/** "a" before a vowel letter, "an" before a consonant: the exceptions are said the other way ("a user", "an hour"). */
const WRONG_ARTICLE = /\b([Aa]n?) ([\p{L}][\p{L}-]*)/gu;
const SAID_WITH_CONSONANT = /^(?:one-|one\b|user|unit|univers|use|usual|eu)/i;
const SAID_WITH_VOWEL = /^(?:hour|honest|honou?r|heir)/i;
const ACRONYM_AN = /^(?:HR|MBA|SRE|FAQ|ML)s?$/;
const ACRONYM_A = /^(?:UX|US|UK)$/;

/** The article the coach chose, not the user's: quoted words are left as written. */
function wrongArticles(text: string): string[] {
  const own = text.replace(/"[^"]*"|“[^”]*”/g, '""');
  const found: string[] = [];
  for (const m of own.matchAll(WRONG_ARTICLE)) {
    const [phrase, art, word] = m as unknown as [string, string, string];
    const an = art.length === 2;
    let wantsAn: boolean;
    if (ACRONYM_AN.test(word)) wantsAn = true;
    else if (ACRONYM_A.test(word)) wantsAn = false;
    else if (/^[A-Z]{2,}$/.test(word)) continue;
    else if (SAID_WITH_VOWEL.test(word)) wantsAn = true;
    else if (SAID_WITH_CONSONANT.test(word)) wantsAn = false;
    else wantsAn = /^[aeiou]/i.test(word);
    if (an !== wantsAn) found.push(phrase);
  }
  return found;
}

function balanced(text: string): string | undefined {
  const pairs: [string, string][] = [
    ['(', ')'],
    ['[', ']'],
    ['“', '”'],
  ];
  for (const [open, close] of pairs) {
    if (text.split(open).length !== text.split(close).length) return `unbalanced ${open}${close}`;
  }
  if ((text.match(/"/g) ?? []).length % 2) return 'an unclosed "';
  if ((text.match(/\*\*/g) ?? []).length % 2) return 'an unclosed ** (bold)';
  return undefined;
}

export const correctSentences: Check = ({ reading, given, sources }) => {
  const problems = new Set<string>();
  const show = (s: string) => `"${s.length > 70 ? `${s.slice(0, 67)}…` : s}"`;
  const lines = linesOf(reading.text);
  // A short line over a list ("References") labels it, as a heading would.
  const labels = new Set(
    lines.filter((l, i) => l.kind === 'paragraph' && lines[i + 1]?.kind === 'item' && countWords(l.text) <= 4).map((l) => l.text),
  );
  // A line that is one of the input's own labels (a source as the user's record names it) is written as given.
  const asGiven = new Set([...given, ...(sources ?? [])].map((g) => g.trim()));
  for (const line of lines) {
    const trimmed = line.raw.trim();
    if (/\S {2,}\S/.test(trimmed)) problems.add(`has a double space in ${show(trimmed)}`);
    if (line.kind === 'rule' || line.kind === 'table') continue;
    const text = plain(line.text);
    const doubled = text.match(DOUBLED);
    if (doubled && !DOUBLED_OK.has(doubled[1]!.toLowerCase())) problems.add(`doubles "${doubled[0]}"`);
    if (DOUBLE_MARK.test(text)) problems.add(`has "${text.match(DOUBLE_MARK)![0]}" in ${show(text)}`);
    if (ARTICLES.test(text)) problems.add(`has "${text.match(ARTICLES)![0]}"`);
    for (const phrase of wrongArticles(text)) problems.add(`has "${phrase}" (a/an)`);
    const unbalanced = balanced(text);
    if (unbalanced) problems.add(`has ${unbalanced} in ${show(text)}`);
    if (text && !STARTS_WELL.test(text) && !asGiven.has(text)) problems.add(`starts a ${line.kind} without a capital: ${show(text)}`);
  }
  for (const block of paragraphsOf(reading.text)) {
    if (BOLD_LABEL.test(block.trim()) || labels.has(block.trim())) continue;
    const text = plain(block);
    const sentences = sentencesOf(text);
    for (const s of sentences.slice(1)) if (!STARTS_WELL.test(s)) problems.add(`starts a sentence without a capital: ${show(s)}`);
    if (!ENDS_WELL.test(text)) problems.add(`ends a paragraph without punctuation: ${show(sentences.at(-1) ?? text)}`);
  }
  return [...problems];
};
