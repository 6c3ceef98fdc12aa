/**
 * The offline coach citing the user's other notes (docs/search.md#answers-that-cite-your-notes):
 * of the passages svc-chat retrieved, the one that shares the most of what the message is about,
 * quoted in one sentence that says where it is from, with its number ("In your journal on
 * 3 November you wrote: "the platform team is short two engineers" [1]."), then a question that
 * ties it to what the user just said ("Is that the same platform team?"). Only a passage that is
 * really about the message is cited, and only a whole clause of it is quoted, exactly as written.
 */
import { passageSource, passageTitle } from '../../passages';
import { capitalize, collapse, sentences } from '../../text';
import type { ChatPassage } from '../../types';

export interface Citation {
  /** The sentence quoting the passage, ending with its `[n]` and a full stop. */
  sentence: string;
  /** The question that links it to the message. */
  question: string;
  passage: ChatPassage;
  /** The quoted words, to tell whether an earlier reply quoted them already. */
  quote: string;
}

/** Words that carry no topic (chat filler and the commonest English words). */
const FILLER = new Set(
  (
    'about after again also been being could does doing done from have having help into just know like make more most much need ' +
    'only other really should some than that them then there these they thing things think this those what when where which while ' +
    'will with would your yours want going get got maybe feel felt today tomorrow yesterday week the and for are was were but not ' +
    'you all any can had has her his him its our out she who why how too very said says say tell told asked ask over under before ' +
    'since still even back well good time last next first new one two ' +
    // A day or a month is when, not what: "on Friday" is no topic two notes share.
    'monday tuesday wednesday thursday friday saturday sunday january february march april june july august september ' +
    'october november december'
  ).split(' '),
);

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** A text's topic words, lower case, each once: three letters or more, not filler, not a number. */
export function topicWordsOf(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.match(TOKEN) ?? []) {
    const word = raw.toLowerCase().replace(/['’]s$/, '');
    if (word.length < 3 || FILLER.has(word) || /^\d+$/.test(word)) continue;
    seen.add(word);
  }
  return [...seen];
}

/** Two forms of one word ("planned", "planning"; "engineer", "engineers"): the same stem of at least four letters. */
const stem = (word: string) => word.slice(0, Math.max(4, word.length - 3));
export const sameWord = (a: string, b: string): boolean => a === b || (a.length >= 4 && b.length >= 4 && stem(a) === stem(b));

const shares = (words: string[], text: string): string[] => {
  const theirs = topicWordsOf(text);
  return words.filter((w) => theirs.some((t) => sameWord(w, t)));
};

/* ---------------------------------------------------------------- the quote */

const QUOTE_MAX_WORDS = 12;
const QUOTE_MIN_WORDS = 4;
/** Where a sentence divides into clauses, as the coach quotes the user (reflect.ts). */
const CLAUSE_BREAK = /\s*[,;:–—]\s+|\s+-\s+|\s+(?=(?:and|but|so|because|while|which|although|though|whereas)\s)/gi;
const LEADING_JOIN = /^(?:and|but|so|because|while|which|although|though|whereas)\s+/i;
/** A clause starting mid-sentence may still read whole when it starts with its subject. */
const SUBJECT_START = /^(?:I|we|the|my|our|she|he|they|it|this|that|there|[A-Z][a-z]+)\s/;
const countWords = (text: string): number => text.match(TOKEN)?.length ?? 0;
/** The search's snippets hold about 35 words (ts_headline's MaxWords): one this long may end mid-sentence. */
const SNIPPET_CUT_WORDS = 30;

interface Clause {
  /** Where it is in its sentence. */
  start: number;
  end: number;
  /** It begins where its sentence does (not cut by the snippet, not after a comma). */
  opens: boolean;
}

/**
 * The sentences of a snippet with their whole clauses: not the start of a sentence the snippet
 * cut (unless that clause begins with its subject), nor the end of one it cut off.
 */
function wholeClauses(snippet: string): { sentence: string; clauses: Clause[] }[] {
  let text = collapse(snippet);
  const cutStart = /^…/.test(text) || /^[a-z]/.test(text);
  // A search snippet is a fragment of about 35 words: a long one without a full stop was cut; a
  // short one is the whole note (a todo's title, a list item).
  const cutEnd = /…$/.test(text) || (!/[.!?]["'”’)]*$/.test(text) && countWords(text) >= SNIPPET_CUT_WORDS);
  text = text.replace(/^…\s*/, '').replace(/\s*…$/, '');
  const list = sentences(text);
  return list.map((sentence, i) => {
    const clauses: Clause[] = [];
    let at = 0;
    for (const m of sentence.matchAll(CLAUSE_BREAK)) {
      clauses.push({ start: at, end: m.index, opens: at === 0 });
      at = m.index + m[0].length;
    }
    clauses.push({ start: at, end: sentence.length, opens: at === 0 });
    if (i === 0 && cutStart && clauses[0]) {
      if (SUBJECT_START.test(sentence.slice(clauses[0].start))) clauses[0] = { ...clauses[0], opens: false };
      else clauses.shift();
    }
    if (i === list.length - 1 && cutEnd) clauses.pop();
    return { sentence, clauses };
  });
}

/**
 * The run of whole clauses (four to twelve words) that holds the most of `topics`, exactly as
 * written: a joining word in front dropped, no closing punctuation, the writer's double quotes
 * made single.
 */
export function quoteAbout(snippet: string, topics: string[]): string | undefined {
  let best: { text: string; score: number } | undefined;
  for (const { sentence, clauses } of wholeClauses(snippet)) {
    for (let i = 0; i < clauses.length; i++) {
      for (let j = i; j < clauses.length; j++) {
        const run = sentence
          .slice(clauses[i]!.start, clauses[j]!.end)
          .trim()
          .replace(LEADING_JOIN, '')
          .replace(/[.!?,;:]+$/, '');
        const n = countWords(run);
        if (n > QUOTE_MAX_WORDS) break;
        if (n < QUOTE_MIN_WORDS) continue;
        const hits = shares(topics, run).length;
        if (!hits) continue;
        const score = hits * 10 + Math.min(n, QUOTE_MAX_WORDS) + (clauses[i]!.opens ? 3 : 0);
        if (!best || score > best.score) best = { text: run, score };
      }
    }
  }
  return best?.text.replace(/["“”]/g, "'");
}

/* ---------------------------------------------------------------- the question */

const DETERMINER = /^(?:the|my|our|this|that|his|her|their|your|a|an)$/i;

/** Words after a noun that end its phrase: "the team is", "the plan and", "the review on Friday". */
const PHRASE_END = new Set(
  "is was are were be been has have had will would can could should may might must and or but so to of for in on at by with from about that which who what when where than as if it its isn’t wasn’t isn't wasn't again still now too".split(
    ' ',
  ),
);

/**
 * "the platform team" of the message, when the passage speaks of it too: a noun the user named
 * after a determiner ("the", "my", "our"…), with the word after it when the passage has the two
 * words side by side too ("the platform team"). A word followed by another content word that
 * the passage does not pair with it may be a modifier ("the billing cutover") or a noun before
 * its verb ("the migration slipped"): without a way to tell, it is no thing to ask about.
 */
function sharedThing(message: string, passageWords: string[], passageText: string): string | undefined {
  const matches = [...message.matchAll(TOKEN)];
  const tokens = matches.map((m) => m[0]);
  const shared = (w: string | undefined) =>
    Boolean(w) &&
    !/^\p{Lu}/u.test(w!) &&
    w!.length >= 3 &&
    !FILLER.has(w!.toLowerCase()) &&
    passageWords.some((p) => sameWord(w!.toLowerCase(), p));
  const passage = ` ${comparable(passageText)} `;
  for (let i = 1; i < tokens.length; i++) {
    // A name is no thing to ask "the same" of; filler is no topic.
    if (!DETERMINER.test(tokens[i - 1]!) || !shared(tokens[i])) continue;
    const word = tokens[i]!.toLowerCase();
    const next = tokens[i + 1]?.toLowerCase();
    // Punctuation, the message's end or a function word ends the phrase at this word.
    const gap = matches[i + 1] ? message.slice(matches[i]!.index! + tokens[i]!.length, matches[i + 1]!.index) : '.';
    if (!next || /[^\s]/.test(gap) || PHRASE_END.has(next)) return word;
    if (shared(next) && passage.includes(` ${word} ${next} `)) return `${word} ${next}`;
  }
  return undefined;
}

/**
 * The question that ties the passage to the message: whether it speaks of the same thing ("the
 * platform team") and still holds; a todo or a milestone, whether it belongs to what the user means.
 */
function linkingQuestion(message: string, passage: ChatPassage): string {
  if (passage.kind === 'todo' || passage.kind === 'milestone')
    return `Does that ${passage.kind} belong to this, or is it something separate?`;
  const thing = sharedThing(message, topicWordsOf(`${passage.title} ${passage.snippet}`), `${passage.title} ${passage.snippet}`);
  if (thing) return `Is that the same ${thing}, and does what you wrote then still hold?`;
  return 'Does what you wrote then still hold, or has something changed since?';
}

/* ---------------------------------------------------------------- the sentence */

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A snippet that only holds the title (a todo found by its title) has no words of its own to quote. */
const onlyTitle = (passage: ChatPassage, quote: string) => comparable(passageTitle(passage)).includes(comparable(quote));

function citingSentence(passage: ChatPassage, quote: string, today: string, verb: string): string {
  const source = passageSource(passage, today);
  const mark = `[${passage.n}]`;
  if (onlyTitle(passage, quote)) return `One of your ${passage.kind}s is “${passageTitle(passage)}” ${mark}.`;
  switch (passage.kind) {
    case 'file':
      return `${capitalize(source)} say: "${quote}" ${mark}.`;
    case 'todo':
    case 'milestone':
    case 'plan':
    case 'statement':
      return `${capitalize(source)} says: "${quote}" ${mark}.`;
    default:
      return `In ${source} ${verb}: "${quote}" ${mark}.`;
  }
}

export interface CitationOptions {
  today: string;
  /** What else the chat is about (the person's name, the meeting's title): counts for relevance, never alone. */
  subject?: string;
  /** How the user's note is introduced ("you wrote", the default). */
  verb?: string;
  /** An earlier reply said this: a passage quoted before is not quoted again. */
  said(text: string): boolean;
}

/**
 * Whether a quote says what the message just said (most of its words are the message's): the
 * user wrote the same in their journal, and quoting it back would read as handing the message back.
 */
function restates(quote: string, message: string): boolean {
  const said = topicWordsOf(message);
  const words = topicWordsOf(quote);
  return words.length > 0 && words.filter((w) => said.some((o) => sameWord(o, w))).length / words.length >= 0.8;
}

/**
 * The citation of the passage most about the message, or undefined when none is: a passage must
 * share two of the message's topic words (one when the message has only one), the page's subject
 * counting as one of them, and hold a whole clause about them to quote.
 */
export function citationFor(message: string, passages: readonly ChatPassage[] | undefined, options: CitationOptions): Citation | undefined {
  if (!passages?.length) return undefined;
  const own = topicWordsOf(message);
  if (!own.length) return undefined;
  const subject = options.subject ? topicWordsOf(options.subject).filter((w) => !own.some((o) => sameWord(o, w))) : [];
  const needed = Math.min(2, own.length + subject.length);
  let best: { citation: Citation; score: number } | undefined;
  for (const passage of passages) {
    const text = `${passage.title} ${passage.snippet}`;
    const fromMessage = shares(own, text);
    const fromSubject = shares(subject, text);
    if (!fromMessage.length || fromMessage.length + Math.min(1, fromSubject.length) < needed) continue;
    const quote = quoteAbout(passage.snippet, [...own, ...subject]);
    if (!quote || options.said(quote)) continue;
    // A note that says what the message just said is not quoted back (a todo's title names a thing: it may be).
    if (passage.kind !== 'todo' && passage.kind !== 'milestone' && restates(quote, message)) continue;
    // Only a todo or a milestone is cited by its title alone ("One of your todos is …"): a note's title is no quote of it.
    if (onlyTitle(passage, quote) && passage.kind !== 'todo' && passage.kind !== 'milestone') continue;
    const score = fromMessage.length * 2 + fromSubject.length - passage.n / 10;
    if (best && best.score >= score) continue;
    best = {
      score,
      citation: {
        sentence: citingSentence(passage, quote, options.today, options.verb ?? 'you wrote'),
        question: linkingQuestion(message, passage),
        passage,
        quote,
      },
    };
  }
  return best?.citation;
}
