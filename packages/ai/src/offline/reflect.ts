/**
 * Listening without a model: the coach quotes the user's own weightiest sentence (or a clause of
 * it: a short quote is listening, the whole message back is a parrot), as a quote,
 * or says where it goes in the file. It never rewrites the user's words into a sentence of its
 * own: without a model it cannot tell an instruction ("Remember this line…") from a statement,
 * and a rewritten echo is where its grammar broke.
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

// "The line I would keep" read as an editor's verdict, and on pages the coach writes nothing into, as a promise.
const QUOTE_FRAMES = [(q: string) => `You wrote: "${q}"`, (q: string) => `Noted: "${q}"`, (q: string) => `The heart of it: "${q}"`];

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

/**
 * A quote that does not stand as a sentence: an answer's fragment ("For me a later start date",
 * "That I should have raised…", "What changed, and whether…") framed as "Noted: …" reads as the
 * user's words mangled.
 */
const FRAGMENT = /^(?:whether|so that|for (?:me|him|her|us|them|you)|(?:what|how|why)\b(?!.*\b(?:is|was|are|were)\b))\b/i;

const LEADS_IN = /^(?:that|because)\s+(?=(?:I|we|he|she|they|it|the|my|our|his|her|their)\b)/i;

/** A request ("First remind me what we talked about last time"): answered, never noted as a statement. */
const REQUEST =
  /^(?:(?:first|now|then|also|and|ok(?:ay)?|so)[,\s]+)?(?:please\s+)?(?:remind me|tell me|show me|give me|help me|can you|could you|would you|let's|list|summari[sz]e|read)\b/i;

/** "I feel a bit lost": a feeling is met with warmth before anything the chat can do, never quoted back like a fact. */
const FEELING =
  /\bI(?:'m| am| feel)\s+(?:(?:a bit|a little|quite|very|so|really|pretty|kind of|totally)\s+)?(lost|overwhelmed|stressed|anxious|worried|unsure|stuck|scared|nervous|down|exhausted|drained|frustrated|confused|insecure)\b/i;

/** Below this many words a message is quoted whole by being there: saying where it goes is enough. */
const QUOTE_FROM_WORDS = 8;

/**
 * One acknowledgement: a quote (the frame rotates with the turn so replies do not sound canned)
 * or, for a short answer, the headings it fills.
 */
export function acknowledge(message: string, turn: number, headings: string[], { praiseNumbers = true } = {}): string | undefined {
  const said = quoteOf(message);
  if (!said || REQUEST.test(message.trim())) return undefined;
  const feeling = FEELING.exec(message)?.[1];
  if (feeling) return `That sounds hard, and feeling ${feeling.toLowerCase()} is a normal reaction; we can take it one step at a time.`;
  // An answer's "That the work I led cut incidents by 40%" holds a whole sentence after its "That".
  const quote = capitalize(said.replace(LEADS_IN, ''));
  let line: string;
  if (words(message).length >= QUOTE_FROM_WORDS && !FRAGMENT.test(quote)) line = QUOTE_FRAMES[turn % QUOTE_FRAMES.length]!(quote);
  else if (headings.length) line = `Noted under ${listOf(headings)}.`;
  // A bare "Noted." says nothing the reply's next line does not.
  else return undefined;
  return praiseNumbers && measures(quote) ? `${line} ${SPECIFICS_PRAISE}` : line;
}

export const listOf = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
