import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { testEmbedding, type OpenAiTestServer } from '@cc/ai/testing';
import type { SearchGroup, SearchResult } from '@cc/contracts';
import { bragFileName } from '@cc/contracts/profile-rules';
import { fuseRankings, nearest, startedEmbeddingsQueues, stopEmbeddingsQueues } from '@cc/service-kit';
import { startWithTestModel, TEST_EMBEDDING_MODEL, until, type ServiceWithModel, type TestClient } from '@cc/service-kit/testing';
import { journalDayTitle } from './search';
import { EMBEDDINGS_QUEUE, VECTORS, type FilesEmbeddings } from './search-vectors';
import { filesService } from './service';
import { newFile } from './test-support';

/**
 * Search by meaning (docs/search.md#files-and-journal) with the loopback test model, whose
 * vectors are hashed bags of word stems: "meaning" here is sharing stems, so a note is found by
 * a query whose words are not all in it (full text's AND misses it) but most of them are.
 */

const MODEL = TEST_EMBEDDING_MODEL;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const start = () => startWithTestModel<FilesEmbeddings>(filesService, { firstUser: 52_000 });

const search = async (c: TestClient, params: string) => {
  const res = await c.get(`/files/search?${params}`);
  expect(res.status).toBe(200);
  return res.body.groups as SearchGroup[];
};
const group = async (c: TestClient, kind: 'file' | 'journal', q: string, extra = '') =>
  (await search(c, `q=${encodeURIComponent(q)}&kinds=${kind}${extra}`))[0]!;
const ids = (g: SearchGroup) => g.results.map((r) => r.id);
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

