/**
 * The coach uses only what it was given: every number, date and capitalised name in an answer
 * occurs in the input, or is a word of the product or the calendar (vocabulary.ts), or a date
 * the task computes from today. The first word of a sentence is capitalised by grammar, not
 * because it is a name, so it is not read as one.
 */
import { addDays, datesIn, withoutDates } from './dates';
import { linesOf, plain, sentencesOf, stringsIn } from './text';
import type { Check, Subject } from './types';
import { KNOWN_NUMBERS, productVocabulary } from './vocabulary';

const DURATION = /\b\d+(?:[–-]\d+)?\s*(?:min|mins|minutes?|hours?|hrs?)\b/gi;
const NUMBER = /(?<![\p{L}\d])\d+(?:[.,:]\d+)*(?![\p{L}\d])/gu;
const normalNumber = (n: string) => n.replace(/\d+/g, (d) => String(Number(d)));

function numbersIn(texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const t of texts) {
    for (const m of t.matchAll(/\d+(?:[.,:]\d+)*/g)) {
      found.add(normalNumber(m[0]));
      for (const part of m[0].split(/[.,:]/)) found.add(normalNumber(part));
    }
  }
  return found;
}

/** How many things the input lists (an array's length, a run of "- " lines): an answer may count them. */
function countsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    found.add(String(value.length));
    value.forEach((v) => countsIn(v, found));
  } else if (value && typeof value === 'object') Object.values(value).forEach((v) => countsIn(v, found));
  else if (typeof value === 'string') {
    for (const run of value.split(/\n\s*\n|\n(?!\s*[-*] )/)) {
      const items = run.split('\n').filter((l) => /^\s*[-*] /.test(l)).length;
      if (items) found.add(String(items));
    }
  }
  return found;
}

function wordsIn(texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const t of texts) {
    for (const w of t.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []) {
      found.add(w.replace(/['’]s$/, ''));
    }
  }
  return found;
}

const NAME = /[\p{Lu}][\p{L}\p{N}'’-]*/gu;
/** What may stand before a sentence's first word: quotes, brackets, emphasis, emoji, a list's number. */
const OPENING = /^[\s"'“‘([{*_>#~•\p{Extended_Pictographic}\d.)-]*$/u;

/** Capitalised words that are not a sentence's first word. */
function namesIn(sentence: string): string[] {
  const names: string[] = [];
  for (const m of sentence.matchAll(NAME)) {
    const before = sentence.slice(0, m.index);
    // After a colon, a dash or an opening quote a new sentence may begin ("Noted: "We cut…").
    const tail = before.split(/[:;—–]\s|["“‘(]/).pop() ?? before;
    if (OPENING.test(before) || OPENING.test(tail)) continue;
    names.push(m[0]);
  }
  return names;
}

/** The input's days, as YYYY-MM-DD and as MM-DD (a day written without its year matches any year). */
function inputDays(subject: Subject, texts: string[]): Set<string> {
  return new Set(texts.flatMap((t) => datesIn(t, subject.today).flatMap((d) => [d.day, d.day.slice(5)])));
}

export const inventsNothing: Check = (subject) => {
  const texts = stringsIn(subject.input);
  const known = [...texts, ...(subject.expect.known ?? [])];
  const vocabulary = wordsIn(known);
  const product = productVocabulary();
  const numbers = new Set([...numbersIn(known), ...countsIn(subject.input)]);
  const days = inputDays(subject, texts);
  const problems: string[] = [];

  const text = plain(subject.reading.text).replace(/\[\d+\]/g, ' ');
  for (const d of datesIn(text, subject.today)) {
    // A plan's dates are computed from today; the past check judges them.
    const computed = subject.datesFromToday && d.day >= addDays(subject.today, -7) && d.day <= addDays(subject.today, 400);
    if (!computed && !days.has(d.hasYear ? d.day : d.day.slice(5)))
      problems.push(`names the date "${d.text}", which the input does not hold`);
  }
  // A duration the coach suggests ("10 min: the decisions") is advice, not a fact about the user.
  const undated = withoutDates(text, subject.today).replace(DURATION, ' ');
  // The answer may count what it lists itself ("the 5 latest of 6").
  for (const n of countsIn(subject.reading.text)) numbers.add(n);
  const numbersOut = [...new Set([...undated.matchAll(NUMBER)].map((m) => m[0]))].filter(
    (n) => !numbers.has(normalNumber(n)) && !KNOWN_NUMBERS.has(n),
  );
  if (numbersOut.length) problems.push(`uses the number${numbersOut.length > 1 ? 's' : ''} ${numbersOut.join(', ')}, not in the input`);

  const unknown = new Set<string>();
  for (const line of linesOf(undated)) {
    for (const sentence of sentencesOf(line.text)) {
      for (const name of namesIn(sentence)) {
        const key = name.toLowerCase().replace(/['’]s?$/, '');
        const parts = key.split('-').filter(Boolean);
        const isKnown = (w: string) => vocabulary.has(w) || product.has(w);
        if (!isKnown(key) && !parts.every(isKnown)) unknown.add(name.replace(/['’]s?$/, ''));
      }
    }
  }
  if (unknown.size) problems.push(`names ${[...unknown].map((n) => `"${n}"`).join(', ')}, not in the input`);
  return problems;
};

export const notInPast: Check = ({ reading, today }) => {
  const past = [...new Set((reading.scheduled ?? []).filter((d) => d < today))];
  return past.length ? [`schedules ${past.join(', ')}, before today (${today})`] : [];
};
