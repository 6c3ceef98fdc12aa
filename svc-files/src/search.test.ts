import { describe, expect, test } from '@jest/globals';
import { SEARCH_MESSAGES as M, type SearchGroup, type SearchResult } from '@cc/contracts';
import { bragFileName, isGeneratedDocument } from '@cc/contracts/profile-rules';
import { refused, startedForTests, type TestClient } from '@cc/service-kit/testing';
import { journalDayTitle } from './search';
import { newFile, startFiles } from './test-support';

const h = startedForTests(startFiles);

const search = async (c: TestClient, params: string) => {
  const res = await c.get(`/files/search?${params}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body.groups as SearchGroup[];
};
const group = async (c: TestClient, kind: 'file' | 'journal', q: string, extra = '') =>
  (await search(c, `q=${encodeURIComponent(q)}&kinds=${kind}${extra}`))[0]!;
const titles = (g: SearchGroup) => g.results.map((r) => r.title);
/** The words a result marks in its snippet. */
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

describe('GET /files/search', () => {
  test('finds files and journal entries: id, title, address, snippet with the matched words marked', async () => {
    const c = h.user();
    const id = await newFile(c, {
      folder: 'work',
      name: 'database-migration.md',
      description: '',
      content: 'We planned the migration to Postgres for next quarter.',
    });
    await c.post('/journal/2026-11-03/save', { content: 'Planning the **migration** with Sam.\n\nNext quarter looks busy.' });

    const groups = await search(c, 'q=migration');
    expect(groups).toEqual([
      {
        kind: 'file',
        total: 1,
        results: [
          {
            kind: 'file',
            id: String(id),
            title: 'database-migration.md',
            snippet: expect.any(String),
            highlights: expect.any(Array),
            url: '/dashboard?folder=work&file=database-migration.md',
            updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
            generated: false,
          },
        ],
      },
      {
        kind: 'journal',
        total: 1,
        results: [
          {
            kind: 'journal',
            id: '2026-11-03',
            title: journalDayTitle('2026-11-03'),
            snippet: expect.any(String),
            highlights: expect.any(Array),
            url: '/journal/2026-11-03',
            updated_at: expect.stringMatching(/Z$/),
            generated: false,
          },
        ],
      },
    ]);
    const [file, entry] = [groups[0]!.results[0]!, groups[1]!.results[0]!];
    expect(file.snippet).toContain('the migration to Postgres for next quarter');
    expect(marked(file)).toEqual(['migration']);
    // Plain text on one line: the markdown's emphasis and line breaks are gone.
    expect(entry.snippet).toContain('Planning the migration with Sam. Next quarter');
    expect(marked(entry)).toEqual(['migration']);
  });

  test('a journal day is titled as the journal page names it', () => {
    expect(journalDayTitle('2026-11-03')).toMatch(/^Journal – Tuesday,? 3 November 2026$/);
  });

  test('prefixes while typing, word forms and quoted phrases', async () => {
    const c = h.user();
    await newFile(c, { folder: 'work', name: 'plan.md', description: '', content: 'The migration of billing, planning for next quarter.' });
    await newFile(c, { folder: 'work', name: 'later.md', description: '', content: 'The quarter after next is for hiring.' });
    await c.post('/journal/2026-10-01/save', { content: 'Planning day: the migration plan is ready.' });

    const migr = await group(c, 'file', 'migr');
    expect(titles(migr)).toEqual(['plan.md']);
    expect(marked(migr.results[0]!)).toEqual(['migration']);
    expect(titles(await group(c, 'journal', 'migr'))).toEqual([journalDayTitle('2026-10-01')]);

    // "planned" and "planning" are one word to the English stemmer.
    const planned = await group(c, 'file', 'planned');
    expect(titles(planned)).toEqual(['plan.md']);
    expect(marked(planned.results[0]!)).toEqual(['planning']);
    expect(marked((await group(c, 'journal', 'planned')).results[0]!)).toEqual(['Planning', 'plan']);

    const phrase = await group(c, 'file', '"next quarter"');
    expect(titles(phrase)).toEqual(['plan.md']);
    expect(marked(phrase.results[0]!)).toEqual(['next', 'quarter']);
    expect(titles(await group(c, 'file', 'next quarter'))).toEqual(expect.arrayContaining(['plan.md', 'later.md']));
    // Every word must match.
    expect(await group(c, 'file', 'migration hiring')).toEqual({ kind: 'file', total: 0, results: [] });
  });

  test('a name with one typo is found, after the exact matches; a name that is further away is not', async () => {
    const c = h.user();
    const ada = await newFile(c, { folder: 'people', name: 'Ada Lovelace.md', description: '', content: 'Mentor. Monthly chats.' });
    await newFile(c, { folder: 'people', name: 'notes.md', description: '', content: 'Met lovelase at the meetup (sic).' });

    const g = await group(c, 'file', 'lovelase');
    expect(g.total).toBe(2);
    expect(titles(g)).toEqual(['notes.md', 'Ada Lovelace.md']);
    const typo = g.results[1]!;
    // Only the name matched: the snippet is the name, the near word marked.
    expect(typo).toMatchObject({ id: String(ada), snippet: 'Ada Lovelace.md', url: '/dashboard?folder=people&file=Ada+Lovelace.md' });
    expect(marked(typo)).toEqual(['Lovelace']);
    expect(titles(await group(c, 'file', 'ada lovelase'))).toEqual(['Ada Lovelace.md']);
    expect(titles(await group(c, 'file', 'lovelac'))).toEqual(['Ada Lovelace.md']);
    expect((await group(c, 'file', 'lovelxse')).total).toBe(0);
    expect((await group(c, 'file', 'grace')).total).toBe(0);
  });

  test('a match in the name only: the name is the snippet; name matches rank first, then the content, then the notes', async () => {
    const c = h.user();
    await newFile(c, { folder: 'a', name: 'notes.md', description: '', content: 'roadmap roadmap roadmap. The roadmap again, roadmap.' });
    const named = await newFile(c, { folder: 'a', name: 'Team-Roadmap.2027.md', description: '', content: 'Q1: hiring.' });
    const summarised = await newFile(c, { folder: 'b', name: 'summary.md', description: '', content: 'Nothing here.' });
    expect((await c.patch(`/files/${summarised}/summary`, { summary: 'About the roadmap and its risks.' })).status).toBe(200);

    const g = await group(c, 'file', 'roadmap');
    expect(titles(g)).toEqual(['Team-Roadmap.2027.md', 'notes.md', 'summary.md']);
    expect(g.results[0]).toMatchObject({ id: String(named), snippet: 'Team-Roadmap.2027.md' });
    expect(marked(g.results[0]!)).toEqual(['Roadmap']);
    expect(marked(g.results[2]!)).toEqual(['roadmap']);
    expect(g.results[2]!.snippet).toContain('About the roadmap and its risks');
  });

  test('what a file holds now is what is found', async () => {
    const c = h.user();
    const id = await newFile(c, { folder: 'x', name: 'draft.md', description: '', content: 'first words about walruses' });
    expect((await group(c, 'file', 'walrus')).total).toBe(1);
    await c.patch(`/files/${id}`, { file: { content: 'now about narwhals' } });
    expect((await group(c, 'file', 'walrus')).total).toBe(0);
    expect((await group(c, 'file', 'narwhal')).total).toBe(1);
    await c.put(`/files/${id}`, { file: { name: 'sea-unicorns.md' } });
    expect(titles(await group(c, 'file', 'unicorn'))).toEqual(['sea-unicorns.md']);
    await c.post('/journal/2026-01-02/save', { content: 'walruses' });
    await c.post('/journal/2026-01-02/save', { content: 'narwhals' });
    expect((await group(c, 'journal', 'walrus')).total).toBe(0);
    expect((await group(c, 'journal', 'narwhal')).total).toBe(1);
  });

  test('a file as long as a file may be saves and is searched in its first 100,000 characters', async () => {
    const c = h.user();
    // Two million characters of different words: the whole would not fit in a tsvector (1 MB).
    let content = 'beginning ';
    for (let i = 0; content.length < 1_999_000; i++) content += `w${i.toString(36)}x `;
    content = `${content.slice(0, 1_999_980)} farewell`;
    await newFile(c, { folder: 'big', name: 'dump.md', description: '', content });
    expect((await group(c, 'file', 'beginning')).total).toBe(1);
    expect((await group(c, 'file', 'farewell')).total).toBe(0);
  });

  test('any=1 (a chat message): any two of the words match, the files with more of them first', async () => {
    const c = h.user();
    await newFile(c, { folder: 'x', name: 'one.md', description: '', content: 'The heron.' });
    await newFile(c, { folder: 'x', name: 'two.md', description: '', content: 'The heron and the egret.' });
    await newFile(c, { folder: 'x', name: 'three.md', description: '', content: 'The heron, the egret and the ibis.' });
    expect((await group(c, 'file', 'heron egret ibis')).total).toBe(1);
    expect(titles(await group(c, 'file', 'heron egret ibis', '&any=1'))).toEqual(['three.md', 'two.md']);
  });

  test("another user's files and journal entries never appear, by text or by a typo", async () => {
    const [c, other] = [h.user(), h.user()];
    await newFile(other, { folder: 'people', name: 'Kestrel Jones.md', description: '', content: 'kestrel notes' });
    await other.post('/journal/2026-05-05/save', { content: 'Saw a kestrel.' });
    const mine = await newFile(c, { folder: 'birds', name: 'list.md', description: '', content: 'A kestrel, twice.' });
    const groups = await search(c, 'q=kestrel');
    expect(groups.map((g) => [g.kind, g.total, g.results.map((r) => r.id)])).toEqual([
      ['file', 1, [String(mine)]],
      ['journal', 0, []],
    ]);
    expect((await search(c, 'q=kestrl')).every((g) => g.total === 0)).toBe(true);
    expect((await search(h.user(), 'q=kestrel')).every((g) => g.total === 0)).toBe(true);
  });

  test('limit and total, per kind; only the kinds asked, in their fixed order', async () => {
    const c = h.user();
    for (let i = 1; i <= 6; i++) await newFile(c, { folder: 'zoo', name: `ocelot-${i}.md`, description: '', content: 'An ocelot.' });
    await c.post('/journal/2026-02-01/save', { content: 'Ocelot at the zoo.' });
    await c.post('/journal/2026-02-02/save', { content: 'Another ocelot.' });

    const all = await search(c, 'q=ocelot');
    expect(all.map((g) => [g.kind, g.total, g.results.length])).toEqual([
      ['file', 6, 5],
      ['journal', 2, 2],
    ]);
    const two = await search(c, 'q=ocelot&limit=2&kinds=journal,file');
    expect(two.map((g) => [g.kind, g.total, g.results.length])).toEqual([
      ['file', 6, 2],
      ['journal', 2, 2],
    ]);
    expect((await search(c, 'q=ocelot&kinds=journal')).map((g) => [g.kind, g.total])).toEqual([['journal', 2]]);
    // Kinds of other domains only: nothing of this one was asked.
    expect(await search(c, 'q=ocelot&kinds=person,todo')).toEqual([]);
    // Same score: the latest change first.
    expect(titles((await search(c, 'q=ocelot&kinds=file&limit=2'))[0]!)).toEqual(['ocelot-6.md', 'ocelot-5.md']);
  });

  test('generated documents rank below the user’s own words, marked generated; own=1 leaves them out', async () => {
    const c = h.user();
    const own = await newFile(c, { folder: 'work', name: 'retro.md', description: '', content: 'The payments launch went well.' });
    const brag = await newFile(c, {
      folder: 'work-profile',
      name: bragFileName('2026-11-20'),
      description: 'Brag document',
      content: '# Brag document\n\nThe payments launch went well.',
    });
    const g = await group(c, 'file', 'payments launch');
    expect(g.results.map((r) => [r.id, r.generated])).toEqual([
      [String(own), false],
      [String(brag), true],
    ]);
    const mine = await group(c, 'file', 'payments launch', '&own=1');
    expect(mine.total).toBe(1);
    expect(mine.results.map((r) => r.id)).toEqual([String(own)]);
  });

  test('"generated" is the product’s own rule for its documents (isGeneratedDocument)', async () => {
    const c = h.user();
    const files = [
      { name: bragFileName('2026-11-26', 2), description: '', content: 'zebra' },
      { name: 'review.md', description: 'Brag document', content: 'zebra' },
      { name: 'renamed.md', description: '', content: '\n# Brag document: Jane\n\nPeriod: zebra' },
      { name: 'plain-heading.md', description: '', content: '  # Brag document\nzebra' },
      { name: 'brag-ideas.md', description: 'My brag document notes', content: '# Brag documents I like\nzebra' },
      { name: 'mine.md', description: 'zebra sightings', content: 'I saw one. # Brag document' },
    ];
    for (const f of files) await newFile(c, { folder: 'z', ...f });
    const g = await group(c, 'file', 'zebra', '&limit=50');
    const flags = Object.fromEntries(g.results.map((r) => [r.title, r.generated]));
    expect(flags).toEqual(Object.fromEntries(files.map((f) => [f.name, isGeneratedDocument(f)])));
    expect(Object.values(flags).filter(Boolean)).toHaveLength(4);
  });

  test('a query of only punctuation answers every kind empty', async () => {
    const c = h.user();
    await newFile(c, { folder: 'x', name: 'a.md', description: '', content: 'Some text?!' });
    for (const q of ['?!', '"" & |', '…']) {
      expect(await search(c, `q=${encodeURIComponent(q)}`)).toEqual([
        { kind: 'file', total: 0, results: [] },
        { kind: 'journal', total: 0, results: [] },
      ]);
    }
  });

  test('bad input: 422 with the search messages; signed out: 401', async () => {
    const c = h.user();
    const cases: [string, string][] = [
      ['', M.queryRequired],
      ['q=', M.queryRequired],
      ['q=%20%20%20', M.queryRequired],
      [`q=${'x'.repeat(201)}`, M.queryTooLong],
      ['q=plan&kinds=file,folders', M.unknownKind],
      ['q=plan&limit=0', M.limit],
      ['q=plan&limit=51', M.limit],
      ['q=plan&limit=two', M.limit],
    ];
    for (const [params, message] of cases) {
      const res = await c.get(`/files/search?${params}`);
      expect([params, res.status, res.body]).toEqual([params, 422, refused(message)]);
    }
    expect((await c.get(`/files/search?q=${'x'.repeat(200)}`)).status).toBe(200);
    const anonymous = h.user();
    delete anonymous.cookie;
    expect((await anonymous.get('/files/search?q=plan')).status).toBe(401);
  });
});