describe('files and journal search by meaning', () => {
  let model: OpenAiTestServer;
  let s: ServiceWithModel<FilesEmbeddings>;
  let embeddings: FilesEmbeddings;
  const vectors = (userId: number) => s.database.db(VECTORS).where({ user_id: userId }).orderBy(['kind', 'object_id']);

  beforeAll(async () => {
    s = await start();
    model = s.model;
    embeddings = s.embeddings;
  });
  afterAll(() => s.close());

  test('the queue embeds new notes in the background: name, content and description; the day and the entry', async () => {
    const c = s.user();
    const id = await newFile(c, { folder: 'home', name: 'kitchen.md', description: 'Renovation', content: 'Quotes for the new cabinets.' });
    await c.post('/journal/2026-11-03/save', { content: '  Talked with the architect.  ' });
    // The start's run, or the run the writes asked for: no one calls the job here.
    await until(async () => (await vectors(c.id)).length === 2);
    const [file, day] = await vectors(c.id);
    const fileText = 'kitchen.md\n\nQuotes for the new cabinets.\n\nRenovation';
    const dayText = 'Tuesday, 3 November 2026\n\nTalked with the architect.';
    expect(file).toMatchObject({ kind: 'file', object_id: String(id), model: MODEL, content_hash: md5(fileText) });
    expect(day).toMatchObject({ kind: 'journal', object_id: '2026-11-03', model: MODEL, content_hash: md5(dayText) });
    const inputs = model.requests.flatMap((r) => (Array.isArray(r.body.input) ? (r.body.input as string[]) : []));
    expect(inputs).toEqual(expect.arrayContaining([fileText, dayText]));
    // Its queue is the service's own, in its own schema.
    const queues = await s.database.db.raw(`select name from files_jobs.queue where name = ?`, [EMBEDDINGS_QUEUE]);
    expect(queues.rows).toHaveLength(1);
    // The rest of the tests run the job themselves, so what ran is known.
    await embeddings.stop();
    expect(startedEmbeddingsQueues()).not.toContain(embeddings);
  });

  test('a run embeds only what changed, and skips unchanged notes without asking the model', async () => {
    const c = s.user();
    const id = await newFile(c, { folder: 'work', name: 'budget.md', content: 'Quarterly budget for the platform team.' });
    await c.post('/journal/2026-11-04/save', { content: 'Budget review went well.' });
    await c.post('/journal/2026-11-05/save', { content: '   ' });
    expect(await embeddings.embedAll()).toBe(2);
    const asked = model.requests.length;
    expect(await embeddings.embedAll()).toBe(0);
    expect(model.requests).toHaveLength(asked);
    // A summary is not embedded: no new vector for it.
    await c.patch(`/files/${id}/summary`, { summary: 'A summary' });
    expect(await embeddings.embedAll()).toBe(0);
    // A changed content is embedded again, alone.
    const saved = await c.patch(`/files/${id}`, { file: { content: 'Quarterly budget for the data team.' } });
    expect(saved.status).toBe(200);
    expect(await embeddings.embedAll()).toBe(1);
    expect(model.requests.at(-1)!.body.input).toEqual(['budget.md\n\nQuarterly budget for the data team.']);
    // A day saved empty loses its vector at the next run.
    await c.post('/journal/2026-11-04/save', { content: '' });
    await embeddings.embedAll();
    expect((await vectors(c.id)).map((v) => `${v.kind}:${v.object_id}`)).toEqual([`file:${id}`]);
  });

  test('finds a note by meaning when full text misses it (not every word is in it), with its words marked', async () => {
    const c = s.user();
    const garden = await newFile(c, { folder: 'home', name: 'balcony.md', content: 'Tomatoes and basil for the balcony.' });
    await newFile(c, { folder: 'work', name: 'finance.md', content: 'Quarterly finance review with the controller.' });
    await embeddings.embedAll();

    // Full text wants every word: "harvest" is in no note.
    const g = await group(c, 'file', 'tomatoes basil harvest');
    expect(ids(g)).toEqual([String(garden)]);
    expect(g.total).toBe(1);
    expect(g.results[0]).toMatchObject({
      title: 'balcony.md',
      url: '/dashboard?folder=home&file=balcony.md',
      generated: false,
      by_meaning: true,
    });
    expect(g.results[0]!.snippet).toBe('Tomatoes and basil for the balcony');
    expect(marked(g.results[0]!)).toEqual(['Tomatoes', 'basil']);
    // A query near nothing the user wrote finds nothing by meaning.
    expect(await group(c, 'file', 'sailing regatta')).toEqual({ kind: 'file', total: 0, results: [] });
  });

  test('a journal day found by meaning alone: its title and address, the start of the entry as its snippet', async () => {
    const c = s.user();
    // The test model's stems: "apply" and "app" are one stem, which English full text keeps apart.
    await c.post('/journal/2026-10-01/save', { content: 'App store review notes.\n\nSecond paragraph.' });
    await embeddings.embedAll();
    const g = await group(c, 'journal', 'apply');
    expect(g.total).toBe(1);
    expect(g.results).toEqual([
      {
        kind: 'journal',
        id: '2026-10-01',
        title: journalDayTitle('2026-10-01'),
        snippet: 'App store review notes. Second paragraph.',
        highlights: [],
        url: '/journal/2026-10-01',
        updated_at: expect.any(String),
        generated: false,
        by_meaning: true,
      },
    ]);
  });

  test('fuses both rankings: what both rank high first, full-text matches kept, meaning-only ones added', async () => {
    const c = s.user();
    // Full text: all three words in both; the first says them together (higher cover density).
    const both = await newFile(c, { folder: 'work', name: 'roadmap.md', content: 'Platform team roadmap.' });
    const long = await newFile(c, {
      folder: 'work',
      name: 'weekly.md',
      content:
        'Standup notes. The platform group discussed incidents, hiring, budgets, vendors, the offsite, travel, ' +
        'laptops and the new team charter. Someone asked about the roadmap at the end.',
    });
    // No "roadmap": full text misses it, its vector is close.
    const offsite = await newFile(c, { folder: 'work', name: 'offsite.md', content: 'Platform team offsite.' });
    await embeddings.embedAll();

    const q = 'platform team roadmap';
    // Full text alone (the model fails this once), and the nearest vectors, as the search sees them.
    model.replyEmbeddings({ status: 500 });
    const fullText = await group(c, 'file', q);
    expect(ids(fullText)).toEqual([String(both), String(long)]);
    const near = (
      await nearest(s.database.db, 'files', { userId: c.id, kinds: ['file'], model: MODEL, vector: testEmbedding(q), limit: 5 })
    )
      .filter((r) => r.score >= 0.25)
      .map((r) => r.object_id);
    expect(near.slice(0, 2)).toEqual([String(both), String(offsite)]);

    const g = await group(c, 'file', q);
    expect(ids(g)).toEqual(fuseRankings([ids(fullText).map((key) => ({ key })), near.map((key) => ({ key }))]));
    expect(ids(g)[0]).toBe(String(both));
    expect(ids(g)).toContain(String(offsite));
    // The full-text total plus the one note found by meaning alone.
    expect(g.total).toBe(3);
    // Limit 1: the one both put first.
    expect(ids(await group(c, 'file', 'platform team roadmap', '&limit=1'))).toEqual([String(both)]);
    // A chat's retrieval (any=1) fuses too.
    const any = await group(c, 'file', 'platform team roadmap', '&any=1&own=1');
    expect(ids(any)).toEqual(expect.arrayContaining([String(both), String(offsite), String(long)]));
  });

  test('a generated document found by meaning is marked generated, and own=1 leaves it out', async () => {
    const c = s.user();
    const brag = await newFile(c, { folder: 'brag', name: bragFileName('2026-11-20'), content: 'Shipped the billing migration.' });
    await embeddings.embedAll();
    const q = 'billing migration rollout';
    const g = await group(c, 'file', q);
    expect(g.results).toEqual([expect.objectContaining({ id: String(brag), generated: true })]);
    expect(g.total).toBe(1);
    expect(await group(c, 'file', q, '&own=1')).toEqual({ kind: 'file', total: 0, results: [] });
  });

  test('each user finds only their own notes by meaning', async () => {
    const a = s.user();
    const b = s.user();
    const mine = await newFile(a, { folder: 'home', name: 'sourdough.md', content: 'Sourdough starter feeding schedule.' });
    await b.post('/journal/2026-11-02/save', { content: 'Sourdough starter feeding schedule.' });
    await embeddings.embedAll();
    const query = 'sourdough starter bakery';
    expect(await search(a, `q=${encodeURIComponent(query)}`)).toEqual([
      { kind: 'file', total: 1, results: [expect.objectContaining({ id: String(mine) })] },
      { kind: 'journal', total: 0, results: [] },
    ]);
    expect(await search(b, `q=${encodeURIComponent(query)}`)).toEqual([
      { kind: 'file', total: 0, results: [] },
      { kind: 'journal', total: 1, results: [expect.objectContaining({ id: '2026-11-02' })] },
    ]);
    expect(await search(s.user(), `q=${encodeURIComponent(query)}`)).toEqual([
      { kind: 'file', total: 0, results: [] },
      { kind: 'journal', total: 0, results: [] },
    ]);
  });

  test('deleting a file removes its vector at once; deleting a folder, its files’ vectors at the next run', async () => {
    const c = s.user();
    const one = await newFile(c, { folder: 'trips', name: 'lisbon.md', content: 'Lisbon trip packing list.' });
    const two = await newFile(c, { folder: 'old', name: 'porto.md', content: 'Porto trip packing list.' });
    await embeddings.embedAll();
    expect((await vectors(c.id)).map((v) => v.object_id).sort()).toEqual([String(one), String(two)].sort());
    expect((await c.delete(`/files/${one}`)).status).toBe(200);
    expect((await vectors(c.id)).map((v) => v.object_id)).toEqual([String(two)]);
    expect((await c.delete('/folders/old')).status).toBe(200);
    await embeddings.embedAll();
    expect(await vectors(c.id)).toEqual([]);
    expect(await group(c, 'file', 'trip packing luggage')).toEqual({ kind: 'file', total: 0, results: [] });
  });
});

