import { chatReferenceSchema, type ChatReference, type StoredChatMessage } from '@cc/contracts';
import { bigIdKey, keyset, pageOf, tableNames, toInt, type Db, type Page } from '@cc/service-kit';
import { z } from 'zod';
import { withoutNul } from './keys';

/** Every query here is scoped by the session's user: another user's key finds nothing. */
export const T = tableNames('chat', ['conversations', 'messages'] as const);

/** GET /ai_chat/conversation answers at most this many (the most recent) messages. */
export const CONVERSATION_PAGE_LIMIT = 1000;

export interface Conversation {
  id: number | null;
  messages: StoredChatMessage[];
}

async function conversationId(db: Db, userId: number, key: string): Promise<number | null> {
  const row = await db(T.conversations).where({ user_id: userId, key }).first('id');
  return row ? toInt(row.id) : null;
}

const storedReferences = z.array(chatReferenceSchema);

/** A stored message as answered: its references when it has any (a row from before them, or odd ones, has none). */
function messageOf(row: { role: StoredChatMessage['role']; content: string; references?: unknown }): StoredChatMessage {
  const raw = typeof row.references === 'string' ? safeJson(row.references) : row.references;
  const references = raw ? storedReferences.safeParse(raw) : undefined;
  return {
    role: row.role,
    content: row.content,
    ...(references?.success && references.data.length ? { references: references.data } : {}),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The most recent `limit` messages of a conversation, oldest first (none when it does not exist). */
async function lastMessages(db: Db, id: number, limit: number): Promise<StoredChatMessage[]> {
  const rows = await db(T.messages)
    .where({ conversation_id: id })
    .orderBy('id', 'desc')
    .limit(limit)
    .select('role', 'content', 'references');
  return rows.reverse().map(messageOf);
}

export async function loadConversation(db: Db, userId: number, key: string, limit = CONVERSATION_PAGE_LIMIT): Promise<Conversation> {
  const id = await conversationId(db, userId, key);
  return { id, messages: id === null ? [] : await lastMessages(db, id, limit) };
}

/** A messages cursor: the id of the oldest message of the page (ids grow with time). */
export const messagesKey = z.tuple([bigIdKey]);

/**
 * `GET /ai_chat/conversation` with a page: the newest messages first, each page oldest first as
 * the chat shows them; the next page holds the messages before it (on the (conversation_id, id)
 * index). Without a page: the most recent CONVERSATION_PAGE_LIMIT, as documented.
 */
export async function conversationPage(db: Db, userId: number, key: string, page: Page | undefined) {
  if (!page) return { ...(await loadConversation(db, userId, key)), next_cursor: undefined };
  const id = await conversationId(db, userId, key);
  if (id === null) return { id, messages: [], next_cursor: null };
  const k = keyset(page, ['id'], 'desc');
  const rows = (await db(T.messages)
    .where({ conversation_id: id })
    .whereRaw(k.where, k.bindings)
    .orderByRaw(k.orderBy)
    .limit(page.limit + 1)
    .select('id', 'role', 'content', 'references')) as {
    id: unknown;
    role: StoredChatMessage['role'];
    content: string;
    references: unknown;
  }[];
  const { items, next_cursor } = pageOf(rows, page, (r) => [toInt(r.id)]);
  return { id, messages: items.reverse().map(messageOf), next_cursor };
}

/** The stored messages to give the model when the client sent no history of its own. */
export async function recentMessages(db: Db, userId: number, key: string, limit: number): Promise<StoredChatMessage[]> {
  const rows = await db(`${T.messages} as m`)
    .join(`${T.conversations} as c`, 'c.id', 'm.conversation_id')
    .where({ 'c.user_id': userId, 'c.key': key })
    .orderBy('m.id', 'desc')
    .limit(limit)
    .select('m.role', 'm.content');
  return rows.reverse().map((r) => ({ role: r.role, content: r.content }));
}

/**
 * Stores one exchange (the user's message and the reply, with the references the reply cites),
 * creating the conversation on its first message. One statement, so one transaction and one
 * round trip: both messages are stored or neither. Called only once the reply is complete.
 */
export async function appendExchange(
  db: Db,
  userId: number,
  key: string,
  message: string,
  reply: string,
  references: ChatReference[] = [],
): Promise<number> {
  const cited = references.length
    ? JSON.stringify(references.map((r) => ({ ...r, snippet: withoutNul(r.snippet), title: withoutNul(r.title) })))
    : null;
  const result = await db.raw(
    `with c as (
       insert into ${T.conversations} as c (user_id, key) values (?, ?)
       on conflict (user_id, key) do update set updated_at = now()
       returning c.id
     )
     insert into ${T.messages} (conversation_id, role, content, "references")
     select c.id, m.role, m.content, m.refs::jsonb from c, (values (1, 'user', ?, null::text), (2, 'assistant', ?, ?::text)) as m(n, role, content, refs)
     order by m.n
     returning conversation_id`,
    [userId, key, withoutNul(message), withoutNul(reply), cited],
  );
  return toInt((result.rows ?? result)[0]?.conversation_id);
}

/**
 * Adds one assistant line to a conversation (creating it if needed): what the page said after a
 * reply, such as the planning chat's result line. Answers the conversation's id.
 */
export async function appendAssistantLine(db: Db, userId: number, key: string, content: string): Promise<number> {
  const result = await db.raw(
    `with c as (
       insert into ${T.conversations} as c (user_id, key) values (?, ?)
       on conflict (user_id, key) do update set updated_at = now()
       returning c.id
     )
     insert into ${T.messages} (conversation_id, role, content)
     select c.id, 'assistant', ? from c
     returning conversation_id`,
    [userId, key, withoutNul(content)],
  );
  return toInt((result.rows ?? result)[0]?.conversation_id);
}

/** Deletes the conversation's messages (the conversation keeps its id). */
export async function clearConversation(db: Db, userId: number, key: string): Promise<void> {
  const id = await conversationId(db, userId, key);
  if (id === null) return;
  await db.transaction(async (trx) => {
    await trx(T.messages).where({ conversation_id: id }).delete();
    await trx(T.conversations).where({ id }).update({ updated_at: trx.fn.now() });
  });
}
