/**
 * What a page gives the offline coach's one way of replying (coach-chat.ts): the headings its
 * conversation fills, with the page's own questions; what the page already holds; the line that
 * reads it out; and what the page can do with the conversation (a button, actions, or nothing),
 * said in the page's words (docs/ai.md#chat-pages).
 */
import { localIsoDate } from '@cc/contracts/periods';
import type { GuideSection } from '../../career-folders';
import type { PageWords } from '../../chat-pages';
import { pageWordsFor } from '../../chat-pages';
import { capitalize, collapse } from '../../text';
import type { ChatMessage, ChatPage, ChatReplyInput } from '../../types';
import type { Fact } from '../facts';
import { listOf } from '../reflect';

/** One reply's setting: the input, its page and words, and the conversation with the new message. */
export interface Chat {
  input: ChatReplyInput;
  page: ChatPage;
  words: PageWords;
  /** How replies name what the chat is about ("your notes on this question"). */
  subject: string;
  message: string;
  /** Earlier user and assistant turns. */
  history: ChatMessage[];
  /** The history with the new message. */
  conversation: ChatMessage[];
  /** How many user messages came before this one. */
  turn: number;
  /** YYYY-MM-DD */
  today: string;
  /** An earlier reply of the coach said this. */
  said(text: string): boolean;
}

export function chatOf(input: ChatReplyInput): Chat {
  const message = collapse(input.message);
  const history = input.history.filter((m) => m.role === 'user' || m.role === 'assistant');
  const { page, words, subject } = pageWordsFor(input);
  return {
    input,
    page,
    words,
    subject,
    message,
    history,
    conversation: [...history, { role: 'user', content: message }],
    turn: history.filter((m) => m.role === 'user').length,
    today: input.today ?? localIsoDate(),
    said: (text) => history.some((m) => m.role === 'assistant' && m.content.includes(text)),
  };
}

/** What the page holds, as the coach reads it out, and the question for its first gap. */
export interface Reading {
  line?: string;
  /** A stable part of `line`, to tell whether it was read out before. */
  key?: string;
  /** Asked before the guide's next question: the page's own first gap. */
  question?: string;
}

export interface PageCoach {
  /** The headings the conversation fills, each with the question this page asks for it. */
  sections: GuideSection[];
  /** Facts follow keywords before the question they answer (interview stories). */
  keywordsFirst?: boolean;
  /** Headings the page already answers: a file's written headings, a profile's role, a meeting's goals. */
  filled: GuideSection[];
  read(covered: Set<GuideSection>): Reading;
  /** A message asking about the page itself, answered by reading it out again. */
  aboutThePage: RegExp;
  /** Asked once every heading is covered. */
  closing: string;
  /** "Noted under Timeline." only where the page's button writes the chat under those headings. */
  namesHeadings: boolean;
  /** What the page can do with the conversation so far, when worth saying now. */
  offer(facts: Fact[], covered: Set<GuideSection>): string | undefined;
  /** The answer to "update it", "save this" (before the question). */
  updateReply(facts: Fact[], reading: string | undefined): string;
  /** The topic of a reflection opener without one ("I'm ready to start reflecting on:"). */
  topic?: string;
  /** What the topic is called, for an opener whose question is too long to quote back ("Results"). */
  title?: string;
  /** Asked after an answer that says nothing yet ("It was fine."). */
  concrete?: string;
  /**
   * An answer to a question this coach did not ask (a model's, before it took over) fills the
   * first open heading: a check-in's chat is one answer, question after question.
   */
  answersAnyQuestion?: boolean;
}

/** The sections with the questions this page asks instead of the guide's. */
export const asking = (sections: GuideSection[], question: (s: GuideSection) => string | undefined): GuideSection[] =>
  sections.map((s) => {
    const q = question(s);
    return q && q !== s.question ? { ...s, question: q } : s;
  });

export const sentenceCase = capitalize;

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "one", "two" … "ten", then digits: counts read as words in a sentence. */
export const countWord = (n: number): string => NUMBER_WORDS[n] ?? String(n);

/** "one todo", "three todos" */
export const counted = (n: number, noun: string, plural = `${noun}s`): string => `${countWord(n)} ${n === 1 ? noun : plural}`;

/** The user's own words as a quote: double quotes (theirs become single), no line breaks, bounded. */
export function quoted(text: string, max = 80): string {
  const clean = collapse(text)
    .replace(/["“”]/g, "'")
    .replace(/[.;:,]+$/, '');
  const cut = clean.length > max ? `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : clean;
  return `"${cut}"`;
}

/** `"a"`, `"a" and "b"`, `"a", "b" and 3 more` */
export function quotedList(items: string[], shown = 2): string {
  const quotes = items.slice(0, shown).map((i) => quoted(i));
  const rest = items.length - quotes.length;
  return rest > 0 ? `${quotes.join(', ')} and ${countWord(rest)} more` : listOf(quotes);
}

/** The lines of a markdown list or paragraph, without bullets, task boxes or headings. */
export const linesOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split('\n')
    .map((l) =>
      l
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/^\[[ xX]\]\s*/, '')
        .trim(),
    )
    .filter((l) => l && !l.startsWith('#'));