describe('when the embeddings model fails', () => {
  let model: OpenAiTestServer;
  let s: ServiceWithModel<FilesEmbeddings>;
  beforeAll(async () => {
    s = await start();
    model = s.model;
    await s.embeddings.stop();
  });
  afterAll(() => s.close());

  test('full text still answers, at once or after the wait, and the log names no query', async () => {
    const c = s.user();
    const id = await newFile(c, { folder: 'home', name: 'garden.md', content: 'Tomatoes and basil for the balcony.' });
    await s.embeddings.embedAll();
    // Vectors are stored, but the model cannot embed the query: full text alone.
    model.replyEmbeddings({ status: 500 });
    expect(ids(await group(c, 'file', 'tomatoes basil'))).toEqual([String(id)]);
    model.replyEmbeddings({ status: 500 });
    expect(await group(c, 'file', 'tomatoes basil harvest')).toEqual({ kind: 'file', total: 0, results: [] });
    // Too slow: the search does not wait for it.
    model.replyEmbeddings({ delayMs: 4_000 });
    const started = Date.now();
    expect(ids(await group(c, 'file', 'tomatoes basil'))).toEqual([String(id)]);
    expect(Date.now() - started).toBeLessThan(3_000);
    const failures = s.lines.filter((l) => l.includes('search by meaning unavailable'));
    expect(failures).toHaveLength(3);
    expect(s.lines.join('\n')).not.toMatch(/tomatoes|basil|harvest/i);
  });
});

afterAll(async () => {
  await stopEmbeddingsQueues();
});
