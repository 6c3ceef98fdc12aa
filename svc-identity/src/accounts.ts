import { runHot, tableNames, toInt, type Db, type HotStatement } from '@cc/service-kit';

export const T = tableNames('identity', ['users', 'sessions'] as const);

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  is_admin: boolean;
}

export type PublicUser = Pick<UserRow, 'id' | 'email' | 'is_admin'>;

export const publicUser = (u: PublicUser): PublicUser => ({ id: u.id, email: u.email, is_admin: u.is_admin });

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db(T.users).where({ email }).first();
}

/**
 * Creates an account; the very first one is the admin. The table lock makes "first" exact
 * when two sign-ups race. Answers undefined when the email is taken.
 */
export async function createUser(db: Db, email: string, passwordHash: string): Promise<UserRow | undefined> {
  return db.transaction(async (trx) => {
    await trx.raw(`lock table ${T.users} in share row exclusive mode`);
    if (await trx(T.users).where({ email }).first()) return undefined;
    const count = toInt((await trx(T.users).count({ n: '*' }).first())?.n);
    const [row] = await trx(T.users)
      .insert({ email, password_hash: passwordHash, is_admin: count === 0 })
      .returning(['id', 'email', 'password_hash', 'is_admin']);
    return row as UserRow;
  });
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db(T.users).where({ id }).first();
}

/**
 * The account and every session of it, in one transaction: a replayed cookie of any of its
 * sessions finds no active session from then on (activeSessionUser), here and in every service
 * that asks (a write always asks). Run once every service has deleted the account's rows.
 */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx(T.sessions).where({ user_id: id }).delete();
    await trx(T.users).where({ id }).delete();
  });
}

export async function createSession(db: Db, id: string, userId: number, userAgent: string | undefined): Promise<void> {
  await db(T.sessions).insert({ id, user_id: userId, user_agent: userAgent?.slice(0, 300) ?? null });
}

/**
 * The account behind an active (not signed-out) session, in one query; undefined otherwise.
 * Every request to identity runs it (the session check): its SQL is written once here and runs
 * prepared, outside knex's query runner (runHot; profiles of GET /auth/session showed both).
 */
export async function activeSessionUser(db: Db, sid: string): Promise<PublicUser | undefined> {
  return (await runHot<PublicUser>(db, ACTIVE_SESSION_USER, [sid]))[0];
}

const ACTIVE_SESSION_USER: HotStatement = {
  name: 'identity_active_session_user',
  sql: `select u.id, u.email, u.is_admin from ${T.sessions} s join ${T.users} u on u.id = s.user_id
  where s.id = ? and s.revoked_at is null limit 1`,
};

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db(T.sessions).where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
