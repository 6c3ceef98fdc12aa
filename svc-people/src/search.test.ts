import { Writable } from 'node:stream';
import { describe, expect, test } from '@jest/globals';
import { matchRoute, SEARCH_MESSAGES, type SearchGroup, type SearchResult } from '@cc/contracts';
import { aboutMeAddress, meetingAddress, personAddress, researchAddress } from '@cc/contracts/addresses';
import { createLogger } from '@cc/service-kit';
import { signIn, startedForTests, startTestService, TestClient, type SignedClient } from '@cc/service-kit/testing';
import { peopleService } from './service';
import { T } from './tables';
import { addPeople, startPeople } from './test-support';

const h = startedForTests(startPeople);

type Params = Record<string, string | number>;

async function search(c: TestClient, params: Params) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return c.get<{ success: boolean; groups: SearchGroup[]; errors?: string[] }>(`/people/search?${query.toString()}`);
}

/** The results of one kind. */
async function found(c: TestClient, kind: string, params: Params): Promise<SearchResult[]> {
  const res = await search(c, { kinds: kind, ...params });
  expect(res.status).toBe(200);
  return res.body.groups.find((g) => g.kind === kind)!.results;
}

/** What a result's highlights mark in its snippet. */
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

async function setStatements(c: SignedClient, statements: object[]) {
  await h.database
    .db(T.profiles)
    .insert({ user_id: c.id, statements: JSON.stringify(statements) })
    .onConflict('user_id')
    .merge();
}

async function saveResearch(personId: number, c: SignedClient, answer: string) {
  await h.database.db(T.person_research).insert({ user_id: c.id, person_id: personId, subject: 'x', answer });
}

/** A user with a few people, meetings and statements. */
async function seed(c: SignedClient) {
  const [ada, grace, babbage] = await addPeople(c, 'Ada Lovelace', 'Grace Hopper', 'Charles Babbage');
  await c.patch(`/people/${ada}`, {
    basic_profile: { role: 'Analytical engine programmer', company: 'Difference Labs' },
    history_with_me: { work_together: 'We ran the database migration together and it went well.' },
  });
  await c.patch(`/people/${grace}`, {
    goals_priorities: { current_priorities: 'Planning the compiler roadmap; the database is her next migration.' },
  });
  await saveResearch(babbage!, c, 'Charles Babbage designed the difference engine and a steam powered calculator.');
  const quarterly = (
    await c.post('/meetings', {
      meeting: { title: 'Quarterly roadmap', meeting_date: '2026-03-05T14:30', notes: 'Discuss the Postgres timeline with the team.' },
      // Grace first: the address names the first attendee in the user's order of people (Ada).
      attendee_ids: [grace, ada],
    })
  ).body.meeting.id as number;
  const alone = (
    await c.post('/meetings', {
      meeting: { title: 'Offsite retro', meeting_date: '2026-04-01T09:00', reflection: 'The kayak trip helped.' },
    })
  ).body.meeting.id as number;
  await setStatements(c, [
    { text: 'I led the billing migration to Postgres in six weeks.', source: 'Journal', status: 'verified' },
    { text: 'I mentor two engineers on capacity planning.', source: '' },
    { text: 'I invented the migration to the moon.', source: '', status: 'rejected' },
    { text: 'Known for calm incident handling during the kayak season.', source: 'Check-in', status: 'unverified' },
  ]);
  return { ada: ada!, grace: grace!, babbage: babbage!, quarterly, alone };
}

