import { tableNames, toInt, type Db } from '@cc/service-kit';

export const T = tableNames('identity', ['users', 'sessions', 'sign_in_failures'] as const);

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  is_admin: boolean;
}

export const publicUser = (u: UserRow) => ({ id: u.id, email: u.email, is_admin: u.is_admin });

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db(T.users).where({ email }).first();
}

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db(T.users).where({ id }).first();
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

export async function createSession(db: Db, id: string, userId: number, userAgent: string | undefined): Promise<void> {
  await db(T.sessions).insert({ id, user_id: userId, user_agent: userAgent?.slice(0, 300) ?? null });
}

export async function isSessionActive(db: Db, id: string): Promise<boolean> {
  return Boolean(await db(T.sessions).where({ id }).whereNull('revoked_at').first('id'));
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db(T.sessions).where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
