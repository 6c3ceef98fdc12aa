/**
 * A direct question to the offline coach ("What should I prepare for my 1:1 with Ada?", "How do I
 * phrase this goal?") is answered before the page asks anything of its own: what kind of
 * question it is decides the advice, its topic is said back in the coach's words ("your 1:1
 * with Ada"), and what only a model or the user could know is said plainly. The page's facts
 * that follow the answer are its evidence; one follow-up question may close the reply.
 */
import { collapse, sentences, words } from '../text';
import { toYou } from './facts';

/** Where a question starts inside a sentence: "The migration slipped again, how do I tell Ada?" → "how do I tell Ada?". */
const QUESTION_START =
  /(?:^|[,;:–—-]\s*|\b(?:so|and|but)\s+)((?:how|what|which|where|when|who|why|should|shall|can|could|would|do|does|is|are)\b[^,;:–—]*\?)$/i;

/** The last sentence of the message, when it is a question to the coach: from its question word when a statement leads it. */
export function directQuestion(message: string): string | undefined {
  const last = sentences(collapse(message)).at(-1)?.trim();
  if (!last?.endsWith('?') || words(last).length < 2) return undefined;
  const clause = QUESTION_START.exec(last)?.[1];
  return clause && words(clause).length >= 2 ? clause.charAt(0).toUpperCase() + clause.slice(1) : last;
}

/** "for my 1:1 with Ada" → "your 1:1 with Ada": the question's object, turned to the user. */
function topicOf(question: string, after: RegExp): string | undefined {
  const m = after.exec(question);
  const rest = m?.[1]?.replace(/[?.!\s]+$/, '').trim();
  if (!rest || words(rest).length > 10) return undefined;
  return toYou(rest);
}

const PREPARE = /^(?:what|which)\b.*\b(?:prepare|bring|focus on|cover|raise|take|say|ask|mention)\b/i;
const PHRASE = /^how\b.*\b(?:phrase|word|write|formulate|frame|put)\b/i;
const APPROACH = /^how\b.*\b(?:approach|reply|respond|answer|ask|raise|tell|start|handle|deal with|talk to|bring up|open)\b/i;
/** Bad news to give: "how do I tell Ada?", "how should I break it to my manager?". */
const TELL = /^how\b.*\b(?:tell|break (?:it|the news) to|let\s+\S+\s+know|inform)\b/i;
const DECIDE = /^(?:should|shall|do you think|is it (?:a good idea|wise|too early|too late)|would it)\b/i;
const FIRST = /^(?:what|where)\b.*\b(?:first|start|begin)\b|\bwhat (?:should|do|can) I do\b/i;
const LEARN = /^what\b.*\b(?:learn|know|understand|find out)\b/i;
const ANTICIPATE = /\b(?:anticipate|expect|be ready for)\b/i;
const OPEN = /\b(?:owe|promised|still open|missing|left to do|follow-?ups?)\b/i;

/** The advice for a goal, a story, a message or anything else to be phrased. */
function phrasing(topic: string | undefined): string {
  const what = topic ?? 'it';
  if (/\bgoal|objective|target\b/i.test(what))
    return `Phrase ${what} as one sentence that starts with a verb, names a result someone else could check, and ends with a date.`;
  if (/\bstory|example|answer\b/i.test(what))
    return `Phrase ${what} in four steps: the situation in one sentence, your task, what you did yourself, and the result in numbers if you can.`;
  if (/\b(?:message|email|reply|update|note)\b/i.test(what))
    return `Keep ${what} short: one line of context, the point or the ask, and what you need by when.`;
  return `Say ${what} in plain words: what it is, why it matters, and what happens next, one sentence each.`;
}

/**
 * The answer's first line: the question taken up and answered as far as the page and general
 * coaching can; undefined when reading the page out is the answer ("What is missing?"), which
 * `readingAnswers` says the reply does.
 */
export function answerQuestion(
  question: string,
  { subject, page, readingAnswers = false }: { subject?: string; page?: string; readingAnswers?: boolean } = {},
): string | undefined {
  const them = subject ?? 'the people involved';
  // The planning page's answer to "what should I focus on?" is its list: what is overdue, then what is due.
  if (page === 'planning' && PREPARE.test(question)) return 'Focus first on what is overdue, then on what is due next.';
  if (PHRASE.test(question)) return phrasing(topicOf(question, /\b(?:phrase|word|write|formulate|frame|put)\s+(.+)$/i));
  if (ANTICIPATE.test(question))
    return 'Anticipate the two or three questions most likely to come up and the objection you would least like to hear, and write your answer to each in one sentence.';
  if (LEARN.test(question))
    return `Learn three things about ${subject ?? 'them'} first: what they are measured on, how they make decisions, and how they like to be kept informed.`;
  if (PREPARE.test(question)) {
    const verb = /\bfocus on\b/i.test(question) ? 'focus on' : /\bbring\b/i.test(question) ? 'bring' : 'prepare';
    const topic = topicOf(question, /\b(?:for|to|before|in|into)\s+((?:my|the|this|our|a|an|your|next)\b.+)$/i);
    const lead = topic ? `For ${topic}, ${verb}` : sentenceStart(verb);
    return `${lead} three things: the one outcome you want to leave with, the point that matters most to ${them}, and anything you still owe from last time.`;
  }
  if (TELL.test(question)) {
    const who = /\b(?:tell|break (?:it|the news) to|let|inform)\s+([A-Z][\p{L}'-]+|(?:my|the|our)\s+[\p{L}-]+)/u.exec(question)?.[1];
    const named = who ? toYou(who) : subject;
    return `Tell ${named ?? 'them'} early and plainly: what changed, why, the new date, and what you are doing about it. I can't know from here how ${named ?? 'they'} will take it, so plan your first sentence and your answer to the question most likely to come.`;
  }
  if (APPROACH.test(question)) {
    if (/\b(?:reply|respond|answer)\b/i.test(question))
      return 'Keep the reply short: thank them, say what interests you and what you would want to know, and suggest one next step, such as a short call.';
    const m = /\b(approach|ask|raise|tell|talk to|bring up|handle|deal with|open)\s+(.+)$/i.exec(question);
    const topic = m ? topicOf(m[0], /^\S+(?:\s+(?:to|up|with))?\s+(.+)$/i) : undefined;
    const lead = m && topic ? `To ${m[1]!.toLowerCase()} ${topic}, start` : 'Start';
    const who = subject ?? 'them';
    return `${lead} with what it gives ${who}, then make one clear ask: what you need, and by when. I can't know from here how ${subject ?? 'they'} will take it, so plan your first sentence and one answer to a likely objection.`;
  }
  if (DECIDE.test(question))
    return `That is your decision, and I can't know from here how it will land; what helps is to weigh what you gain against what it costs you, with what this page holds.`;
  if (FIRST.test(question)) {
    const topic = topicOf(question, /\b(?:after|with|for|about)\s+((?:my|the|this|our|a|an|your|next)\b.+)$/i);
    return `${topic ? `After ${topic}, start` : 'Start'} with what you can control: write down the one thing you know, the one thing you need to find out, and who can tell you.`;
  }
  if (/\b(?:owe|promised)\b/i.test(question)) {
    const what = /\bpromised\b/i.test(question) ? 'promised' : 'still owe';
    return `Here is what this page holds on what you ${what}${subject ? ` ${subject}` : ''}.`;
  }
  // Read out, the page answers "what is missing?" itself; only a question it cannot answer is told so.
  if (OPEN.test(question) || readingAnswers) return undefined;
  return "I can't answer that from this page alone, so let's start from what it holds.";
}

const sentenceStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