describe('GET /people/search: the route', () => {
  test('is its own route, not a person called "search"', async () => {
    expect(matchRoute('GET', '/people/search')?.path).toBe('/people/search');
    expect(matchRoute('GET', '/people/12')?.path).toBe('/people/{id}');
    const c = h.user();
    const res = await search(c, { q: 'anything' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      groups: [
        { kind: 'person', total: 0, results: [] },
        { kind: 'meeting', total: 0, results: [] },
        { kind: 'statement', total: 0, results: [] },
      ],
    });
  });

  test('signed out: 401', async () => {
    expect((await new TestClient(h.svc.url).get('/people/search?q=ada')).status).toBe(401);
  });

  test('bad input answers 422 with the search messages', async () => {
    const c = h.user();
    const cases: [Params, string][] = [
      [{}, SEARCH_MESSAGES.queryRequired],
      [{ q: '' }, SEARCH_MESSAGES.queryRequired],
      [{ q: '   ' }, SEARCH_MESSAGES.queryRequired],
      [{ q: 'x'.repeat(201) }, SEARCH_MESSAGES.queryTooLong],
      [{ q: 'ada', kinds: 'person,people' }, SEARCH_MESSAGES.unknownKind],
      [{ q: 'ada', limit: 0 }, SEARCH_MESSAGES.limit],
      [{ q: 'ada', limit: 51 }, SEARCH_MESSAGES.limit],
      [{ q: 'ada', limit: 'five' }, SEARCH_MESSAGES.limit],
    ];
    for (const [params, message] of cases) {
      const res = await search(c, params);
      expect([res.status, res.body]).toEqual([422, { success: false, errors: [message] }]);
    }
    expect((await search(c, { q: 'x'.repeat(200) })).status).toBe(200);
  });

  test('only the kinds asked, in the kinds order; another domain’s kind alone answers no group', async () => {
    const c = h.user();
    await seed(c);
    const kinds = async (k: string) => (await search(c, { q: 'migration', kinds: k })).body.groups.map((g) => g.kind);
    expect(await kinds('statement,person')).toEqual(['person', 'statement']);
    expect(await kinds('file,meeting')).toEqual(['meeting']);
    expect(await kinds('file')).toEqual([]);
  });

  test('a query of only punctuation answers empty groups', async () => {
    const c = h.user();
    await seed(c);
    const res = await search(c, { q: '?! & |' });
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([
      { kind: 'person', total: 0, results: [] },
      { kind: 'meeting', total: 0, results: [] },
      { kind: 'statement', total: 0, results: [] },
    ]);
  });
});

describe('people', () => {
  test('by a prefix of the name: the person, their address, the name marked', async () => {
    const c = h.user();
    const { ada } = await seed(c);
    const [result, ...rest] = await found(c, 'person', { q: 'lovel' });
    expect(rest).toEqual([]);
    expect(result).toMatchObject({ kind: 'person', id: String(ada), title: 'Ada Lovelace', url: personAddress(ada), generated: false });
    expect(marked(result!)).toEqual(['Lovelace']);
    expect(Number.isNaN(Date.parse(result!.updated_at))).toBe(false);
  });

  test('by a word of one profile section: that section opens; the snippet marks the words matched', async () => {
    const c = h.user();
    const { ada } = await seed(c);
    const [result] = await found(c, 'person', { q: 'analytical' });
    expect(result).toMatchObject({ id: String(ada), url: personAddress(ada, { section: 'basic_profile' }) });
    expect(result!.snippet).toContain('Analytical engine programmer');
    expect(marked(result!)).toEqual(['Analytical']);
  });

  test('word forms ("planned" finds "Planning") and phrases ("database migration" in that order)', async () => {
    const c = h.user();
    const { ada, grace } = await seed(c);
    const planned = await found(c, 'person', { q: 'planned' });
    expect(planned.map((r) => r.id)).toEqual([String(grace)]);
    expect(marked(planned[0]!)).toEqual(['Planning']);
    expect(planned[0]!.url).toBe(personAddress(grace, { section: 'goals_priorities' }));
    // Both have "database" and "migration"; only Ada has them as a phrase.
    expect((await found(c, 'person', { q: 'database migration' })).map((r) => r.id).sort()).toEqual([String(ada), String(grace)].sort());
    const phrase = await found(c, 'person', { q: '"database migration"' });
    expect(phrase.map((r) => r.id)).toEqual([String(ada)]);
    expect(marked(phrase[0]!)).toEqual(['database', 'migration']);
  });

  test('a name with one typo is found, after the exact matches', async () => {
    const c = h.user();
    const { ada } = await seed(c);
    const [typo] = await found(c, 'person', { q: 'Ada Lovelase' });
    expect(typo).toMatchObject({
      id: String(ada),
      title: 'Ada Lovelace',
      snippet: 'Ada Lovelace',
      url: personAddress(ada),
      generated: false,
    });
    expect(marked(typo!)).toEqual(['Ada', 'Lovelace']);
    expect(await found(c, 'person', { q: 'Lvlace' })).toEqual([]);

    const [grave] = await addPeople(c, 'Grave Digger');
    const grace = await found(c, 'person', { q: 'grace' });
    expect(grace.map((r) => r.title)).toEqual(['Grace Hopper', 'Grave Digger']);
    expect(grace[1]!.id).toBe(String(grave));
    expect((await search(c, { q: 'grace', kinds: 'person' })).body.groups[0]!.total).toBe(2);
  });

  test('saved research counts, as generated and ranked below the user’s own words; own=1 leaves it out', async () => {
    const c = h.user();
    const { ada, babbage } = await seed(c);
    const engine = await found(c, 'person', { q: 'engine' });
    expect(engine.map((r) => [r.id, r.generated])).toEqual([
      [String(ada), false],
      [String(babbage), true],
    ]);
    expect(engine[1]).toMatchObject({ title: 'Charles Babbage', url: researchAddress(babbage) });
    expect(marked(engine[1]!)).toEqual(['engine']);
    const own = await search(c, { q: 'engine', kinds: 'person', own: 1 });
    expect(own.body.groups[0]!.total).toBe(1);
    expect(own.body.groups[0]!.results.map((r) => r.id)).toEqual([String(ada)]);
    // A person whose own words match is one result, not also their research's.
    await saveResearch(ada, c, 'Ada wrote about an engine that could compose music.');
    expect((await found(c, 'person', { q: 'engine' })).map((r) => [r.id, r.generated])).toEqual([
      [String(ada), false],
      [String(babbage), true],
    ]);
  });

  test('limit and total', async () => {
    const c = h.user();
    await addPeople(c, ...Array.from({ length: 7 }, (_, i) => `Teammate ${i + 1}`));
    const res = await search(c, { q: 'teammate', kinds: 'person', limit: 3 });
    expect(res.body.groups[0]!.total).toBe(7);
    expect(res.body.groups[0]!.results).toHaveLength(3);
    expect((await search(c, { q: 'teammate', kinds: 'person' })).body.groups[0]!.results).toHaveLength(5);
    // Equal ranks: the last changed first.
    expect(res.body.groups[0]!.results.map((r) => r.title)).toEqual(['Teammate 7', 'Teammate 6', 'Teammate 5']);
  });
});

