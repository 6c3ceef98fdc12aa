/** What the offline coach's tests share: playing a conversation through it, and the story guide's questions. */
import { folderGuide } from '../career-folders';
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
