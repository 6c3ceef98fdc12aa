import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { testEmbedding, type OpenAiTestServer } from '@cc/ai/testing';
import type { SearchGroup } from '@cc/contracts';
import { aboutMeAddress, personAddress, researchAddress } from '@cc/contracts/addresses';
import { fuseRankings, nearest, startedEmbeddingsQueues, stopEmbeddingsQueues } from '@cc/service-kit';
import {
  startWithTestModel,
  TEST_EMBEDDING_MODEL,
  until,
  type ServiceWithModel,
  type SignedClient,
  type TestClient,
} from '@cc/service-kit/testing';
import { EMBEDDINGS_QUEUE, VECTORS, type PeopleEmbeddings } from './search-vectors';
import { peopleService } from './service';
import { T } from './tables';
import { addPeople } from './test-support';

/**
 * Search by meaning for people, meetings and statements (docs/search.md#people) with the
 * loopback test model, whose vectors are hashed bags of word stems: "meaning" here is sharing
 * stems, so an object is found by a query whose words are not all in it (full text's AND misses
 * it) but most of them are.
 */

const MODEL = TEST_EMBEDDING_MODEL;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const start = () => startWithTestModel<PeopleEmbeddings>(peopleService, { firstUser: 62_000 });

type Kind = 'person' | 'meeting' | 'statement';

const search = async (c: TestClient, params: string) => {
  const res = await c.get(`/people/search?${params}`);
  expect(res.status).toBe(200);
  return res.body.groups as SearchGroup[];
};
const group = async (c: TestClient, kind: Kind, q: string, extra = '') =>
  (await search(c, `q=${encodeURIComponent(q)}&kinds=${kind}${extra}`))[0]!;
const ids = (g: SearchGroup) => g.results.map((r) => r.id);

const newMeeting = async (c: TestClient, meeting: Record<string, string>, attendee_ids: number[] = []) =>
  (await c.post('/meetings', { meeting, attendee_ids })).body.meeting.id as number;