describe('meetings', () => {
  test('by title and by section text; the address names the first attendee in the user’s order; the title carries the day', async () => {
    const c = h.user();
    const { ada, quarterly } = await seed(c);
    const [byTitle] = await found(c, 'meeting', { q: 'quarterly' });
    expect(byTitle).toMatchObject({
      kind: 'meeting',
      id: String(quarterly),
      title: 'Quarterly roadmap · Mar 5, 2026',
      url: meetingAddress(ada, quarterly),
      generated: false,
    });
    expect(marked(byTitle!)).toEqual(['Quarterly']);
    const [byNotes] = await found(c, 'meeting', { q: 'postgres timeline' });
    expect(byNotes!.id).toBe(String(quarterly));
    expect(byNotes!.snippet).toBe('Discuss the Postgres timeline with the team.');
    expect(marked(byNotes!)).toEqual(['Postgres', 'timeline']);
  });

  test('a meeting without attendees opens from the people page with the meeting alone', async () => {
    const c = h.user();
    const { alone } = await seed(c);
    const [retro] = await found(c, 'meeting', { q: 'kayak' });
    expect(retro).toMatchObject({
      id: String(alone),
      title: 'Offsite retro · Apr 1, 2026',
      url: `/people?meeting=${alone}&section=reflection`,
    });
    expect(await found(c, 'meeting', { q: 'offsite' })).toMatchObject([{ id: String(alone), url: `/people?meeting=${alone}` }]);
  });

  test('a match inside one section opens the meeting on that section, its snippet from it; in several, or the title, the meeting', async () => {
    const c = h.user();
    const { ada, quarterly } = await seed(c);
    expect(await found(c, 'meeting', { q: 'postgres' })).toMatchObject([
      { id: String(quarterly), url: meetingAddress(ada, quarterly, { section: 'notes' }) },
    ]);
    const hiring = (
      await c.post('/meetings', {
        meeting: {
          title: 'Hiring sync',
          goals: 'Close the designer role this month.',
          agenda: '## Agenda\n- Review the designer shortlist\n- Offer timing',
          followups: 'Send the offer letter.',
        },
        attendee_ids: [ada],
      })
    ).body.meeting.id as number;
    const [inAgenda] = await found(c, 'meeting', { q: 'shortlist' });
    expect(inAgenda).toMatchObject({ id: String(hiring), url: meetingAddress(ada, hiring, { section: 'agenda' }) });
    expect(inAgenda!.snippet).not.toContain('Close the designer role');
    expect(marked(inAgenda!)).toEqual(['shortlist']);
    const [inTwo] = await found(c, 'meeting', { q: 'designer' });
    expect(inTwo).toMatchObject({ id: String(hiring), url: meetingAddress(ada, hiring) });
    // The words together in no one section: the meeting, its whole text to show them.
    const [across] = await found(c, 'meeting', { q: 'shortlist letter' });
    expect(across).toMatchObject({ id: String(hiring), url: meetingAddress(ada, hiring) });
    expect(marked(across!)).toEqual(['shortlist', 'letter']);
    expect(await found(c, 'meeting', { q: 'hiring' })).toMatchObject([{ id: String(hiring), url: meetingAddress(ada, hiring) }]);
  });

  test('a short note whose match is in its last sentence: the snippet starts at that sentence, whole to its end', async () => {
    const c = h.user();
    const notes =
      '# Weekly sync\n\n- Talked about hiring\n- Budget is tight\n\nWe went through the roadmap for next week with Priya and the team. At the end she asked about the audit plan.';
    await c.post('/meetings', { meeting: { title: 'Weekly sync', notes } });
    const [hit] = await found(c, 'meeting', { q: 'audit' });
    expect(hit!.snippet).toBe('…At the end she asked about the audit plan.');
    expect(marked(hit!)).toEqual(['audit']);
  });

  test('a title with one typo; a long note’s snippet is cut around the match', async () => {
    const c = h.user();
    const { quarterly } = await seed(c);
    const [typo] = await found(c, 'meeting', { q: 'quartrly' });
    expect(typo).toMatchObject({ id: String(quarterly), snippet: 'Quarterly roadmap' });
    expect(marked(typo!)).toEqual(['Quarterly']);

    const long = `${'Status update and more. '.repeat(60)}We agreed on the zeppelin budget. ${'Then other things. '.repeat(60)}`;
    const id = (await c.post('/meetings', { meeting: { title: 'Long one', notes: long } })).body.meeting.id;
    const [hit] = await found(c, 'meeting', { q: 'zeppelin' });
    expect(hit!.id).toBe(String(id));
    expect(hit!.snippet.length).toBeLessThanOrEqual(240);
    expect(marked(hit!)).toEqual(['zeppelin']);
  });
});

