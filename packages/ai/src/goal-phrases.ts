/**
 * A goal as a person writes it ("Finish the Q3 deck", "one conversation with my manager", "get
 * promoted by March") read as a verb and an object, so a plan writes short imperatives of its
 * own ("Outline the Q3 deck", "Ask my manager what the promotion needs") and results ("Q3 deck
 * finished") instead of repeating the user's sentence (docs/ai.md#offline-coach). English only,
 * like the rest of the offline coach. The week plan and the workback plan phrase their steps
 * from it (goal-steps.ts).
 */
import { capitalize, collapse, truncate } from './text';
import { KNOWN, VERBS_BY_LENGTH } from './goal-verbs';

export type GoalKind =
  | 'promotion'
  | 'job'
  | 'talk'
  | 'present'
  | 'prepare'
  | 'deliver'
  | 'make'
  | 'review'
  | 'learn'
  | 'decide'
  /** A verb the tables do not know: "run a half marathon". */
  | 'other'
  /** Settling into a new job: "my first ninety days". */
  | 'newjob'
  /** No verb: "the Q3 roadmap". */
  | 'topic';

export interface Goal {
  kind: GoalKind;
  /** Base form, lowercase ("finish", "roll out"); '' for a goal written as a noun. */
  verb: string;
  /** What the verb acts on, short: "the Q3 deck" ('' when none). */
  object: string;
  /** The words after the object, kept when short: "to Maria". */
  tail: string;
  /** Who the goal involves, as written: "my manager", "Dana". */
  who?: string;
  /** What a conversation is about: "the reorg". */
  topic?: string;
  /** Written as the event itself ("Onsite interview at Northwind", "1:1 with Priya"): something to get ready for. */
  event?: boolean;
  /** What "make X concrete" asks X to become: "concrete". */
  quality?: string;
  /** The role of a promotion: "Staff Engineer". */
  role?: string;
  /** 0 Monday … 6 Sunday when the goal names a weekday ("by Wednesday"). */
  weekday?: number;
}