describe('people search by meaning', () => {
  let model: OpenAiTestServer;
  let s: ServiceWithModel<PeopleEmbeddings>;
  let embeddings: PeopleEmbeddings;
  const vectors = (userId: number) => s.database.db(VECTORS).where({ user_id: userId }).orderBy(['kind', 'object_id']);
  const keys = async (userId: number) =>
    (await vectors(userId)).map((v: { kind: string; object_id: string }) => `${v.kind}:${v.object_id}`);
  const setStatements = (c: SignedClient, statements: object[]) =>
    s.database
      .db(T.profiles)
      .insert({ user_id: c.id, statements: JSON.stringify(statements) })
      .onConflict('user_id')
      .merge();
  const saveResearch = (c: SignedClient, personId: number, answer: string) =>
    s.database.db(T.person_research).insert({ user_id: c.id, person_id: personId, subject: 'x', answer });

  beforeAll(async () => {
    s = await start();
    model = s.model;
    embeddings = s.embeddings;
  });
  afterAll(() => s.close());

  test('the queue embeds people, meetings and statements in the background, in its own schema', async () => {
    const c = s.user();
    const [ada] = await addPeople(c, 'Ada Lovelace');
    const meeting = await newMeeting(c, { title: 'Kitchen planning', meeting_date: '2026-11-03T10:00', notes: 'Quotes for the cabinets.' });
    await setStatements(c, [{ text: '  I led the billing migration.  ', source: '', status: 'verified' }]);
    // The start's run, or the run the writes asked for: no one calls the job here.
    await until(async () => (await vectors(c.id)).length === 3);
    expect(await keys(c.id)).toEqual([`meeting:${meeting}`, `person:${ada}`, 'statement:0']);
    const statement = (await vectors(c.id)).find((v: { kind: string }) => v.kind === 'statement');
    expect(statement).toMatchObject({ model: MODEL, content_hash: md5('I led the billing migration.') });
    const inputs = model.requests.flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as string[]) : []));
    expect(inputs).toEqual(expect.arrayContaining(['Ada Lovelace', 'I led the billing migration.']));
    expect(inputs).toContain('Kitchen planning\nTuesday, 3 November 2026\n\nQuotes for the cabinets.');
    const queues = await s.database.db.raw(`select name from people_search_jobs.queue where name = ?`, [EMBEDDINGS_QUEUE]);
    expect(queues.rows).toHaveLength(1);
    // The rest of the tests run the job themselves, so what ran is known.
    await embeddings.stop();
    expect(startedEmbeddingsQueues()).not.toContain(embeddings);
  });

  test('a run embeds only what changed; statements are keyed by index and embedded again when the profile changes', async () => {
    const c = s.user();
    const [grace] = await addPeople(c, 'Grace Hopper');
    await setStatements(c, [
      { text: 'I mentor two engineers.', source: '', status: 'verified' },
      { text: 'I run the platform budget.', source: '' },
    ]);
    expect(await embeddings.embedAll()).toBe(3);
    const asked = model.requests.length;
    expect(await embeddings.embedAll()).toBe(0);
    expect(model.requests).toHaveLength(asked);
    // A profile edit embeds the person again, alone.
    expect((await c.patch(`/people/${grace}`, { basic_profile: { role: 'Compiler pioneer' } })).status).toBe(200);
    expect(await embeddings.embedAll()).toBe(1);
    expect(String((model.requests.at(-1)!.body.input as string[])[0])).toMatch(/^Grace Hopper\n\n[\s\S]*Compiler pioneer/);
    // A new research: its own vector, the person's is unchanged.
    await saveResearch(c, grace!, 'Grace Hopper wrote the first compiler.');
    expect(await embeddings.embedAll()).toBe(1);
    // A profile rewritten: the index whose text changed is embedded again, the other kept.
    await setStatements(c, [
      { text: 'I mentor two engineers.', source: '', status: 'verified' },
      { text: 'I own the platform roadmap.', source: '' },
    ]);
    expect(await embeddings.embedAll()).toBe(1);
    expect(model.requests.at(-1)!.body.input).toEqual(['I own the platform roadmap.']);
    // Rejected, or gone from the list: its vector goes at the next run.
    expect((await c.post('/profile/verify_statement', { index: 1, status: 'rejected' })).status).toBe(200);
    expect(await embeddings.embedAll()).toBe(0);
    expect(await keys(c.id)).toEqual([`person:${grace}`, `research:${grace}`, 'statement:0']);
  });

  test('finds a person, a meeting and a statement by meaning when full text misses them', async () => {
    const c = s.user();
    const [ada] = await addPeople(c, 'Ada Lovelace');
    await c.patch(`/people/${ada}`, { history_with_me: { work_together: 'Tomatoes and basil for the balcony.' } });
    const meeting = await newMeeting(c, { title: 'Sourdough class', notes: 'Starter feeding schedule.' });
    await setStatements(c, [{ text: 'I organised the regatta sailing team.', source: '', status: 'verified' }]);
    await embeddings.embedAll();

    // Full text wants every word: "harvest", "bakery", "coach" are in nothing.
    const person = await group(c, 'person', 'tomatoes basil harvest');
    expect(person.total).toBe(1);
    expect(person.results).toEqual([
      expect.objectContaining({ id: String(ada), title: 'Ada Lovelace', url: personAddress(ada!), generated: false, by_meaning: true }),
    ]);
    const m = await group(c, 'meeting', 'sourdough starter bakery');
    expect(ids(m)).toEqual([String(meeting)]);
    expect(m.results[0]!.url).toBe(`/people?meeting=${meeting}`);
    const st = await group(c, 'statement', 'regatta sailing coach');
    expect(st.results).toEqual([expect.objectContaining({ id: '0', url: aboutMeAddress(0), generated: false })]);
    // A query near nothing the user wrote finds nothing by meaning.
    expect(await group(c, 'person', 'sailing regatta')).toEqual({ kind: 'person', total: 0, results: [] });
  });

  test('fuses both rankings: what both rank high first, full-text matches kept, meaning-only ones added', async () => {
    const c = s.user();
    const both = await newMeeting(c, { title: 'Platform team roadmap' });
    const long = await newMeeting(c, {
      title: 'Weekly standup',
      notes:
        'The platform group discussed incidents, hiring, budgets, vendors, the offsite, travel, ' +
        'laptops and the new team charter. Someone asked about the roadmap at the end.',
    });
    const offsite = await newMeeting(c, { title: 'Platform team offsite' });
    await embeddings.embedAll();

    const q = 'platform team roadmap';
    model.replyEmbeddings({ status: 500 });
    const fullText = await group(c, 'meeting', q);
    expect(ids(fullText)).toEqual([String(both), String(long)]);
    const near = (
      await nearest(s.database.db, 'people', { userId: c.id, kinds: ['meeting'], model: MODEL, vector: testEmbedding(q), limit: 5 })
    )
      .filter((r) => r.score >= 0.25)
      .map((r) => r.object_id);
    expect(near.slice(0, 2)).toEqual([String(both), String(offsite)]);

    const g = await group(c, 'meeting', q);
    expect(ids(g)).toEqual(fuseRankings([ids(fullText).map((key) => ({ key })), near.map((key) => ({ key }))]));
    expect(ids(g)[0]).toBe(String(both));
    expect(ids(g)).toContain(String(offsite));
    expect(g.total).toBe(3);
    // Only the one found by meaning alone says so.
    expect(g.results.filter((r) => r.by_meaning).map((r) => r.id)).toEqual([String(offsite)]);
    expect(ids(await group(c, 'meeting', q, '&limit=1'))).toEqual([String(both)]);
  });

  test('research and unverified statements found by meaning are generated; own=1 leaves them out', async () => {
    const c = s.user();
    const [babbage] = await addPeople(c, 'Charles Babbage');
    await saveResearch(c, babbage!, 'Designed the difference engine, a steam powered calculator.');
    await setStatements(c, [{ text: 'Known for calm incident handling.', source: '' }]);
    await embeddings.embedAll();

    const person = await group(c, 'person', 'steam calculator gears');
    expect(person.results).toEqual([expect.objectContaining({ id: String(babbage), url: researchAddress(babbage!), generated: true })]);
    expect(await group(c, 'person', 'steam calculator gears', '&own=1')).toEqual({ kind: 'person', total: 0, results: [] });
    const st = await group(c, 'statement', 'calm incident pager');
    expect(st.results).toEqual([expect.objectContaining({ id: '0', generated: true })]);
    expect(await group(c, 'statement', 'calm incident pager', '&own=1')).toEqual({ kind: 'statement', total: 0, results: [] });
  });

  test('each user finds only their own people, meetings and statements by meaning', async () => {
    const a = s.user();
    const b = s.user();
    const [mine] = await addPeople(a, 'Kayak Guide');
    await newMeeting(b, { title: 'Kayak guide booking' });
    await setStatements(b, [{ text: 'I guide kayak tours.', source: '', status: 'verified' }]);
    await embeddings.embedAll();
    const q = encodeURIComponent('kayak guide river');
    expect(await search(a, `q=${q}`)).toEqual([
      { kind: 'person', total: 1, results: [expect.objectContaining({ id: String(mine) })] },
      { kind: 'meeting', total: 0, results: [] },
      { kind: 'statement', total: 0, results: [] },
    ]);
    const theirs = await search(b, `q=${q}`);
    expect(theirs.map((g) => [g.kind, g.total])).toEqual([
      ['person', 0],
      ['meeting', 1],
      ['statement', 1],
    ]);
    expect((await search(s.user(), `q=${q}`)).map((g) => g.total)).toEqual([0, 0, 0]);
  });

  test('deleting a person removes their vectors and their research’s at once; deleting a meeting, its vector', async () => {
    const c = s.user();
    const [one] = await addPeople(c, 'Lisbon Packer');
    await saveResearch(c, one!, 'Lisbon trip packing list.');
    const trip = await newMeeting(c, { title: 'Porto trip packing' });
    await embeddings.embedAll();
    expect(await keys(c.id)).toEqual([`meeting:${trip}`, `person:${one}`, `research:${one}`]);
    expect((await c.delete(`/people/${one}`)).status).toBe(200);
    expect(await keys(c.id)).toEqual([`meeting:${trip}`]);
    expect((await c.delete(`/meetings/${trip}`)).status).toBe(200);
    expect(await vectors(c.id)).toEqual([]);
    expect(await group(c, 'meeting', 'trip packing luggage')).toEqual({ kind: 'meeting', total: 0, results: [] });
  });
});

