/**
 * The trash along its whole path, as `npm start` runs it: every service's real Koa app behind
 * the embedded gateway on one database, svc-chat asking each domain's trash through the gateway
 * as the caller. Each domain's trash is tested in its service; here: a delete of every kind
 * lands in one list newest first, each user sees and restores only their own, everything comes
 * back where it was, emptying goes through every domain, and a domain that fails is named.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { TRASH_MESSAGES } from '@cc/contracts';
import { startEmbeddedStack, type EmbeddedStack, type Session } from './testing/stack';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack();
});
afterAll(async () => {
  await stack?.close();
});

const call = (session: Session, method: string, url: string, body?: unknown) => stack.call(session, method, url, body);

interface Made {
  file: number;
  todo: number;
  milestone: number;
  person: number;
  meeting: number;
}

/** Something of every kind that goes to the trash, then each deleted (in this order). */
async function makeAndDelete(session: Session): Promise<Made> {
  const file = (await call(session, 'POST', '/files', { file: { folder: 'projects', name: 'billing.md', content: 'The plan.' } })).body.file
    .id;
  await call(session, 'POST', '/files', { file: { folder: 'old', name: 'a.md', content: 'a' } });
  await call(session, 'POST', '/journal/2026-11-20/save', { content: 'Met Ada.' });
  const todo = (await call(session, 'POST', '/planning/todos', { todo: { title: 'Send the deck' } })).body.todo.id;
  const milestone = (await call(session, 'POST', '/planning/milestones', { milestone: { title: 'Launch', target_date: '2027-01-10' } }))
    .body.milestone.id;
  const person = (await call(session, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } })).body.person.id;
  const meeting = (await call(session, 'POST', '/meetings', { meeting: { title: 'Weekly 1:1' }, attendee_ids: [person] })).body.meeting.id;
  for (const [method, url] of [
    ['DELETE', `/files/${file}`],
    ['DELETE', '/folders/old'],
    ['DELETE', '/journal/2026-11-20'],
    ['DELETE', `/planning/todos/${todo}`],
    ['DELETE', `/planning/milestones/${milestone}`],
    ['DELETE', `/meetings/${meeting}`],
    ['DELETE', `/people/${person}`],
  ] as const) {
    const res = await call(session, method, url);
    expect(`${url} ${res.status}`).toBe(`${url} 200`);
  }
  return { file, todo, milestone, person, meeting };
}

describe('the trash through every domain', () => {
  let ada: Session;
  let grace: Session;
  let made: Made;
  beforeAll(async () => {
    ada = await stack.signUp('ada-trash@example.com');
    grace = await stack.signUp('grace-trash@example.com');
    made = await makeAndDelete(ada);
  });

  test('GET /trash: every kind in one list, newest first; nobody else sees it or restores from it', async () => {
    const res = await call(ada, 'GET', '/trash');
    expect(res.status).toBe(200);
    expect(res.body.partial).toEqual([]);
    expect(res.body.items.map((i: { kind: string; title: string }) => `${i.kind}: ${i.title}`)).toEqual([
      'person: Ada Lovelace',
      'meeting: Weekly 1:1',
      'milestone: Launch',
      'todo: Send the deck',
      'journal: 2026-11-20',
      'folder: old',
      'file: projects / billing.md',
    ]);
    expect((await call(grace, 'GET', '/trash')).body).toEqual({ success: true, items: [], partial: [] });
    for (const item of res.body.items as { kind: string; id: number }[]) {
      const theirs = await call(grace, 'POST', '/trash/restore', { kind: item.kind, id: item.id });
      expect([item.kind, theirs.status, theirs.body]).toEqual([item.kind, 404, { success: false, errors: [TRASH_MESSAGES.notFound] }]);
    }
    expect((await call(grace, 'DELETE', '/trash')).body).toEqual({ success: true, deleted: 0, partial: [] });
    expect((await call(ada, 'GET', '/trash')).body.items).toHaveLength(7);
  });

  test('a domain that fails is named in partial; the rest of the trash still shows', async () => {
    const planning = stack.handlers.coaching;
    stack.handlers.coaching = async (_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    };
    try {
      const res = await call(ada, 'GET', '/trash');
      expect(res.body.partial).toEqual(['coaching']);
      expect(res.body.items.map((i: { kind: string }) => i.kind)).toEqual(['person', 'meeting', 'journal', 'folder', 'file']);
    } finally {
      stack.handlers.coaching = planning;
    }
  });

  test('POST /trash/restore puts each back where it was, linked again', async () => {
    const items = (await call(ada, 'GET', '/trash')).body.items as { kind: string; id: number; url: string }[];
    // Oldest first: the person before the meeting that links them.
    for (const item of [...items].reverse()) {
      const res = await call(ada, 'POST', '/trash/restore', { kind: item.kind, id: item.id });
      expect([item.kind, res.status, res.body.restored.kind]).toEqual([item.kind, 200, item.kind]);
    }
    expect((await call(ada, 'GET', `/files/${made.file}`)).body.file).toMatchObject({ folder: 'projects', content: 'The plan.' });
    expect((await call(ada, 'GET', '/folders')).body.folders.map((f: { name: string }) => f.name).sort()).toEqual(['old', 'projects']);
    expect((await call(ada, 'GET', '/journal/2026-11-20')).body.entry.content).toBe('Met Ada.');
    expect((await call(ada, 'GET', '/planning/todos')).body.todos.map((t: { id: number }) => t.id)).toEqual([made.todo]);
    expect((await call(ada, 'GET', '/planning/milestones')).body.milestones.map((m: { id: number }) => m.id)).toEqual([made.milestone]);
    expect((await call(ada, 'GET', `/people/${made.person}`)).status).toBe(200);
    expect((await call(ada, 'GET', `/meetings/${made.meeting}`)).body.meeting.attendee_ids).toEqual([made.person]);
    expect((await call(ada, 'GET', '/trash')).body.items).toEqual([]);
  });

  test('DELETE /trash empties every domain for good', async () => {
    await call(ada, 'DELETE', `/files/${made.file}`);
    await call(ada, 'DELETE', `/planning/todos/${made.todo}`);
    await call(ada, 'DELETE', `/meetings/${made.meeting}`);
    expect((await call(ada, 'DELETE', '/trash')).body).toEqual({ success: true, deleted: 3, partial: [] });
    expect((await call(ada, 'GET', '/trash')).body.items).toEqual([]);
    expect((await call(ada, 'GET', `/files/${made.file}`)).status).toBe(404);
  });
});
