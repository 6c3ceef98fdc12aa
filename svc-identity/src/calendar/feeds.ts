import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CALENDAR_REMINDERS, calendarFeedPath, type CalendarReminder, type CalendarSettings, type UpdateCalendarBody } from '@cc/contracts';
import { newSessionId, type Db } from '@cc/service-kit';
import type { Knex } from 'knex';
import { revokeSession, T as ACCOUNT_TABLES } from '../accounts';

const FEEDS = 'identity.calendar_feeds';

export interface FeedRow {
  user_id: number;
  time_zone: string | null;
  include_todos: boolean;
  include_milestones: boolean;
  include_meetings: boolean;
  reminders: Partial<Record<CalendarReminder, string | null>>;
  token_nonce: string | null;
  token_hash: string | null;
  session_id: string | null;
  updated_at: Date;
}

/** Before the user changes anything: everything on, no reminders, the zone not chosen yet. */
const defaults = (userId: number): FeedRow => ({
  user_id: userId,
  time_zone: null,
  include_todos: true,
  include_milestones: true,
  include_meetings: true,
  reminders: {},
  token_nonce: null,
  token_hash: null,
  session_id: null,
  updated_at: new Date(0),
});

/**
 * The feed's token: 256 bits a calendar app keeps in its URL. Derived from the row's nonce with
 * the session secret, so the table alone does not give the address away, and shown again in
 * Settings without being stored. A new secret gives every feed a new address (as it signs
 * everyone out).
 */
export const feedToken = (secret: string, nonce: string): string =>
  createHmac('sha256', secret).update(`calendar-feed:${nonce}`).digest('base64url');

/** How a token is looked up (a token is never stored). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function feedOf(db: Db, userId: number): Promise<FeedRow> {
  return ((await db(FEEDS).where({ user_id: userId }).first()) as FeedRow | undefined) ?? defaults(userId);
}

export async function feedByToken(db: Db, token: string): Promise<FeedRow | undefined> {
  return (await db(FEEDS)
    .where({ token_hash: tokenHash(token) })
    .first()) as FeedRow | undefined;
}

export function settingsAnswer(row: FeedRow, secret: string): CalendarSettings {
  return {
    time_zone: row.time_zone,
    include_todos: row.include_todos,
    include_milestones: row.include_milestones,
    include_meetings: row.include_meetings,
    reminders: Object.fromEntries(CALENDAR_REMINDERS.map((r) => [r, row.reminders[r] ?? null])) as CalendarSettings['reminders'],
    feed_path: row.token_nonce ? calendarFeedPath(feedToken(secret, row.token_nonce)) : null,
  };
}

async function upsert(trx: Knex.Transaction, userId: number, columns: Record<string, unknown>): Promise<FeedRow> {
  const values = { ...columns, updated_at: trx.fn.now() };
  const [row] = await trx(FEEDS)
    .insert({ user_id: userId, ...values })
    .onConflict('user_id')
    .merge(Object.keys(values))
    .returning('*');
  return row as FeedRow;
}

export async function updateSettings(db: Db, userId: number, body: UpdateCalendarBody): Promise<FeedRow> {
  return db.transaction(async (trx) => {
    const current = ((await trx(FEEDS).where({ user_id: userId }).forUpdate().first()) as FeedRow | undefined) ?? defaults(userId);
    const columns: Record<string, unknown> = {};
    if (body.time_zone !== undefined) columns.time_zone = body.time_zone;
    for (const key of ['include_todos', 'include_milestones', 'include_meetings'] as const)
      if (body[key] !== undefined) columns[key] = body[key];
    if (body.reminders) columns.reminders = JSON.stringify({ ...current.reminders, ...body.reminders });
    return upsert(trx, userId, columns);
  });
}

/**
 * A new address for the feed (turning it on, or "Reset link"): the old token finds nothing from
 * the commit on, and the old feed session is revoked, so a feed request still reading with it
 * is refused by every service too.
 */
export async function newFeedAddress(db: Db, secret: string, userId: number): Promise<FeedRow> {
  return db.transaction(async (trx) => {
    const current = (await trx(FEEDS).where({ user_id: userId }).forUpdate().first()) as FeedRow | undefined;
    if (current?.session_id) await revokeSession(trx, current.session_id);
    const sid = newSessionId();
    await trx(ACCOUNT_TABLES.sessions).insert({ id: sid, user_id: userId, user_agent: 'calendar feed' });
    const nonce = randomBytes(24).toString('base64url');
    return upsert(trx, userId, { token_nonce: nonce, token_hash: tokenHash(feedToken(secret, nonce)), session_id: sid });
  });
}

/** The feed off: no address answers, its session revoked; the settings stay. */
export async function turnFeedOff(db: Db, userId: number): Promise<FeedRow> {
  return db.transaction(async (trx) => {
    const current = (await trx(FEEDS).where({ user_id: userId }).forUpdate().first()) as FeedRow | undefined;
    if (current?.session_id) await revokeSession(trx, current.session_id);
    return upsert(trx, userId, { token_nonce: null, token_hash: null, session_id: null });
  });
}