describe('when the embeddings model fails', () => {
  let model: OpenAiTestServer;
  let s: ServiceWithModel<PeopleEmbeddings>;
  beforeAll(async () => {
    s = await start();
    model = s.model;
    await s.embeddings.stop();
  });
  afterAll(() => s.close());

  test('full text still answers, at once or after the wait, and the log names no query', async () => {
    const c = s.user();
    const [ada] = await addPeople(c, 'Ada Lovelace');
    await c.patch(`/people/${ada}`, { history_with_me: { work_together: 'Tomatoes and basil for the balcony.' } });
    await s.embeddings.embedAll();
    model.replyEmbeddings({ status: 500 });
    expect(ids(await group(c, 'person', 'tomatoes basil'))).toEqual([String(ada)]);
    model.replyEmbeddings({ status: 500 });
    expect(await group(c, 'person', 'tomatoes basil harvest')).toEqual({ kind: 'person', total: 0, results: [] });
    model.replyEmbeddings({ delayMs: 4_000 });
    const started = Date.now();
    expect(ids(await group(c, 'person', 'tomatoes basil'))).toEqual([String(ada)]);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(s.lines.filter((l) => l.includes('search by meaning unavailable'))).toHaveLength(3);
    expect(s.lines.join('\n')).not.toMatch(/tomatoes|basil|harvest/i);
  });
});

afterAll(async () => {
  await stopEmbeddingsQueues();
});