describe('About me statements', () => {
  test('found by index; verified ones are the user’s, the others generated and ranked below; rejected ones never', async () => {
    const c = h.user();
    await seed(c);
    const migration = await found(c, 'statement', { q: 'migration' });
    expect(migration).toEqual([
      {
        kind: 'statement',
        id: '0',
        title: 'I led the billing migration to Postgres in six weeks.',
        snippet: 'I led the billing migration to Postgres in six weeks.',
        highlights: [[18, 27]],
        url: aboutMeAddress(0),
        updated_at: expect.any(String),
        generated: false,
      },
    ]);
    const planning = await found(c, 'statement', { q: 'planned' });
    expect(planning.map((r) => [r.id, r.url, r.generated])).toEqual([['1', aboutMeAddress(1), true]]);
    expect(await found(c, 'statement', { q: 'planning', own: 1 })).toEqual([]);
    expect(await found(c, 'statement', { q: 'moon' })).toEqual([]);
    // Verified first, then the generated one.
    await setStatements(c, [
      { text: 'Kayak guide on weekends.', source: '' },
      { text: 'I organise the kayak club.', source: '', status: 'verified' },
    ]);
    expect((await found(c, 'statement', { q: 'kayak' })).map((r) => [r.id, r.generated])).toEqual([
      ['1', false],
      ['0', true],
    ]);
  });
});

describe('isolation', () => {
  test('another user’s people, research, meetings and statements never appear', async () => {
    const a = h.user();
    const seeded = await seed(a);
    const b = h.user();
    for (const q of ['lovelace', 'Ada Lovelase', 'engine', 'migration', 'quarterly', 'quartrly', 'kayak', 'planned']) {
      expect((await search(b, { q })).body.groups.every((g) => g.total === 0 && g.results.length === 0)).toBe(true);
    }
    // With data of their own, B finds only theirs.
    const own = await seed(b);
    const res = await search(b, { q: 'lovelace' });
    expect(res.body.groups[0]!.results.map((r) => r.id)).toEqual([String(own.ada)]);
    for (const q of ['engine', 'migration', 'quarterly', 'kayak', 'Ada Lovelase', 'quartrly']) {
      const ids = (await search(b, { q })).body.groups.flatMap((g) => g.results.map((r) => `${g.kind}:${r.id}`));
      expect(ids.length).toBeGreaterThan(0);
      for (const theirs of [
        `person:${seeded.ada}`,
        `person:${seeded.babbage}`,
        `person:${seeded.grace}`,
        `meeting:${seeded.quarterly}`,
        `meeting:${seeded.alone}`,
      ])
        expect(ids).not.toContain(theirs);
    }
  });
});

describe('logs', () => {
  test('a search never writes the query text to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const svc = await startTestService(peopleService, h.database.db, { logger: createLogger('people', 'debug', stream) });
    try {
      const c = signIn(new TestClient(svc.url), 987654);
      await addPeople(c, 'Zanzibar Quokka');
      expect((await search(c, { q: 'zanzibar quokka' })).status).toBe(200);
      expect((await search(c, { q: 'Zanzibat' })).status).toBe(200);
      expect((await search(c, { q: 'x'.repeat(201) })).status).toBe(422);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toMatch(/zanzibar|zanzibat|quokka|xxxxxxxx/i);
    } finally {
      await svc.close();
    }
  });
});
