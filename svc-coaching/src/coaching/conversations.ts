import type { CoachingChatMessage } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { iso } from '../http';
import { T } from './tables';

export interface Conversation {
  messages: CoachingChatMessage[];
  score: number | null;
  score_feedback: string;
  content: string;
  content_summary: string;
  updated_at: string | null;
}

interface ConversationRow {
  messages: CoachingChatMessage[];
  score: number | null;
  score_feedback: string;
  content: string;
  content_summary: string;
  updated_at: Date;
}

const EMPTY: Conversation = { messages: [], score: null, score_feedback: '', content: '', content_summary: '', updated_at: null };

const publicConversation = (r: ConversationRow): Conversation => ({
  messages: r.messages,
  score: r.score,
  score_feedback: r.score_feedback,
  content: r.content,
  content_summary: r.content_summary,
  updated_at: iso(r.updated_at),
});

/** The user's conversation of a question and period; an empty one until the first message or save. */
export async function readConversation(db: Db, userId: number, questionId: number, periodKey: string): Promise<Conversation> {
  const row = (await db(T.question_conversations).where({ user_id: userId, question_id: questionId, period_key: periodKey }).first()) as
    ConversationRow | undefined;
  return row ? publicConversation(row) : EMPTY;
}

/**
 * Inserts the conversation or changes it in one statement (two first messages at once make
 * one row). `messages` are appended to what is stored, so an exchange is never lost to another.
 */
async function upsert(
  db: Db,
  key: { userId: number; questionId: number; periodKey: string },
  change: {
    clear?: boolean;
    append?: CoachingChatMessage[];
    score?: number;
    score_feedback?: string;
    content?: string;
    content_summary?: string;
  },
): Promise<Conversation> {
  const sets = ['updated_at = now()'];
  if (change.clear) sets.push("messages = '[]'::jsonb", 'score = null', "score_feedback = ''");
  if (change.append) sets.push('messages = t.messages || excluded.messages');
  for (const column of ['score', 'score_feedback', 'content', 'content_summary'] as const) {
    if (change[column] !== undefined) sets.push(`${column} = excluded.${column}`);
  }
  const { rows } = await db.raw(
    `insert into ${T.question_conversations} as t (user_id, question_id, period_key, messages, score, score_feedback, content, content_summary)
     values (?, ?, ?, ?::jsonb, ?, ?, ?, ?)
     on conflict (user_id, question_id, period_key) do update set ${sets.join(', ')}
     returning messages, score, score_feedback, content, content_summary, updated_at`,
    [
      key.userId,
      key.questionId,
      key.periodKey,
      JSON.stringify(change.append ?? []),
      change.score ?? null,
      change.score_feedback ?? '',
      change.content ?? '',
      change.content_summary ?? '',
    ],
  );
  return publicConversation((rows as ConversationRow[])[0]!);
}

type Key = Parameters<typeof upsert>[1];

/** The user's message and the coach's reply, with the score they earned. */
export const recordExchange = (db: Db, key: Key, message: string, reply: string, score: number, feedback: string) =>
  upsert(db, key, {
    append: [
      { role: 'user', content: message },
      { role: 'assistant', content: reply },
    ],
    score,
    score_feedback: feedback,
  });

/** The manual entries, the AI summary, or both (what is not sent stays); `clear` empties the chat and its score. */
export const saveNotes = (db: Db, key: Key, notes: { content?: string; content_summary?: string; clear?: boolean }) =>
  upsert(db, key, notes);
