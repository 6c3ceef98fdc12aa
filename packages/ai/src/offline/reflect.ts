/**
 * Listening without a model: the coach takes up what the user said in its own words (a feeling,
 * a setback, a plan of their own, a result in numbers, the person it names, the heading it
 * fills), never by repeating their message: a message quoted back is a parrot. `quoteOf` quotes
 * the user's other notes (a check-in's previous answer), never the message being answered. It
 * never rewrites the user's words into a sentence of its own either: without a model it cannot
 * tell an instruction ("Remember this line…") from a statement, and a rewritten echo is where its
 * grammar broke.
 */
import { capitalize, collapse, endSentence, sentences, truncate, words } from '../text';

export const SMALL_TALK_ONLY =
  /^(hi|hello|hey|thanks|thank you|ok|okay|sure|yes|no|yep|nope|great|cool|got it|sounds good|perfect)\b[\s!.,]*$/i;

export const isSmallTalk = (text: string): boolean => SMALL_TALK_ONLY.test(text.trim()) || words(text).length < 3;

/** An answer that says nothing yet ("It was fine.", "Not much."): the coach asks for one concrete moment instead of noting it. */
const VAGUE =
  /^(?:(?:it|that|today|the week|this week)\s+(?:was|is|went|has been)\s+)?(?:fine|good|alright|all right|okay|ok|not (?:much|bad|great)|nothing(?: much| special| new)?|the same|same as (?:always|usual|ever)|so-so|busy|meh|normal|as usual|quiet)[\s.!]*$/i;
export const isVague = (text: string): boolean => VAGUE.test(text.trim()) && !SMALL_TALK_ONLY.test(text.trim());

/** How much a sentence says: numbers, names (people, places, months) and length make it worth quoting. */
function weight(sentence: string): number {
  const ws = words(sentence);
  const numbers = (sentence.match(/\d/g) ?? []).length > 0 ? 4 : 0;
  const names = ws.slice(1).filter((w) => /^[A-Z][a-z]/.test(w)).length;
  return Math.min(ws.length, 25) + numbers + 3 * Math.min(names, 2);
}

/** A quote longer than this repeats the user instead of listening (the eval's parrot check). */
export const MAX_QUOTE_WORDS = 12;

