import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PEOPLE_MESSAGES as M } from '@cc/contracts';
import { startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { startTestService, type RunningService } from '@cc/service-kit/testing';
import { filesService } from '@cc/svc-files';
import { T } from './tables';
import { addPeople, startPeople, type PeopleHarness } from './test-support';

let base: PeopleHarness;
let notes: PeopleHarness;
let web: PeopleHarness;
let search: OpenAiTestServer;
let files: RunningService;

beforeAll(async () => {
  // One database for both services; svc-files's own listing cache is off (no LISTEN connection left open).
  base = await startPeople();
  files = await startTestService(filesService, base.database.db, { env: { FILES_LISTING_CACHE: 'off' } });
  notes = await startPeople({ FILES_URL: files.url }, base.database);
  search = await startOpenAiTestServer();
  web = await startPeople({ SEARCH_BASE_URL: search.baseURL, SEARCH_API_KEY: 'pplx-test', SEARCH_MODEL: 'sonar-pro' }, notes.database);
});
afterAll(async () => {
  await web?.close();
  await search?.close();
  await files?.close();
  await notes?.close();
  await base?.close();
});

const markersOk = (answer: string, count: number) =>
  [...answer.matchAll(/\[(\d+)\](?!\()/g)].every((m) => Number(m[1]) >= 1 && Number(m[1]) <= count);

const DANA_ANSWER = {
  content: 'Dana Lee is VP Sales at Acme [1]. She spoke at SaaStr Annual 2025 about pipeline hygiene [2][5].',
  citations: ['https://www.acme.com/leadership', 'https://saastr.com/dana-lee-pipeline'],
  searchResults: [
    { title: 'Leadership | Acme', url: 'https://www.acme.com/leadership', date: '2025-09-01' },
    { title: 'Pipeline hygiene with Dana Lee', url: 'https://saastr.com/dana-lee-pipeline' },
  ],
};

describe('POST /people/{id}/perplexity_search with a search endpoint', () => {
  test('the answer comes with its citations {url, title, site}; every [n] points at one; the endpoint is asked as configured', async () => {
    const c = web.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    await c.patch(`/people/${dana}`, { basic_profile: { role: 'VP Sales', company: 'Acme' } });
    search.reply(DANA_ANSWER);
    const res = await c.post(`/people/${dana}/perplexity_search`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      answer: 'Dana Lee is VP Sales at Acme [1]. She spoke at SaaStr Annual 2025 about pipeline hygiene [2].',
      citations: [
        { url: 'https://www.acme.com/leadership', title: 'Leadership | Acme', site: 'acme.com' },
        { url: 'https://saastr.com/dana-lee-pipeline', title: 'Pipeline hygiene with Dana Lee', site: 'saastr.com' },
      ],
      from_cache: false,
      source: 'web',
    });
    expect(markersOk(res.body.answer, res.body.citations.length)).toBe(true);
    const asked = search.requests.at(-1)!;
    expect(asked.body.model).toBe('sonar-pro');
    expect(asked.headers.authorization).toBe('Bearer pplx-test');
    expect(asked.body.messages!.at(-1)!.content).toContain('Who is Dana Lee?');
    expect(asked.body.messages!.at(-1)!.content).toContain('Role: VP Sales; Company: Acme');
  });

  test('the saved result is given again until the name, role or company changes, or the user asks again', async () => {
    const c = web.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    const ask = (body: object = {}) => c.post(`/people/${dana}/perplexity_search`, body);
    search.reply(DANA_ANSWER);
    const first = await ask();
    const asked = search.requests.length;

    const again = await ask();
    expect(again.body).toEqual({ ...first.body, from_cache: true });
    // Other fields do not make it stale.
    await c.patch(`/people/${dana}`, { notes: { notes: 'Likes tennis' }, basic_profile: { team: 'EMEA' } });
    expect((await ask()).body.from_cache).toBe(true);
    expect(search.requests.length).toBe(asked);

    for (const change of [{ basic_profile: { role: 'CRO' } }, { basic_profile: { company: 'Globex' } }, { full_name: 'Dana M. Lee' }]) {
      await c.patch(`/people/${dana}`, change);
      search.reply({ content: 'Fresh answer [1].', citations: ['https://news.example/dana'] });
      const fresh = await ask();
      expect(fresh.body).toMatchObject({ answer: 'Fresh answer [1].', from_cache: false });
      expect((await ask()).body.from_cache).toBe(true);
    }
    search.reply({ content: 'Asked again [1].', citations: ['https://news.example/again'] });
    expect((await ask({ refresh: true })).body).toMatchObject({ answer: 'Asked again [1].', from_cache: false });
    expect((await ask()).body).toMatchObject({ answer: 'Asked again [1].', from_cache: true });
  });

  test('GET /people/{id}/research gives the saved result without searching, null once it no longer fits; 404 for another user', async () => {
    const c = web.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    expect((await c.get(`/people/${dana}/research`)).body).toEqual({ success: true, research: null });
    search.reply(DANA_ANSWER);
    const searched = await c.post(`/people/${dana}/perplexity_search`, {});
    const asked = search.requests.length;
    const saved = await c.get(`/people/${dana}/research`);
    expect(saved.status).toBe(200);
    const { success: _s, from_cache: _f, ...research } = searched.body;
    expect(saved.body).toEqual({ success: true, research });
    expect(search.requests.length).toBe(asked);
    await c.patch(`/people/${dana}`, { basic_profile: { company: 'Globex' } });
    expect((await c.get(`/people/${dana}/research`)).body).toEqual({ success: true, research: null });
    const other = await web.user().get(`/people/${dana}/research`);
    expect(other.status).toBe(404);
  });

  test('a search failure is 502 with the error and nothing is saved; another user never sees the saved result', async () => {
    const c = web.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    search.reply({ status: 503 });
    const res = await c.post(`/people/${dana}/perplexity_search`, {});
    expect([res.status, res.body]).toEqual([502, { success: false, error: M.searchUnavailable, errors: [M.searchUnavailable] }]);
    search.reply({ content: '' });
    expect((await c.post(`/people/${dana}/perplexity_search`, {})).body.error).toBe(M.searchEmpty);
    search.reply(DANA_ANSWER);
    expect((await c.post(`/people/${dana}/perplexity_search`, {})).body.from_cache).toBe(false);
    const other = web.user();
    expect((await other.post(`/people/${dana}/perplexity_search`, {})).status).toBe(404);
    expect((await c.post(`/people/${dana}/perplexity_search`, { refresh: 'yes' })).body.errors).toEqual([M.refreshInvalid]);
  });
});

describe('a search that outlives its budget', () => {
  test('is stopped and answered 502 with the timeout message', async () => {
    const slow = await startPeople({ SEARCH_BASE_URL: search.baseURL, SEARCH_TIMEOUT_MS: '1000' }, base.database);
    try {
      const c = slow.user();
      const [dana] = await addPeople(c, 'Dana Lee');
      search.reply({ ...DANA_ANSWER, delayMs: 30_000 });
      const res = await c.post(`/people/${dana}/perplexity_search`, {});
      expect([res.status, res.body.errors]).toEqual([502, [M.searchTimeout]]);
    } finally {
      await slow.close();
    }
  });
});

describe('POST /people/{id}/perplexity_search without a search endpoint', () => {
  test("it researches the user's own notes: the profile, meetings, files and journal entries, each cited, its findings first and nothing said about the web search", async () => {
    const c = notes.user();
    const inFiles = notes.as(c, files.url);
    const [dana, sam] = await addPeople(c, 'Dana Lee', 'Sam Ortiz');
    await c.patch(`/people/${dana}`, {
      basic_profile: { role: 'VP Sales', company: 'Acme' },
      what_they_care_about: { values: 'Straight talk' },
    });
    await c.post('/meetings', {
      meeting: { title: 'Q3 review', meeting_date: '2026-03-05T14:30', followups: '- Send Dana the churn analysis' },
      attendee_ids: [dana],
    });
    expect(
      (
        await inFiles.post('/files', {
          file: {
            folder: 'relationships',
            name: 'stakeholders.md',
            description: '',
            content: '# Stakeholders\n\nDana Lee owns the EMEA budget.',
          },
        })
      ).status,
    ).toBe(201);
    await inFiles.post('/journal/2026-03-04/save', { content: 'Coffee with Dana Lee: she is worried about Q3.' });
    // Another user's notes about a Dana Lee are not theirs to read.
    const stranger = notes.as(notes.user(), files.url);
    await stranger.post('/journal/2026-03-04/save', { content: 'Dana Lee from my book club.' });
    await c.post('/meetings', { meeting: { title: 'Only Sam' }, attendee_ids: [sam] });

    const res = await c.post(`/people/${dana}/perplexity_search`, {});
    expect(res.status).toBe(200);
    const { answer, citations, from_cache, source } = res.body;
    expect([from_cache, source]).toEqual([false, 'notes']);
    // The findings first, in sentences; nothing about the web search (the page says that beside the answer).
    expect(answer.split('\n\n')[0]).toBe(
      'Dana Lee is VP Sales at Acme [1]. What Dana values: Straight talk [1]. You last met on Thu 5 Mar 2026 ("Q3 review") [2]. Still open from it: Send Dana the churn analysis [2].',
    );
    expect(answer).not.toMatch(/SEARCH_|web search|configured/i);
    expect(answer).not.toContain('.md');
    expect(answer).toContain('Role: VP Sales');
    expect(answer).toContain('Q3 review');
    expect(answer).toContain('follow-ups: Send Dana the churn analysis');
    expect(answer).toContain('Dana Lee owns the EMEA budget.');
    expect(answer).toContain('she is worried about Q3');
    expect(answer).not.toContain('book club');
    expect(answer).not.toContain('Only Sam');
    expect(citations).toEqual([
      { url: `/people?person=${dana}`, title: 'Dana Lee: profile', site: 'Your notes' },
      {
        url: expect.stringMatching(new RegExp(`^/people\\?person=${dana}&meeting=\\d+$`)),
        title: 'Meeting: Q3 review (Thu 5 Mar 2026)',
        site: 'Your notes',
      },
      { url: '/dashboard?folder=relationships&file=stakeholders.md', title: 'Stakeholders (Relationships)', site: 'Your notes' },
      { url: '/journal/2026-03-04', title: 'Journal, Wed 4 Mar 2026', site: 'Your notes' },
    ]);
    expect(markersOk(answer, citations.length)).toBe(true);
    expect([...new Set(answer.match(/\[\d+\]/g))]).toEqual(['[1]', '[2]', '[3]', '[4]']);
    // Saved like a web result (the documented call has no body at all); asking again reads the notes afresh.
    const bare = await c.request('POST', `/people/${dana}/perplexity_search`);
    expect([bare.status, bare.body]).toEqual([200, { ...res.body, from_cache: true }]);
    await inFiles.post('/journal/2026-03-06/save', { content: 'Dana Lee agreed to the pilot.' });
    expect((await c.post(`/people/${dana}/perplexity_search`, {})).body.answer).not.toContain('agreed to the pilot');
    const again = await c.post(`/people/${dana}/perplexity_search`, { refresh: true });
    expect([again.body.from_cache, again.body.answer.includes('agreed to the pilot')]).toEqual([false, true]);
    expect(markersOk(again.body.answer, again.body.citations.length)).toBe(true);

    // Once a web search is configured, the saved notes research gives way to it.
    search.reply(DANA_ANSWER);
    const onWeb = await notes.as(c, web.svc.url).post(`/people/${dana}/perplexity_search`, {});
    expect(onWeb.body).toMatchObject({ source: 'web', from_cache: false, citations: [{ site: 'acme.com' }, { site: 'saastr.com' }] });
  });

  test("a role takes the article it is said with, a field is named without the form's hint, and what is missing is said in the coach's voice", async () => {
    const c = notes.user();
    const [mona] = await addPeople(c, 'Mona Haddad');
    await c.patch(`/people/${mona}`, { basic_profile: { role: 'HR business partner', relationship: 'peer' } });
    const { answer } = (await c.post(`/people/${mona}/perplexity_search`, {})).body;
    expect(answer).toContain('Mona Haddad is an HR business partner [1].');
    expect(answer).toContain('- Relationship: peer');
    expect(answer).toContain('Not in your notes yet: their company and how you know each other.');
  });

  test('a notes answer saved with the first wording (a setting named in its first sentence) is read without that sentence', async () => {
    const c = notes.user();
    const [id] = await addPeople(c, 'Grace Hopper');
    await c.patch(`/people/${id}`, { basic_profile: { role: 'Rear admiral' } });
    const first = (await c.post(`/people/${id}/perplexity_search`, {})).body;
    const old = 'No web search is configured (SEARCH_BASE_URL is not set), so this answer comes from your own notes only.';
    await notes.database
      .db(T.person_research)
      .where({ person_id: id })
      .update({ answer: `${old}\n\n${first.answer}` });
    expect((await c.get(`/people/${id}/research`)).body.research.answer).toBe(first.answer);
    expect((await c.post(`/people/${id}/perplexity_search`, {})).body).toMatchObject({ from_cache: true, answer: first.answer });
  });

  test('with nothing written and svc-files out of reach, it still answers and says what to write down', async () => {
    const lonely = await startPeople({ FILES_URL: 'http://127.0.0.1:9' }, notes.database);
    try {
      const c = lonely.user();
      const [id] = await addPeople(c, 'New Person');
      const res = await c.post(`/people/${id}/perplexity_search`, {});
      expect(res.status).toBe(200);
      expect(res.body.citations).toEqual([]);
      expect(res.body.answer).toBe(
        'Your notes say nothing about New Person yet. Start with their role, their company and how you know each other in Basic profile; after your next conversation, write down what they care about.',
      );
      expect(res.body.answer).not.toMatch(/\[\d+\]/);
    } finally {
      await lonely.close();
    }
  });
});