const CONVERSATION = /\b(?:conversation|1:1|one-on-one|1-on-1|chat|meeting|call|catch-?up|sync|talk)s?\b/i;
const TALK_NOUN =
  /^(?:(?:a|an|one|two|three|the|my)\s+)?(?:(?:honest|difficult|hard|quick|short|proper|real)\s+)?(?:conversation|1:1|one-on-one|1-on-1|chat|meeting|call|catch-?up|sync)s?\b/i;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY =
  /\s*\b(?:(?:by|on|before|until|till|due|for)\s+)?(?:this\s+|next\s+)?(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\b(?:\s+(?:morning|afternoon|evening))?/i;
/** Where an object stops and the rest of the clause starts. */
const PREPOSITION = /\s+(?:to|for|with|by|before|at|on|in|from|about|so|because|until|ahead of|after|during|without|regarding|into|as)\s+/i;
/** An event to get ready for, written as a noun: "Onsite interview at Northwind", "Quarterly review with Priya". */
const EVENT =
  /^(?:(?:the|my|a|an|our)\s+)?(?:[\w-]+\s+){0,3}?(?:interview(?:\s+loop)?|exam|review|presentation|talk|demo|pitch|offsite|conference|keynote|workshop|assessment|panel|board meeting|all-hands|kick-?off|retro(?:spective)?)\b/i;
/** Settling into a job: "my first ninety days", "the new role", "onboarding". */
const NEW_JOB =
  /\b(?:first\s+(?:30|60|90|100|thirty|sixty|ninety|hundred)\s+days|first\s+(?:week|month)s?\s+(?:in|at|as)\b|new\s+(?:job|role|position)|onboarding\b(?!\s+flow))/i;
/** Verbs that, said of a new job, mean looking for one ("land a new job"), not settling into it. */
const SEARCHING = new Set(['get', 'find', 'land', 'secure', 'look for', 'apply for', 'apply to']);
/** "make my updates concrete": what the object is to become. */
const QUALITY =
  /\s+(concrete|clear|visible|consistent|specific|actionable|measurable|public|official|reliable|stable|readable|useful|sustainable|clearer|better|shorter|simpler|faster|smaller|stronger|easier|tighter|leaner|cleaner|sharper|quicker|cheaper|safer|calmer|lighter)$/i;
/** Sentence-case words that start a noun goal and read lowercase inside a sentence ("Onsite interview" → "the onsite interview"). */
const COMMON_LEADS = new Set(
  'onsite on-site final first second third quarterly annual yearly mid-year midyear monthly weekly performance technical system design phone panel team board promotion difficult hard product sales client customer investor leadership coding behavioural behavioral hiring exit career salary budget planning strategy kickoff kick-off project site search mock practice'.split(
    ' ',
  ),
);
const LEAD =
  /^(?:(?:this|next) week,?\s*|(?:my|our|the)\s+(?:main\s+|top\s+|big\s+|one\s+)?(?:goal|focus|priority|aim|plan)\s*(?:this week\s*)?(?:is|will be|:)\s*(?:to\s+)?|(?:main\s+)?(?:goal|focus|priority|aim|plus|also|and|then|finally|first|second|third)\s*[:,–-]?\s+|(?:i|we)\s+(?:really\s+|also\s+|still\s+|finally\s+)?(?:want|need|have|hope|plan|would like|'d like|’d like|must|should|will|am going|are going|intend|aim)\s+(?:to\s+)?|(?:i'll|i’ll|we'll|let's|let’s|please|try to|make sure (?:to|i)|remember to|i'd like to|i’d like to|to)\s+)+/i;

/** The words of a clause, without the ways of saying "I want to" and the closing punctuation. */
function clean(text: string): string {
  return collapse(text)
    .replace(/^[-*•]\s+/, '')
    .replace(LEAD, '')
    .replace(
      /\s*\b(?:this week|by the end of the week|by end of week|by eow|asap|if possible|please|one by one|face to face|in person|individually)\b/gi,
      '',
    )
    .replace(/[\s.!;:,]+$/, '')
    .trim();
}

/** The base verb of a gerund the tables know: "launching" → "launch", "running" → "run", "writing" → "write". */
function fromGerund(word: string): string | undefined {
  if (!/ing$/i.test(word) || word.length < 5) return undefined;
  const stem = word.slice(0, -3).toLowerCase();
  for (const candidate of [stem, `${stem}e`, stem.slice(0, -1)]) if (KNOWN[candidate]) return candidate;
  return undefined;
}

function splitObject(rest: string): { object: string; tail: string } {
  const m = PREPOSITION.exec(rest);
  if (!m) return { object: rest, tail: '' };
  return { object: rest.slice(0, m.index), tail: rest.slice(m.index).trim() };
}

/** A name or "my manager" after "manager", "with", "to": the person a goal involves. */
export function personIn(text: string): string | undefined {
  const named = /\b(?:manager|boss|lead|mentor|skip-level|director|sponsor)\s*(?:,|:|is|\()?\s*([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b/.exec(
    text,
  );
  if (named) return named[1];
  return /\b((?:my|our)\s+(?:new\s+)?(?:manager|boss|team lead|tech lead|lead|mentor|skip-level|director|team|sponsor|peers?|reports?))\b/i.exec(
    text,
  )?.[1];
}

const UNTIL_NEXT = String.raw`(?=\s+(?:about|on|regarding|re|for|by|before|to|at|in|this|next|so|because|and)\b|$)`;
const WHO = new RegExp(String.raw`\b(?:with|to|from)\s+(.+?)` + UNTIL_NEXT, 'i');
const TOPIC = /\b(?:about|regarding|re|on)\s+(.+?)(?=\s+(?:with|to|by|before|so|because)\b|$)/i;

function whoAndTopic(text: string): { who?: string; topic?: string } {
  const who = WHO.exec(text)?.[1];
  const topic = TOPIC.exec(text)?.[1];
  return { ...opt('who', who && who.split(' ').length <= 4 ? who : undefined), ...opt('topic', topic ? short(topic) : undefined) };
}

/** The verb a clause starts with, in the tables' form, and where the rest of the clause starts. */
function verbOf(clause: string): { verb: string; rest: string } | undefined {
  const lower = clause.toLowerCase();
  const first = lower.split(' ')[0]!;
  const base = fromGerund(first);
  const normalised = base ? `${base}${lower.slice(first.length)}` : lower;
  const verb = VERBS_BY_LENGTH.find((v) => normalised === v || normalised.startsWith(`${v} `));
  if (!verb) return undefined;
  // A gerund is longer than its base: the rest starts that much later in the clause as written.
  const offset = base ? verb.length + first.length - base.length : verb.length;
  return { verb, rest: clause.slice(offset).trim() };
}

const NOT_A_TOPIC =
  /^(?:i|i'm|i’m|it|it's|it’s|we|this|that|there|he|she|they|you|nothing|everything|something|what|how|why|when|where|who|which|no|not|yes|thanks|thank)\b|\b(?:is|are|was|were|am|be|been|has|have|had|will|would|can|could|should|did|does|do)\b/i;

/** Verbs that, said of a promotion, mean getting one: "get promoted", "go for the promotion", "make the case for promotion". */
const PROMOTION_VERBS = new Set([
  'get',
  'go',
  'earn',
  'win',
  'secure',
  'land',
  'achieve',
  'reach',
  'become',
  'make',
  'apply for',
  'apply to',
  'push',
]);

/** Reads one clause ("Send the deck to Maria by Wednesday") as a goal. */
export function readGoal(text: string): Goal | undefined {
  let clause = clean(text);
  let weekday: number | undefined;
  const day = WEEKDAY.exec(clause);
  if (day) {
    weekday = WEEKDAYS.findIndex((w) => w.startsWith(day[1]!.toLowerCase().slice(0, 3)));
    clause = `${clause.slice(0, day.index)} ${clause.slice(day.index + day[0].length)}`
      .replace(/\s+/g, ' ')
      .replace(/[\s,]+$/, '')
      .trim();
  }
  if (!clause) return undefined;
  const found = verbOf(clause);
  const goal = (g: Omit<Goal, 'weekday'>): Goal => ({ ...g, ...(weekday !== undefined ? { weekday } : {}) });

  if (/\bpromot(?:ed|ion)\b/i.test(clause) && (!found || PROMOTION_VERBS.has(found.verb))) {
    const role = /\bpromot(?:ed|ion)\s+to\s+(.+?)(?:\s+(?:by|before|in|at|this|next)\b.*)?$/i.exec(clause)?.[1];
    return goal({
      kind: 'promotion',
      verb: found?.verb ?? '',
      object: 'the promotion',
      tail: '',
      ...opt('role', role),
      ...opt('who', personIn(text)),
    });
  }
  if (
    NEW_JOB.test(clause) &&
    (!found || !['learn', 'talk', 'job'].includes(KNOWN[found.verb]!.kind)) &&
    !SEARCHING.has(found?.verb ?? '')
  ) {
    return goal({
      kind: 'newjob',
      verb: found?.verb ?? '',
      object: short(found ? found.rest : clause),
      tail: '',
      ...opt('who', personIn(text)),
    });
  }
  if (!found && !TALK_NOUN.test(clause) && EVENT.test(clause)) {
    const { object, tail } = splitObject(clause);
    return goal({ kind: 'prepare', verb: 'prepare for', object: nounPhrase(object), tail: keepTail(tail), event: true });
  }
  if (!found) {
    if (TALK_NOUN.test(clause))
      return goal({ kind: 'talk', verb: 'have', object: conversation(clause), tail: '', event: true, ...whoAndTopic(clause) });
    // Context rather than a goal ("It is a busy week", "I was out on Monday"): no step to take from it.
    if (clause.split(' ').length > 6 || NOT_A_TOPIC.test(clause)) return undefined;
    return goal({ kind: 'topic', verb: '', object: nounPhrase(short(clause)), tail: '' });
  }

  const { verb, rest } = found;
  let kind = KNOWN[verb]!.kind;
  if (verb === 'give' && !/\b(?:talk|presentation|demo|pitch|keynote|update|speech|workshop)\b/i.test(rest)) kind = 'other';
  if (['get', 'find', 'land', 'secure'].includes(verb) && /\b(?:job|role|position|offer)\b/i.test(rest)) kind = 'job';
  if (['find', 'land', 'negotiate'].includes(verb) && !/\b(?:job|role|position|offer|raise|salary)\b/i.test(rest)) kind = 'other';
  if (verb === 'have' && !CONVERSATION.test(rest)) kind = 'other';

  if ((verb === 'get' && /^feedback\b/i.test(rest)) || verb === 'get feedback' || (verb === 'ask for' && /^feedback\b/i.test(rest))) {
    const { who, topic } = whoAndTopic(rest.replace(/^feedback\s*/i, ''));
    return goal({ kind: 'talk', verb: 'ask', object: who ?? '', tail: `for feedback${topic ? ` on ${topic}` : ''}`, ...opt('who', who) });
  }
  if (kind === 'talk') {
    if (['have', 'schedule', 'book', 'set up time'].includes(verb)) {
      return goal({ kind, verb: 'have', object: conversation(rest), tail: '', ...whoAndTopic(rest) });
    }
    if (verb === 'discuss') {
      const { object, tail } = splitObject(rest);
      return goal({ kind, verb, object: short(object), tail: '', ...opt('who', whoAndTopic(tail).who), topic: short(object) });
    }
    if (/^(?:to|with)\s+/i.test(rest) || ['talk', 'speak', 'catch up', 'follow up', 'sync', 'check in', 'reach out'].includes(verb)) {
      return goal({ kind, verb, object: '', tail: '', ...whoAndTopic(rest) });
    }
    // "ask my manager for feedback", "call Sam", "email Dana about the offsite"
    const { object, tail } = splitObject(rest);
    return goal({
      kind,
      verb,
      object: short(object),
      tail: keepTail(tail),
      ...opt('who', object ? short(object) : undefined),
      ...opt('topic', whoAndTopic(tail).topic),
    });
  }
  // "decide which team to join": the question is the object, whole.
  // A verb alone ("decide", "launch") names nothing to plan.
  if (!rest) return undefined;
  if (kind === 'decide') return goal({ kind, verb, object: short(rest), tail: '' });
  const { object, tail } = splitObject(rest);
  const quality = ['make', 'get', 'keep'].includes(verb) ? QUALITY.exec(object) : null;
  if (quality) {
    return goal({
      kind: 'make',
      verb: 'make',
      object: short(object.slice(0, quality.index)),
      tail: keepTail(tail),
      quality: quality[1]!.toLowerCase(),
    });
  }
  return goal({ kind, verb, object: short(object), tail: keepTail(tail) });
}

const opt = <K extends string>(key: K, value: string | undefined) => (value ? ({ [key]: value } as Record<K, string>) : {});

/** The conversation a goal names, as "the 1:1", "the conversation", "the catch-up". */
const conversation = (text: string) => `the ${(CONVERSATION.exec(text)?.[0] ?? 'conversation').toLowerCase().replace(/s$/, '')}`;

/** A noun goal inside a sentence: "Onsite interview" → "the onsite interview"; a name or "my …" stays as written. */
function nounPhrase(text: string): string {
  const [first, ...rest] = text.split(' ');
  if (!first || /^(?:the|a|an|my|our|his|her|their)$/i.test(first)) return text;
  if (!COMMON_LEADS.has(first.toLowerCase())) return text;
  return ['the', first.toLowerCase(), ...rest].join(' ');
}

/** An object long enough to name the thing, short enough not to copy the user's sentence back. */
const short = (s: string) => truncate(s.replace(/[\s,;:]+$/, ''), 60);
/** A tail is kept when it is a few words ("to Maria"), not a whole subordinate clause. */
const keepTail = (tail: string) =>
  tail.split(' ').length <= 4 && !/^(?:so|because|and|by|before|until|after|during)\b/i.test(tail) ? tail : '';

/** The goals a piece of free text names: its sentences, and clauses joined by "and", ";" or commas that start with a verb. */
export function readGoals(text: string): Goal[] {
  const joined = text
    .split(/(?<=[.!?])\s+|\n+|;\s*/)
    .filter((s) => s.trim())
    .flatMap((sentence) => {
      const clauses = sentence
        .split(/,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+/i)
        .map((s) => s.trim())
        .filter(Boolean);
      // A clause that starts no goal of its own goes back with the one before ("the deck and the notes").
      const kept: string[] = [];
      for (const clause of clauses) {
        if (kept.length && !startsGoal(clean(clause))) kept[kept.length - 1] += ` and ${clause}`;
        else kept.push(clause);
      }
      return kept;
    });
  return joined
    .filter((s) => !s.trim().endsWith('?'))
    .map(readGoal)
    .filter((g): g is Goal => Boolean(g));
}

function startsGoal(clause: string): boolean {
  return TALK_NOUN.test(clause) || EVENT.test(clause) || /\bpromot(?:ed|ion)\b/i.test(clause) || Boolean(verbOf(clause));
}

/** The thing itself as a result's subject, without article or "my", capitalised: "the Q3 deck" → "Q3 deck". */
export const subject = (object: string) => capitalize(object.replace(/^(?:the|a|an|my|our)\s+/i, ''));
