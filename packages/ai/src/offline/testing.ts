/**
 * What the offline coach's tests share: playing a conversation through it, the check for the
 * patterns that broke its grammar before, and the story guide's questions.
 */
import { expect } from '@jest/globals';
import { folderGuide } from '../career-folders';
import { sentences } from '../text';
import { REFLECTION_OPENER } from './facts';
import type { ChatMessage, ChatReplyInput } from '../types';
import { createOfflineCoach } from './offline-provider';

const ai = createOfflineCoach();

/** A chat's setting: everything of a reply's input but the history and the message. */
export type ConversationBase = Omit<ChatReplyInput, 'history' | 'message'>;

/** Plays a conversation through the coach, returning the history with its replies. */
export async function converse(base: ConversationBase, messages: string[]): Promise<ChatMessage[]> {
  const history: ChatMessage[] = [];
  for (const message of messages) {
    const reply = await ai.chatReply({ ...base, history: [...history], message });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
  }
  return history;
}

/** The coach's replies in a played conversation. */
export const replies = (history: ChatMessage[]) => history.filter((m) => m.role === 'assistant').map((m) => m.content);

/** The question the interview-stories guide asks to fill `heading`. */
export const storyQuestion = (heading: string) => folderGuide('interview-stories')!.sections.find((s) => s.heading === heading)!.question;

/** Is `index` inside a double-quoted stretch of `text`? */
const insideQuotes = (text: string, index: number) => (text.slice(0, index).match(/"/g) ?? []).length % 2 === 1;

/** What made the coach's replies read as broken English, and the echo frames that caused it. */
export function grammarProblems(reply: string, userMessages: string[]): string[] {
  const problems: string[] = [];
  const check = (bad: boolean, what: string) => bad && problems.push(what);
  check(/It sounds like [A-Z]/.test(reply), 'a capitalised sentence spliced after "It sounds like"');
  check(/\b(It sounds like|You said you|So you|I'm hearing that)\b/.test(reply), 'an echo frame');
  check(/[[\]]/.test(reply), 'a bracketed placeholder');
  check(/\.\.|\. \./.test(reply), 'doubled punctuation');
  check(/[.!?]"?\s+[a-z]/.test(reply), 'a lowercase sentence start');
  check((reply.match(/"/g) ?? []).length % 2 === 1, 'unbalanced quotes');
  check(/\bHappy to, once\b/.test(reply), 'the "nothing to add" line');
  // The user's words appear only as a quote, never spliced into a sentence of the coach's.
  for (const message of userMessages) {
    for (const sentence of sentences(message)) {
      const opening = sentence.split(/\s+/).slice(0, 4).join(' ');
      if (opening.split(' ').length < 4) continue;
      for (let at = reply.indexOf(opening); at >= 0; at = reply.indexOf(opening, at + 1)) {
        check(!insideQuotes(reply, at), `the user's words outside quotes: "${opening}"`);
      }
    }
  }
  return problems;
}

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/["“”'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The sentences of `message` a reply hands back (quoted or not): the opening of any sentence of
 * four words or more. A coach takes up what was said in its own words; a reflection's opener
 * (the page's own question, sent by the page) is no message of the user's.
 */
export function echoesIn(reply: string, message: string): string[] {
  if (REFLECTION_OPENER.test(message)) return [];
  const said = comparable(reply);
  return sentences(message)
    .map((s) => comparable(s).split(' ').slice(0, 6).join(' '))
    .filter((opening) => opening.split(' ').length >= 4 && said.includes(opening));
}

/** Every reply of a played conversation reads cleanly and hands nothing of the message it answers back. */
export function expectCleanReplies(history: ChatMessage[]): void {
  const users = history.filter((m) => m.role === 'user').map((m) => m.content);
  for (const reply of replies(history)) expect({ reply, problems: grammarProblems(reply, users) }).toEqual({ reply, problems: [] });
  history.forEach((m, i) => {
    const next = history[i + 1];
    if (m.role !== 'user' || next?.role !== 'assistant') return;
    expect({ reply: next.content, echoes: echoesIn(next.content, m.content) }).toEqual({ reply: next.content, echoes: [] });
  });
}
