/**
 * GET /search along its whole path, as `npm start` runs it: every service's real Koa app behind
 * the embedded gateway on one database, svc-chat asking each domain's search through the gateway
 * as the caller. Each domain's own search is tested in its service; here: the kinds of every
 * domain arrive in one answer, each user sees only their own, a domain that fails leaves the
 * rest, and no log line of any service carries what was searched for.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startEmbeddedStack, type EmbeddedStack, type Session } from './testing/stack';

/** A word no fixture holds but the notes below: it must never reach a log line. */
const SECRET = 'zanzibarquartz';

let stack: EmbeddedStack;
beforeAll(async () => {
  stack = await startEmbeddedStack({ logs: true });
});
afterAll(async () => {
  await stack?.close();
});

const signUp = (email: string) => stack.signUp(email);
const call = (session: Session, method: string, url: string, body?: unknown) => stack.call(session, method, url, body);

/** Something of every kind a user can make through the API, each holding `word`. */
async function writeEverything(session: Session, word: string): Promise<void> {
  const made = await Promise.all([
    call(session, 'POST', '/files', {
      file: { folder: 'projects', name: 'billing.md', content: `# Billing\n\nThe ${word} migration to Postgres.` },
    }),
    call(session, 'POST', '/journal/2026-11-03/save', { content: `Talked about the ${word} rollout with the team.`, revision: 0 }),
    call(session, 'POST', '/planning/todos', { todo: { title: `Write the ${word} runbook` } }),
    call(session, 'POST', '/planning/milestones', { milestone: { title: `Ship ${word}`, target_date: '2027-02-01' } }),
  ]);
  for (const res of made) expect(res.status).toBeLessThan(300);
  const person = await call(session, 'POST', '/people', { person: { full_name: 'Ada Lovelace' } });
  expect(person.status).toBeLessThan(300);
  const personId = person.body.person?.id ?? person.body.id;
  const meeting = await call(session, 'POST', '/meetings', {
    meeting: { title: `${word} review`, goals: `Agree the ${word} scope.` },
    attendee_ids: [personId],
  });
  expect(meeting.status).toBeLessThan(300);
}

const kindsOf = (body: { groups: { kind: string; results: unknown[] }[] }) =>
  body.groups.filter((g) => g.results.length).map((g) => g.kind);

describe('GET /search through the embedded gateway', () => {
  let ada: Session;
  let grace: Session;
  beforeAll(async () => {
    ada = await signUp(`ada-${Date.now()}@example.com`);
    grace = await signUp(`grace-${Date.now()}@example.com`);
    await writeEverything(ada, SECRET);
    await writeEverything(grace, 'otherword');
  });

  test('one answer holds every domain’s kinds, each with its address and the matched word marked', async () => {
    const res = await call(ada, 'GET', `/search?q=${SECRET.slice(0, 6)}`);
    expect(res.status).toBe(200);
    expect(res.body.partial).toEqual([]);
    expect(kindsOf(res.body)).toEqual(['file', 'journal', 'todo', 'milestone', 'meeting']);
    const file = res.body.groups.find((g: { kind: string }) => g.kind === 'file').results[0];
    expect(file.url).toBe('/dashboard?folder=projects&file=billing.md');
    const [start, end] = file.highlights[0];
    expect(file.snippet.slice(start, end).toLowerCase()).toBe(SECRET);
    const journal = res.body.groups.find((g: { kind: string }) => g.kind === 'journal').results[0];
    expect(journal.url).toBe('/journal/2026-11-03');
  });

  test('a name with a typo finds the person', async () => {
    const res = await call(ada, 'GET', '/search?q=Lovelase&kinds=person');
    expect(res.body.groups).toHaveLength(1);
    expect(res.body.groups[0].results.map((r: { title: string }) => r.title)).toEqual(['Ada Lovelace']);
  });

  test('each user finds only their own, for every kind', async () => {
    expect(kindsOf((await call(grace, 'GET', `/search?q=${SECRET}`)).body)).toEqual([]);
    expect(kindsOf((await call(ada, 'GET', '/search?q=otherword')).body)).toEqual([]);
    const graces = await call(grace, 'GET', '/search?q=otherword');
    expect(kindsOf(graces.body)).toEqual(['file', 'journal', 'todo', 'milestone', 'meeting']);
  });

  test('a domain that fails is named in partial, the others still answer', async () => {
    const people = stack.handlers.people;
    stack.handlers.people = async (_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    };
    try {
      const res = await call(ada, 'GET', `/search?q=${SECRET}`);
      expect(res.status).toBe(200);
      expect(res.body.partial).toEqual(['people']);
      expect(kindsOf(res.body)).toEqual(['file', 'journal', 'todo', 'milestone']);
    } finally {
      stack.handlers.people = people;
    }
  });

  test('no log line of any service carries the query', async () => {
    await call(ada, 'GET', `/search?q=${SECRET}%20"${SECRET}%20rollout"`);
    await call(ada, 'GET', `/search?q=${SECRET}&kinds=nope`);
    expect(stack.logLines.length).toBeGreaterThan(10);
    expect(stack.logLines.filter((line) => line.toLowerCase().includes(SECRET.slice(0, 6)))).toEqual([]);
  });
});
