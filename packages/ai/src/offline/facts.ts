/**
 * What the user actually told the coach: their sentences, minus questions, small talk and
 * instructions, each placed under the heading it belongs to.
 */
import { isGenericGuide, type GuideSection } from '../career-folders';
import { capitalize, collapse, endSentence, sentences, words } from '../text';
import type { ChatMessage } from '../types';
import { isSmallTalk } from './reflect';

export interface Fact {
  text: string;
  section: GuideSection | undefined;
}

/** The coaching chat's automatic opener (docs/coaching.md#question-chat): a prompt, not a fact. */
export const REFLECTION_OPENER = /^I'm ready to start reflecting on:/i;

/** "update the file", "can you add this", "please rewrite it"... */
export const UPDATE_REQUEST =
  /\b(update|edit|add|save|put|write|rewrite|improve|incorporate|include|merge|capture)\b[^.?!]*\b(file|doc|document|entry|notes?|this|that|it|them)\b/i;

const INSTRUCTION_START = /^(please|can you|could you|would you|let's|lets|help me|i want you to|go ahead)\b/i;

/** "I want to prepare a story about..." says what the chat is for, not a fact for the file. */
const INTENT =
  /^(I|we)\s+(want|'d like|would like|need|am going|'m going|am trying|'m trying)\s+to\s+(prepare|write|work on|talk about|tell|create|draft|build|put together|capture|record|think about|reflect on|document)\b/i;

/** The user's words turned to the coach's: "my promotion" → "your promotion". */
const TO_YOU: [RegExp, string][] = [
  [/\bI'm\b/g, "you're"],
  [/\bI am\b/g, 'you are'],
  [/\bI've\b/g, "you've"],
  [/\bI'll\b/g, "you'll"],
  [/\bmyself\b/gi, 'yourself'],
  [/\bmine\b/gi, 'yours'],
  [/\bmy\b/gi, 'your'],
  [/\bme\b/gi, 'you'],
  [/\bI\b/g, 'you'],
  [/\bour\b/gi, 'your'],
  [/\bus\b/gi, 'you'],
  [/\bwe\b/gi, 'you'],
];
/** Longer than this, what the chat is for is no longer one clause to say back. */
const INTENT_WORDS = 12;

/**
 * "I want to prepare for my promotion conversation next week." → "Let's prepare for your
 * promotion conversation next week.": what the chat is for, taken up in the coach's words.
 * Undefined when the message opens with no intent, or one too long to say back.
 */
export function takeUpIntent(message: string): string | undefined {
  const first = sentences(collapse(message))[0]?.trim() ?? '';
  const m = INTENT.exec(first);
  if (!m) return undefined;
  const rest = first.slice(m[0].length - m[3]!.length).replace(/[.!?,;:]+$/, '');
  if (words(rest).length > INTENT_WORDS || /["“”]/.test(rest)) return undefined;
  return `Let's ${toYou(rest)}.`;
}

/** The user's words turned to them: "my 1:1" → "your 1:1", "I'm" → "you're". */
export const toYou = (text: string): string => TO_YOU.reduce((t, [from, to]) => t.replace(from, to), text);

/** A request to the coach ("update the file", "can you look at it"): it answers no question. */
export const isInstruction = (text: string): boolean =>
  INSTRUCTION_START.test(text.trim()) || (UPDATE_REQUEST.test(text) && words(text).length < 16);

/** "I want to prepare a story about…": what the chat is for, said before any fact. */
export const isIntent = (text: string): boolean => INTENT.test(text.trim());

export function isFactSentence(sentence: string): boolean {
  const s = sentence.trim();
  if (!s || s.endsWith('?') || isSmallTalk(s) || words(s).length < 4) return false;
  if (REFLECTION_OPENER.test(s)) return false;
  if (INSTRUCTION_START.test(s) || INTENT.test(s) || (UPDATE_REQUEST.test(s) && words(s).length < 12)) return false;
  return true;
}

/**
 * The guide section a coach message asked about: one of the guide's questions, or one much like
 * it. With `byTopic` (a check-in, whose prompt asks its own questions), a question the guide does
 * not have is first placed by what it asks about (`questionTopic`).
 */
export function askedSection(
  assistantText: string | undefined,
  sections: GuideSection[],
  { byTopic = false }: { byTopic?: boolean } = {},
): GuideSection | undefined {
  if (!assistantText) return undefined;
  return (
    sections.find((s) => assistantText.includes(s.question) || questionPattern(s.question).test(assistantText)) ??
    (byTopic ? questionTopic(lastQuestion(assistantText) ?? '', sections) : undefined) ??
    likeQuestion(assistantText, sections)
  );
}

/** What a check-in prompt's question asks about, as the coaching guide's heading it fills. */
const QUESTION_TOPICS: [RegExp, string][] = [
  [/\bwhat happened\b/i, 'What happened'],
  [/\b(missed|slipped|hard|difficult|wrong|blocked|blockers?|stuck|struggled?|failed|didn't work)\b/i, 'What was hard'],
  [/\b(next|tomorrow|differently|from now on|going forward|plan|will you)\b/i, 'What I will do next'],
  [/\b(went well|wins?|proud|worked|successes)\b/i, 'What went well'],
];

/**
 * The heading a question is about ("For any missed one, what happened?" is what was hard), when
 * it says: a prompt's question fills that heading, not the one it is asked in place of.
 */
export function questionTopic(question: string, sections: GuideSection[]): GuideSection | undefined {
  // A prompt's list ("what happened, how they contributed, and one step next month") is about its first item.
  const at = (pattern: RegExp) => pattern.exec(question)?.index ?? Infinity;
  const heading = QUESTION_TOPICS.filter(([pattern]) => pattern.test(question)).sort(([a], [b]) => at(a) - at(b))[0]?.[1];
  return heading ? sections.find((s) => s.heading === heading) : undefined;
}

const lastQuestion = (text: string): string | undefined =>
  sentences(text)
    .filter((s) => s.trim().endsWith('?'))
    .at(-1);

/** Words every question has: they tell no heading from another. */
const QUESTION_WORDS = new Set(
  (
    'a an and are as at be by can could did do does for from had has have how i if in is it its me my of on or so that the their them ' +
    'they this to was we were what when where which who why will with would you your about more tell'
  ).split(' '),
);
const keyWords = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !QUESTION_WORDS.has(w)).map((w) => w.replace(/(?:ing|ed|s)$/, '')));

/**
 * A question the guide does not have word for word (a model's "What did you do, step by step?"
 * before the offline coach took over): the one heading whose question shares the most of its
 * words, when one does.
 */
function likeQuestion(assistantText: string, sections: GuideSection[]): GuideSection | undefined {
  const asked = lastQuestion(assistantText);
  if (!asked) return undefined;
  const words = keyWords(asked);
  const scored = sections.map((s) => ({ s, n: [...keyWords(s.question)].filter((w) => words.has(w)).length }));
  const best = Math.max(0, ...scored.map((x) => x.n));
  const top = scored.filter((x) => x.n === best);
  return best > 0 && top.length === 1 ? top[0]!.s : undefined;
}

/** People chats put the person's name where a question says "them". */
const questionPattern = (question: string) =>
  new RegExp(question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\bthem\b/, "[\\p{L}'’-]+"), 'u');

/** The section whose keywords a sentence matches most often; ties go to the earlier section, as a story is told in order. */
export function keywordHits(sentence: string, section: GuideSection): number {
  const flags = section.keywords.flags.includes('g') ? section.keywords.flags : `${section.keywords.flags}g`;
  return (sentence.match(new RegExp(section.keywords.source, flags)) ?? []).length;
}

export function sectionByKeywords(sentence: string, sections: GuideSection[]): GuideSection | undefined {
  let best: GuideSection | undefined;
  let bestHits = 0;
  for (const section of sections) {
    const hits = keywordHits(sentence, section);
    if (hits > bestHits) {
      best = section;
      bestHits = hits;
    }
  }
  return best;
}

/**
 * The other heading an answer is plainly about, if any: always trusted in a story (STAR keywords
 * are precise), elsewhere only on strong evidence, as those keywords are broader.
 */
export function answersElsewhere(
  text: string,
  asked: GuideSection,
  sections: GuideSection[],
  keywordsFirst: boolean,
): GuideSection | undefined {
  const other = sectionByKeywords(text, sections);
  if (!other || other === asked) return undefined;
  // "My 1:1 went badly … I got defensive" answers "what happened?" and is plainly what was hard.
  if (asked.keywords.test(text) && keywordHits(text, other) <= keywordHits(text, asked)) return undefined;
  return keywordsFirst || keywordHits(text, other) >= 2 ? other : undefined;
}

export const cleanFact = (sentence: string): string => endSentence(capitalize(collapse(sentence)));

/**
 * Facts from the user's messages. The sentence that answers the coach's question goes under that
 * question's heading unless it is plainly about another; the others follow their keywords; a fact
 * with neither has no section (notes), except in a generic file, where it is a key point.
 */
export function factsFrom(
  messages: ChatMessage[],
  sections: GuideSection[],
  { keywordsFirst = false, answersAnyQuestion = false }: { keywordsFirst?: boolean; answersAnyQuestion?: boolean } = {},
): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role !== 'user') return;
    const previous = messages[i - 1];
    const before = previous?.role === 'assistant' ? previous.content : undefined;
    // A check-in's chat is one answer, question after question: an answer to a question the guide
    // does not have (its prompt's "What has changed since then?") fills the first heading still
    // empty, as the chat said it would.
    const asked =
      askedSection(before, sections, { byTopic: answersAnyQuestion }) ??
      (answersAnyQuestion && before?.trim().endsWith('?') ? sections.find((s) => !facts.some((f) => f.section === s)) : undefined);
    let first = true;
    for (const sentence of sentences(m.content)) {
      if (!isFactSentence(sentence)) continue;
      const text = cleanFact(sentence);
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      // The first sentence answers the question; later ones may move on to another heading.
      const byKeywords = sectionByKeywords(sentence, sections);
      const elsewhere = asked && answersElsewhere(sentence, asked, sections, keywordsFirst);
      const section = elsewhere || (first ? (asked ?? byKeywords) : (byKeywords ?? asked));
      facts.push({ text, section: section ?? (isGenericGuide(sections) ? sections[1] : undefined) });
      first = false;
    }
  });
  return facts;
}
