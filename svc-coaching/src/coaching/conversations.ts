import { iso } from '@cc/service-kit';
import type { Knex } from 'knex';
import type { ChatReference, CoachingChatMessage } from '@cc/contracts';
import type { Db } from '@cc/service-kit';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

export interface Conversation {
  messages: CoachingChatMessage[];
  score: number | null;
  score_feedback: string;
  content: string;
  content_summary: string;
  content_revision: number;
  summary_revision: number;
  updated_at: string | null;
}

interface ConversationRow extends Omit<Conversation, 'updated_at'> {
  updated_at: Date;
}

export interface ConversationKey {
  userId: number;
  questionId: number;
  periodKey: string;
}

const COLUMNS = 'messages, score, score_feedback, content, content_summary, content_revision, summary_revision, updated_at';

const EMPTY: Conversation = {
  messages: [],
  score: null,
  score_feedback: '',
  content: '',
  content_summary: '',
  content_revision: 0,
  summary_revision: 0,
  updated_at: null,
};

const publicConversation = (r: ConversationRow): Conversation => ({
  messages: r.messages,
  score: r.score,
  score_feedback: r.score_feedback,
  content: r.content,
  content_summary: r.content_summary,
  content_revision: r.content_revision,
  summary_revision: r.summary_revision,
  updated_at: iso(r.updated_at),
});

const where = (key: ConversationKey) => ({ user_id: key.userId, question_id: key.questionId, period_key: key.periodKey });

/** The user's conversation of a question and period; an empty one until the first message or save. */
export async function readConversation(db: Conn, key: ConversationKey): Promise<Conversation> {
  const row = (await db(T.question_conversations).where(where(key)).first(COLUMNS.split(', '))) as ConversationRow | undefined;
  return row ? publicConversation(row) : EMPTY;
}

/**
 * The user's message and the coach's reply, with the score they earned, in one statement (two
 * first messages at once make one row); the exchange is appended, so none is lost to another.
 * A null score (no answer in the conversation) leaves the stored one as it was. The reply keeps
 * the notes it cites (`references`, only when it cites any) in its own message, so a reload
 * shows them. Answers the conversation's score as stored.
 */
export async function recordExchange(
  db: Db,
  key: ConversationKey,
  message: string,
  reply: string,
  score: number | null,
  feedback: string,
  references: ChatReference[] = [],
): Promise<{ score: number | null; score_feedback: string }> {
  const exchange: CoachingChatMessage[] = [
    { role: 'user', content: message },
    { role: 'assistant', content: reply, ...(references.length ? { references } : {}) },
  ];
  const { rows } = await db.raw(
    `insert into ${T.question_conversations} as t (user_id, question_id, period_key, messages, score, score_feedback)
     values (?, ?, ?, ?::jsonb, ?, ?)
     on conflict (user_id, question_id, period_key) do update
       set messages = t.messages || excluded.messages,
           score = coalesce(excluded.score, t.score),
           score_feedback = case when excluded.score is null then t.score_feedback else excluded.score_feedback end,
           updated_at = now()
     returning t.score, t.score_feedback`,
    [key.userId, key.questionId, key.periodKey, JSON.stringify(exchange), score, score === null ? '' : feedback],
  );
  return (rows as { score: number | null; score_feedback: string }[])[0]!;
}

/** The guard of a text save: the revision the edit is based on (none: the save wins) and the client's id of it. */
export interface SaveGuard {
  basedOn?: number | undefined;
  saveId?: string | undefined;
}
export interface CurrentText {
  content: string;
  revision: number;
  save_id?: string;
}

const TEXT_COLUMNS = {
  content: { revision: 'content_revision', saveId: 'content_save_id' },
  content_summary: { revision: 'summary_revision', saveId: 'summary_save_id' },
} as const;
export type NoteField = keyof typeof TEXT_COLUMNS;

/**
 * Writes one of the two texts. With `basedOn` (0: the client saw none), only while the text is
 * still at that revision or already holds exactly this; otherwise it answers what it holds now.
 * Its revision goes up when the text changes. One statement, so two first saves cannot both win.
 */
export async function saveText(
  db: Conn,
  key: ConversationKey,
  field: NoteField,
  text: string,
  guard: SaveGuard = {},
): Promise<{ saved: true } | { saved: false; current: CurrentText }> {
  const { revision, saveId } = TEXT_COLUMNS[field];
  const { rows } = await db.raw(
    `insert into ${T.question_conversations} as t (user_id, question_id, period_key, ${field}, ${revision}, ${saveId})
     values (?, ?, ?, ?, case when ? = '' then 0 else 1 end, ?)
     on conflict (user_id, question_id, period_key) do update
       set ${revision} = case when t.${field} = excluded.${field} then t.${revision} else t.${revision} + 1 end,
           ${saveId} = case when t.${field} = excluded.${field} then t.${saveId} else excluded.${saveId} end,
           updated_at = case when t.${field} = excluded.${field} then t.updated_at else now() end,
           ${field} = excluded.${field}
       where ?::int is null or t.${revision} = ?::int or t.${field} = excluded.${field}
     returning t.id`,
    [key.userId, key.questionId, key.periodKey, text, text, guard.saveId ?? null, guard.basedOn ?? null, guard.basedOn ?? null],
  );
  if ((rows as unknown[]).length) return { saved: true };
  const current = (await db(T.question_conversations)
    .where(where(key))
    .first(`${field} as content`, `${revision} as revision`, `${saveId} as save_id`)) as {
    content: string;
    revision: number;
    save_id: string | null;
  };
  return {
    saved: false,
    current: { content: current.content, revision: current.revision, ...(current.save_id ? { save_id: current.save_id } : {}) },
  };
}

/**
 * The manual entries, the AI summary, or both (what is not sent stays), and `clear` (the chat's
 * Clear: its messages and their score go), in one transaction: a stale text saves nothing.
 */
export async function saveNotes(
  db: Db,
  key: ConversationKey,
  notes: { content?: string; content_summary?: string; clear?: boolean },
  guard: SaveGuard = {},
): Promise<{ saved: true; conversation: Conversation } | { saved: false; current: CurrentText }> {
  try {
    return await db.transaction(async (trx) => {
      for (const field of ['content', 'content_summary'] as const) {
        const text = notes[field];
        if (text === undefined) continue;
        const result = await saveText(trx, key, field, text, guard);
        // Thrown so the transaction rolls back what an earlier text of this save wrote.
        if (!result.saved) throw new StaleText(result.current);
      }
      if (notes.clear) {
        await trx.raw(
          `insert into ${T.question_conversations} as t (user_id, question_id, period_key) values (?, ?, ?)
         on conflict (user_id, question_id, period_key) do update set messages = '[]'::jsonb, score = null, score_feedback = '', updated_at = now()`,
          [key.userId, key.questionId, key.periodKey],
        );
      }
      return { saved: true as const, conversation: await readConversation(trx, key) };
    });
  } catch (err) {
    if (err instanceof StaleText) return { saved: false, current: err.current };
    throw err;
  }
}

class StaleText extends Error {
  constructor(readonly current: CurrentText) {
    super('stale text');
  }
}
