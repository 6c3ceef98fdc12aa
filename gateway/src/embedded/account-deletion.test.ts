/**
 * DELETE /auth/account along its whole path, as `npm start` runs it: every service's real Koa app
 * behind the embedded gateway on one database, svc-identity asking each service's deletion
 * through the gateway as the caller. Each service's own deletion is tested in its service, the
 * password check in svc-identity; here: everything of the account goes in every domain and
 * nothing of anyone else's, the account and all its sessions go last, a cookie replayed after
 * gets 401 everywhere, and a domain that fails keeps the account for a retry.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startEmbeddedStack, TEST_PASSWORD as PASSWORD, type EmbeddedStack } from './testing/stack';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack();
});
afterAll(async () => {
  await stack?.close();
});

interface Session {
  email: string;
  cookie: string;
  csrf: string;
}

async function signIn(email: string, path: '/auth/sign_up' | '/auth/sign_in' = '/auth/sign_in'): Promise<Session> {
  const res = await fetch(`${stack.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBeLessThan(300);
  const body = (await res.json()) as { csrf_token: string };
  return { email, cookie: res.headers.get('set-cookie')!.split(';')[0]!, csrf: body.csrf_token };
}

async function call(
  session: Session,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: any; setCookie: string | null }> {
  const res = await fetch(`${stack.base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), setCookie: res.headers.get('set-cookie') };
}

/** Something in every domain: a file, a journal day, a todo and a milestone, a person with a meeting, About me, a chat. */
async function writeEverything(session: Session): Promise<void> {
  const made = await Promise.all([
    call(session, 'POST', '/files', { file: { folder: 'projects', name: 'billing.md', content: '# Billing' } }),
    call(session, 'POST', '/journal/2026-11-03/save', { content: 'Talked about the rollout.', revision: 0 }),
    call(session, 'POST', '/planning/todos', { todo: { title: 'Write the runbook' } }),
    call(session, 'POST', '/planning/milestones', { milestone: { title: 'Ship it', target_date: '2027-02-01' } }),
    call(session, 'PATCH', '/profile', { details: { full_name: 'Ada Lovelace' } }),
    call(session, 'POST', '/ai_chat/send_message', { person_id: 1, mode: 'ask', message: 'How do I open the review?' }),
  ]);
  for (const res of made) expect(res.status).toBeLessThan(300);
  const person = await call(session, 'POST', '/people', { person: { full_name: 'Grace Hopper' } });
  expect(person.status).toBeLessThan(300);
  const meeting = await call(session, 'POST', '/meetings', { meeting: { title: 'Review' }, attendee_ids: [person.body.person.id] });
  expect(meeting.status).toBeLessThan(300);
}

/** What the account holds, domain by domain, read through the gateway. */
async function holdings(session: Session) {
  const [files, journal, todos, milestones, people, profile, chat] = await Promise.all([
    call(session, 'GET', '/files'),
    call(session, 'GET', '/journal'),
    call(session, 'GET', '/planning/todos'),
    call(session, 'GET', '/planning/milestones'),
    call(session, 'GET', '/people'),
    call(session, 'GET', '/profile'),
    call(session, 'GET', '/ai_chat/conversation?person_id=1'),
  ]);
  return {
    folders: Object.keys(files.body).length,
    journal: journal.body.entries.length,
    todos: todos.body.todos.length,
    milestones: milestones.body.milestones.length,
    people: people.body.length,
    about_me: profile.body.details?.full_name ?? '',
    chat: chat.body.messages.length > 0,
  };
}

const FULL = { folders: 1, journal: 1, todos: 1, milestones: 1, people: 1, about_me: 'Ada Lovelace', chat: true };
const EMPTY = { folders: 0, journal: 0, todos: 0, milestones: 0, people: 0, about_me: '', chat: false };

describe('DELETE /auth/account through the embedded gateway', () => {
  let ada: Session;
  let adaElsewhere: Session;
  let grace: Session;
  beforeAll(async () => {
    ada = await signIn(`ada-${Date.now()}@example.com`, '/auth/sign_up');
    adaElsewhere = await signIn(ada.email);
    grace = await signIn(`grace-${Date.now()}@example.com`, '/auth/sign_up');
    await writeEverything(ada);
    await writeEverything(grace);
  });

  test('a domain that fails keeps the account and its sessions; the answer names the part', async () => {
    const chat = stack.handlers.chat;
    stack.handlers.chat = async (_req, res) => {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end('{"success":false,"errors":["Internal error"]}');
    };
    try {
      const res = await call(ada, 'DELETE', '/auth/account', { password: PASSWORD });
      expect(res.status).toBe(502);
      expect(res.body.errors).toEqual([
        'Your account was not deleted because some of your data could not be deleted (chats). Part of your data may already be gone. Please try again.',
      ]);
      expect(res.setCookie).toBeNull();
    } finally {
      stack.handlers.chat = chat;
    }
    expect((await call(ada, 'GET', '/auth/session')).status).toBe(200);
    // The chat is still there; the domains that did answer are empty already.
    expect(await holdings(ada)).toEqual({ ...EMPTY, chat: true });
  });

  test('then: every domain is emptied, the account and every session go, the cookie is cleared', async () => {
    const res = await call(ada, 'DELETE', '/auth/account', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.setCookie).toMatch(/^cc_session=;/);

    // A replayed cookie of either session is refused by identity and by every service.
    for (const session of [ada, adaElsewhere]) {
      expect((await call(session, 'GET', '/auth/session')).status).toBe(401);
      expect((await call(session, 'GET', '/files')).status).toBe(401);
      expect((await call(session, 'POST', '/planning/todos', { todo: { title: 'Back again' } })).status).toBe(401);
      expect((await call(session, 'POST', '/people', { person: { full_name: 'Back again' } })).status).toBe(401);
      expect((await call(session, 'DELETE', '/auth/account', { password: PASSWORD })).status).toBe(401);
    }
    const again = await fetch(`${stack.base}/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: ada.email, password: PASSWORD }),
    });
    expect(again.status).toBe(401);
  });

  test('nothing of the account is left anywhere, and the other user still has everything', async () => {
    // Signing up again with the same email makes a new, empty account.
    const reborn = await signIn(ada.email, '/auth/sign_up');
    expect(await holdings(reborn)).toEqual(EMPTY);
    const rows = await stack.database.db.raw(
      `select table_schema || '.' || table_name as t from information_schema.columns
        where column_name = 'user_id' and table_schema in ('files', 'coaching', 'people', 'chat')`,
    );
    // No row in any domain belongs to an account that no longer exists.
    for (const { t } of rows.rows as { t: string }[]) {
      const orphans = await stack.database.db(t).whereNotIn('user_id', stack.database.db('identity.users').select('id'));
      expect({ t, orphans: orphans.length }).toEqual({ t, orphans: 0 });
    }
    expect(await holdings(grace)).toEqual(FULL);
  });
});