/** Where a sentence divides into clauses: punctuation, or a joining word. */
const CLAUSE_BREAK = /\s*[,;:–—]\s+|\s+(?=(?:and|but|so|because|while|which|where|although|though|since|whereas)\s)/gi;
const LEADING_JOIN = /^(?:and|but|so|because|while|which|where|although|though|since|whereas)\s+/i;
/** A clause that goes on after the cut: the rest of a list ("…, and two peer reviews") or the point of a contrast ("…but it paid off"). */
const LIST_GOES_ON = /^(?:and|or)\s/i;
const CONTRAST_GOES_ON = /^(?:but|although|though|whereas)\s/i;
/** "send it to Ada": a clause from the middle whose object points back reads as an order about nothing. */
const POINTS_BACK = /^[\p{L}'’-]+\s+(?:it|them|this|that|those|these)\b/iu;
/** A relative clause ("where I led…") taken from its noun says less than it seems. */
const RELATIVE = /^(?:which|where)\s/i;
/** The user's own next step ("I'll point to…"): what a coach takes up first. */
const OWN_PLAN = /\b(?:I'll|I will|I'm going to|I am going to)\b/i;
/** Words a cut quote does not end on ("…for a team lead trial on…" ends before "on"). */
const TRAILING_SMALL =
  /(?:[\s,;:]+(?:a|an|the|and|or|but|so|to|of|in|on|at|by|for|from|with|into|my|our|your|their|his|her|its|that|this|than|as))+$/i;

/** Words as a reader counts them: "skip-level" is two, "don't" one. */
const QUOTE_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const quoteWords = (text: string): number => text.match(QUOTE_WORD)?.length ?? 0;

/** The text up to the end of its `n`th word, exactly as written. */
function firstWords(text: string, n: number): string {
  const last = [...text.matchAll(QUOTE_WORD)][n - 1];
  return last ? text.slice(0, last.index + last[0].length) : text;
}

/**
 * At most MAX_QUOTE_WORDS of the sentence, as the user wrote them: the sentence itself when
 * short, else its weightiest run of whole clauses, else the opening of it with an ellipsis.
 */
function excerpt(sentence: string): string {
  if (quoteWords(sentence) <= MAX_QUOTE_WORDS) return sentence;
  // Clause boundaries as positions in the sentence, so a run of clauses is quoted exactly.
  const starts = [0];
  const ends: number[] = [];
  const breaks: string[] = [];
  for (const m of sentence.matchAll(CLAUSE_BREAK)) {
    ends.push(m.index);
    starts.push(m.index + m[0].length);
    breaks.push(m[0]);
  }
  ends.push(sentence.length);
  let best: string | undefined;
  let bestScore = -1;
  for (let i = 0; i < starts.length; i++) {
    for (let j = i; j < ends.length; j++) {
      const run = sentence.slice(starts[i], ends[j]).trim().replace(LEADING_JOIN, '');
      const n = quoteWords(run);
      if (n > MAX_QUOTE_WORDS) break;
      const after = sentence.slice(starts[j + 1] ?? sentence.length);
      // "the case drafted, Ada's feedback" without "and two peer reviews" is a list cut short: its
      // last item is a few words after a comma, and the list goes on after the cut.
      const lastItem = sentence.slice(starts[j], ends[j]);
      if (j > i && breaks[j - 1]!.includes(',') && quoteWords(lastItem) <= 4 && LIST_GOES_ON.test(after)) continue;
      // A run from the sentence's start reads as a sentence of its own; a middle clause ("That I should…") less so.
      const score =
        weight(run) +
        (i === 0 ? 3 : 0) +
        (OWN_PLAN.test(run) ? 3 : 0) -
        (i > 0 && POINTS_BACK.test(run) ? 4 : 0) -
        (RELATIVE.test(sentence.slice(starts[i]!)) ? 4 : 0) -
        (CONTRAST_GOES_ON.test(after) ? 3 : 0);
      // Cut at their comma, the quote goes on with an ellipsis: a full stop there is not theirs.
      const cut = j < ends.length - 1 && /[,;:]/.test(breaks[j]!) ? `${run.replace(/[,;:]+$/, '')}…` : run;
      if (n >= 4 && score > bestScore) [best, bestScore] = [cut, score];
    }
  }
  if (best) return best;
  return `${firstWords(sentence, MAX_QUOTE_WORDS)
    .replace(TRAILING_SMALL, '')
    .replace(/[,;:]+$/, '')}…`;
}

/** The user's weightiest sentence (or its weightiest clause), tidied only so that it reads cleanly inside double quotes. */
export function quoteOf(message: string): string | undefined {
  const candidates = sentences(message).filter((s) => !s.trim().endsWith('?') && !isSmallTalk(s));
  if (!candidates.length) return undefined;
  const best = candidates.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  const clean = excerpt(collapse(best))
    // Their own double quotes would close ours early.
    .replace(/["“”]/g, "'")
    .replace(/\.{2,}/g, '…')
    .replace(/([!?,;:])\1+/g, '$1')
    .replace(/\s+([.!?,;:…])/g, '$1')
    .replace(/[,;:]+$/, '');
  return endSentence(capitalize(truncate(clean, 160)));
}

// Said of numbers: the score calls them 'Specific' (its 'Concrete' is an example and your own part in it).
export const SPECIFICS_PRAISE = 'Numbers like that make it specific and measurable.';

/**
 * A number that measures something: "a 1:1" and "Q1" are names of a meeting and a quarter, and
 * "the 15th", "June 2027", "3 pm" are dates and times, not measures.
 */
const measures = (text: string): boolean =>
  /\d/.test(
    text.replace(
      /\b(1:1|1-on-1|one-on-one)s?\b|\bQ[1-4]\b|\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:19|20)\d{2}(?:-\d{2}-\d{2})?\b|\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b/gi,
      '',
    ),
  );

/** A request ("First remind me what we talked about last time"): answered, never acknowledged as a statement. */
const REQUEST =
  /^(?:(?:first|now|then|also|and|ok(?:ay)?|so)[,\s]+)?(?:please\s+)?(?:remind me|tell me|show me|give me|help me|can you|could you|would you|let's|list|summari[sz]e|read)\b/i;

/** "I feel a bit lost": a feeling is met with warmth before anything the chat can do. */
const FEELING =
  /\bI(?:'m| am| feel)\s+(?:(?:a bit|a little|quite|very|so|really|pretty|kind of|totally)\s+)?(lost|overwhelmed|stressed|anxious|worried|unsure|stuck|scared|nervous|down|exhausted|drained|frustrated|confused|insecure)\b/i;

/** Something that went wrong: met as a setback before anything else. */
const SETBACK =
  /\b(?:went (?:badly|wrong|poorly)|froze|blanked|missed|slipped|failed to|(?:I|we|it|they|he|she|team) (?:failed|lost)|came back late|too late|didn't (?:get|make|go)|did not (?:get|make|go)|blocked|rejected|turned down|layoffs?|rumou?rs?)\b/i;

/** "Remember this line: …": a line the user wants kept, taken as such. */
const KEEP_LINE = /^(?:please\s+)?(?:remember|keep|note|save)\s+this(?:\s+line|\s+one)?\s*:/i;

/** Something that worked: what made it work is the lesson. */
const WENT_WELL = /\b(?:went well|worked well|paid off|no surprises)\b/i;

/** A step of the user's own, said as one ("I'll ask her…", "I want to lead…"). */
const NEXT_STEP = /\b(?:I'll|I will|I'm going to|I am going to|I plan to|I want to)\b/i;

/** A day the message names ("on Friday", "by the 15th", "next week"): a plan with a day is one to hold. */
const NAMES_A_DAY =
  /\b(?:today|tomorrow|tonight|next (?:week|month)|this (?:week|month)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?:st|nd|rd|th)\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}\b|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d{4}-\d{2}-\d{2})/i;

/** Below this many words a message says too little to take up: the reply's question is enough. */
const ACKNOWLEDGE_FROM_WORDS = 8;

/** Said when nothing more particular fits; rotated with the turn so replies do not sound canned. */
const THANKS = ['Thank you, that helps.', 'That is useful to know.', 'Good, that gives us something concrete to work with.'];

/** The first of `people` (first names) the message names, as the page spells it. */
function personIn(message: string, people: string[]): string | undefined {
  const said = new Set(
    words(message).map((w) =>
      w
        .replace(/[.'’-]+$/, '')
        .replace(/['’]s$/i, '')
        .toLowerCase(),
    ),
  );
  return people.find((name) => said.has(name.toLowerCase()));
}

const NOT_NAMES = new Set(
  (
    'I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August ' +
    'September October November December Q1 Q2 Q3 Q4 OK'
  ).split(' '),
);

/** What a person does in a sentence: a capitalised word before one of these is someone's name. */
const PERSON_VERB =
  /^(?:asked|said|told|wants|wanted|thinks|thought|agreed|gave|offered|suggested|decided|called|replied|pushed|praised)$/i;

/** A name the message gives mid-sentence ("In my skip-level Marcus asked…"): a person it is about. */
function nameIn(message: string): string | undefined {
  for (const sentence of sentences(message)) {
    const ws = sentence.trim().split(/\s+/);
    for (let i = 1; i < ws.length - 1; i++) {
      const w = ws[i]!;
      if (/^\p{Lu}\p{Ll}{2,}$/u.test(w) && !NOT_NAMES.has(w) && PERSON_VERB.test(ws[i + 1]!)) return w;
    }
  }
  return undefined;
}

/**
 * One acknowledgement in the coach's own words, never the user's message back (a parrot): what
 * the message is (a feeling, a setback, a plan of their own, a result in numbers), who of the
 * page's people it names, or the headings it fills; a short message gets none.
 */
export function acknowledge(
  message: string,
  turn: number,
  headings: string[],
  { praiseNumbers = true, people = [] as string[] } = {},
): string | undefined {
  const text = message.trim();
  // Only a statement is taken up: a message of questions or small talk has no sentence to take.
  if (!quoteOf(text) || REQUEST.test(text)) return undefined;
  const feeling = FEELING.exec(text)?.[1];
  if (feeling) return `That sounds hard, and feeling ${feeling.toLowerCase()} is a normal reaction; we can take it one step at a time.`;
  const who = personIn(text, people) ?? nameIn(text);
  const long = words(text).length >= ACKNOWLEDGE_FROM_WORDS;
  let line: string | undefined;
  if (KEEP_LINE.test(text)) line = 'That is a line worth keeping.';
  else if (SETBACK.test(text))
    line = who
      ? `That sounds like a hard moment with ${who}, and it is worth looking at calmly.`
      : 'That sounds like a setback, and it is worth looking at calmly.';
  else if (WENT_WELL.test(text)) line = 'Good to hear it went well; what made it work is worth keeping.';
  else if (NEXT_STEP.test(text) && NAMES_A_DAY.test(text)) line = 'That is a clear next step, and it already has a day.';
  else if (NEXT_STEP.test(text)) line = 'That is a clear direction.';
  else if (headings.length) line = `Noted under ${listOf(headings)}.`;
  else if (who && long) line = `That helps me see where ${who} comes in.`;
  else if (long) line = THANKS[turn % THANKS.length];
  // Praise after a setback ("the draft slipped by 3 weeks") would miss how it felt.
  const praise = praiseNumbers && measures(text) && !SETBACK.test(text) ? SPECIFICS_PRAISE : undefined;
  return [line ?? (praise ? 'That is a result you can show.' : undefined), praise].filter(Boolean).join(' ') || undefined;
}

export const listOf = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
