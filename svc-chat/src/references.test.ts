import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { fileAddress, journalAddress, meetingAddress, personAddress } from '@cc/contracts/addresses';
import type { SearchKind, SearchResult } from '@cc/contracts';
import { providerFor, startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { citedReferences, notesNotice } from '@cc/ai';
import { postEventStream, recordingProvider, startChat, startFakePeople, storedMessages, type ChatHarness } from './test-support';

/**
 * Answers that cite the user's notes (docs/search.md#answers-that-cite-your-notes): the passages
 * svc-chat retrieves before a reply, and the references it keeps after it. The domains' searches
 * are stand-ins answering the domain contract (each service tests its own search).
 */

/** A result whose snippet marks `words` (as ts_headline does), so retrieval sees what it shares. */
function result(kind: SearchKind, id: string, title: string, snippet: string, url: string, words: string[]): SearchResult {
  const highlights: Array<[number, number]> = [];
  for (const w of words) {
    const at = snippet.toLowerCase().indexOf(w.toLowerCase());
    if (at >= 0) highlights.push([at, at + w.length]);
  }
  highlights.sort((a, b) => a[0] - b[0]);
  return { kind, id, title, snippet, highlights, url, updated_at: '2026-11-03T18:00:00.000Z', generated: false };
}

const JOURNAL = result(
  'journal',
  '2026-11-03',
  'Tue 3 Nov 2026',
  'Long day. The platform team is short two engineers, and the migration slipped again. Ada wants a plan by Friday.',
  journalAddress('2026-11-03'),
  ['platform', 'team', 'migration'],
);
const OPEN_FILE = result(
  'file',
  '5',
  'migration.md',
  'The platform team owns the migration plan.',
  fileAddress('current-projects', 'migration.md'),
  ['platform', 'team'],
);
const OTHER_FILE = result(
  'file',
  '6',
  'hiring.md',
  'Hiring for the platform team is frozen until January.',
  fileAddress('current-projects', 'team-health.md'),
  ['platform', 'team'],
);
const TODAYS_JOURNAL = result(
  'journal',
  '2026-11-20',
  'Fri 20 Nov 2026',
  'The platform team met about the migration.',
  journalAddress('2026-11-20'),
  ['platform', 'team', 'migration'],
);
const ADA = result('person', '4', 'Ada Park', 'Ada runs the platform team and owns the migration.', personAddress(4), [
  'platform',
  'migration',
]);
const MEETING = result(
  'meeting',
  '12',
  'Migration review',
  'We agreed the platform team moves the billing migration to March.',
  meetingAddress(4, 12),
  ['platform', 'migration'],
);

type Domain = 'files' | 'coaching' | 'people';
/** What each domain's search answers (its groups), how slowly, or a failure. */
let found: Record<Domain, { results: SearchResult[]; status?: number; delayMs?: number }>;

const ada = { id: 4, full_name: 'Ada Park', basic_profile: { role: 'VP Engineering' } };
const reviewMeeting = {
  id: 12,
  title: 'Migration review',
  meeting_date: '2026-11-10T10:00',
  short_date: '',
  location: '',
  attendees: [{ id: 4, name: 'Ada Park' }],
  attendee_ids: [4],
  goals: '',
  agenda: '',
  anticipating: '',
  notes: '',
  followups: '',
  reflection: '',
  revisions: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
/** svc-people's own reads (a person chat's profile, a meeting chat's meeting). */
const PEOPLE_READS: Record<string, unknown> = {
  '/people/4': { success: true, person: ada },
  '/people/4/meetings?limit=10': { success: true, meetings: [] },
  '/meetings/12': { success: true, meeting: reviewMeeting },
};

function fakeDomain(name: Domain) {
  const searches: URL[] = [];
  return startFakePeople((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === `/${name}/search`) {
      searches.push(url);
      const f = found[name];
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(f.status ?? 200, { 'content-type': 'application/json' });
        const kinds = url.searchParams.get('kinds')?.split(',') ?? [];
        const groups = kinds
          .map((kind) => ({ kind, results: f.results.filter((r) => r.kind === kind) }))
          .filter((g) => g.results.length)
          .map((g) => ({ ...g, total: g.results.length }));
        res.end(JSON.stringify(f.status ? { success: false } : { success: true, groups }));
      }, f.delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    const body = PEOPLE_READS[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { success: false, errors: ['Not found'] }));
  }).then((server) => ({ ...server, searches }));
}

let files: Awaited<ReturnType<typeof fakeDomain>>;
let coaching: Awaited<ReturnType<typeof fakeDomain>>;
let people: Awaited<ReturnType<typeof fakeDomain>>;
let chat: ChatHarness;
const recorded = recordingProvider();
let env: Record<string, string>;

beforeAll(async () => {
  files = await fakeDomain('files');
  coaching = await fakeDomain('coaching');
  people = await fakeDomain('people');
  env = { FILES_URL: files.url, COACHING_URL: coaching.url, PEOPLE_URL: people.url };
  chat = await startChat({ provider: recorded.provider }, env);
});
afterAll(async () => {
  await chat?.close();
  await Promise.all([files?.close(), coaching?.close(), people?.close()]);
});
beforeEach(() => {
  found = { files: { results: [] }, coaching: { results: [] }, people: { results: [] } };
  recorded.inputs.length = 0;
});

const MESSAGE = 'The platform team lost another engineer and the migration is at risk.';
const fileChat = {
  file_id: 5,
  folder: 'current-projects',
  file_name: 'migration.md',
  file_content: '# Migration\n',
  mode: 'ask',
  message: MESSAGE,
};
const journalChat = { folder: 'journal', file_name: '2026-11-20.md', file_content: 'A long day.', mode: 'ask', message: MESSAGE };

describe('passages before a reply', () => {
  test('the coach is given the passages, numbered; the open file is left out; the query is the message with the file’s name', async () => {
    found.files.results = [OPEN_FILE, OTHER_FILE, JOURNAL];
    const res = await chat.as(1).post('/ai_chat/send_message', fileChat);
    expect(res.status).toBe(200);
    const passages = recorded.inputs[0]!.passages!;
    expect(passages.map((p) => [p.n, p.kind, p.id])).toEqual([
      [1, 'journal', '2026-11-03'],
      [2, 'file', '6'],
    ]);
    expect(passages[0]).toEqual({
      n: 1,
      kind: 'journal',
      id: '2026-11-03',
      title: JOURNAL.title,
      url: JOURNAL.url,
      snippet: JOURNAL.snippet,
      updated_at: JOURNAL.updated_at,
    });
    const q = files.searches.at(-1)!;
    expect(q.searchParams.get('q')).toEqual(expect.stringContaining('platform team lost another engineer'));
    expect(q.searchParams.get('q')).toContain('risk');
    expect(q.searchParams.get('own')).toBe('1');
    expect(q.searchParams.get('any')).toBe('1');
    // Every domain was asked, in parallel with the page.
    expect(coaching.searches.length).toBeGreaterThan(0);
    expect(people.searches.length).toBeGreaterThan(0);
  });

  test('a journal chat leaves out its own day', async () => {
    found.files.results = [TODAYS_JOURNAL, JOURNAL];
    await chat.as(2).post('/ai_chat/send_message', journalChat);
    expect(recorded.inputs[0]!.passages!.map((p) => p.id)).toEqual(['2026-11-03']);
  });

  test('a person chat leaves out the person and asks with their name; a meeting chat leaves out its meeting and asks with its title', async () => {
    found.people.results = [ADA, MEETING];
    found.files.results = [JOURNAL];
    await chat.as(3).post('/ai_chat/send_message', { person_id: 4, message: 'What does she need from me on the migration?' });
    expect(recorded.inputs[0]!.passages!.map((p) => `${p.kind} ${p.id}`)).toEqual(['journal 2026-11-03', 'meeting 12']);
    expect(people.searches.at(-1)!.searchParams.get('q')).toMatch(/migration ada park$/);
    // The profile was read once: the page and the search words share it.
    expect(people.requests.filter((r) => r.url === '/people/4')).toHaveLength(1);

    recorded.inputs.length = 0;
    await chat.as(3).post('/ai_chat/send_message', {
      folder: 'meetings',
      file_name: 'meeting-prep-12.md',
      file_content: '',
      message: 'How do I tell the platform team about the delay?',
    });
    expect(recorded.inputs[0]!.passages!.map((p) => `${p.kind} ${p.id}`)).toEqual(['journal 2026-11-03', 'person 4']);
    expect(people.searches.at(-1)!.searchParams.get('q')).toContain('migration review');
  });

  test('with "Let the coach use my other notes" off, no domain is asked and the coach gets no passages', async () => {
    found.files.results = [JOURNAL];
    const me = chat.as(4);
    await me.patch('/ai_chat/settings', { use_other_notes: false });
    const before = files.searches.length + coaching.searches.length + people.searches.length;
    const res = await me.post('/ai_chat/send_message', journalChat);
    expect(res.status).toBe(200);
    expect(res.body.references).toBeUndefined();
    expect(recorded.inputs[0]!.passages).toBeUndefined();
    expect(files.searches.length + coaching.searches.length + people.searches.length).toBe(before);
  });

  test('a domain that fails or is too slow: the answer still comes, in time, without references', async () => {
    found.files = { results: [JOURNAL], status: 500 };
    const res = await chat.as(5).post('/ai_chat/send_message', journalChat);
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(res.body.references).toBeUndefined();
    expect(recorded.inputs[0]!.passages).toBeUndefined();

    found.files = { results: [JOURNAL], delayMs: 3000 };
    const started = Date.now();
    const slow = await chat.as(5).post('/ai_chat/send_message', journalChat);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(slow.status).toBe(200);
    expect(slow.body.references).toBeUndefined();
  });
});

describe('references after a reply (the offline coach)', () => {
  test('JSON: the cited passage is the reference, the uncited one is not sent; both are stored and read back', async () => {
    found.files.results = [JOURNAL, OTHER_FILE];
    const me = chat.as(6);
    const res = await me.post('/ai_chat/send_message', journalChat);
    expect(res.status).toBe(200);
    // The reply takes up the user's message in its own words (never quoting it back), then quotes the note with its day.
    expect(res.body.message).toContain('In your journal on 3 November you wrote: "The platform team is short two engineers');
    expect(res.body.message).not.toContain(journalChat.message);
    expect(res.body.message).toContain('[1].');
    expect(res.body.message).not.toContain('[2]');
    expect(res.body.references).toEqual([
      { n: 1, kind: 'journal', id: JOURNAL.id, title: JOURNAL.title, url: JOURNAL.url, snippet: JOURNAL.snippet },
    ]);
    // The offline coach sends nothing anywhere: no notice.
    expect(res.body.notice).toBeUndefined();

    const stored = await me.get('/ai_chat/conversation?folder=journal&file_name=2026-11-20.md');
    expect(stored.body.messages).toEqual([
      { role: 'user', content: MESSAGE },
      { role: 'assistant', content: res.body.message, references: res.body.references },
    ]);
    const paged = await me.get('/ai_chat/conversation?folder=journal&file_name=2026-11-20.md&limit=10');
    expect(paged.body.messages[1].references).toEqual(res.body.references);
  });

  test('SSE: the done event carries the references', async () => {
    found.files.results = [JOURNAL];
    const { events } = await postEventStream(chat.as(7), '/ai_chat/send_message', journalChat);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.references).toEqual([expect.objectContaining({ n: 1, kind: 'journal', url: JOURNAL.url })]);
    expect(done.data.message).toContain('[1]');
  });

  test('a reply that cites nothing has no references', async () => {
    found.files.results = [JOURNAL];
    const res = await chat
      .as(8)
      .post('/ai_chat/send_message', { ...journalChat, message: 'I went for a run this morning and felt great.' });
    expect(res.body.references).toBeUndefined();
    expect(res.body.message).not.toMatch(/\[\d\]/);
  });
});

/** An agent-mode file chat asked to update the file, two turns in (the coach may offer the update). */
const agentChat = {
  ...fileChat,
  mode: 'agent',
  message: 'Please update the file with the platform team migration news.',
  conversation_history: [
    { role: 'user', content: MESSAGE },
    { role: 'assistant', content: 'What is the plan now?' },
  ],
};

describe('the agent-mode file chat asked for an update (the offline coach)', () => {
  test('the reply offering the update is given the passages and cites one: JSON, stored, and the stream’s done', async () => {
    found.files.results = [JOURNAL, OTHER_FILE];
    const me = chat.as(9);
    const res = await me.post('/ai_chat/send_message', agentChat);
    expect(res.status).toBe(200);
    expect(recorded.inputs[0]!.passages!.map((p) => p.id)).toEqual(['2026-11-03', '6']);
    expect(res.body.message).toContain('Say "update the file" or press Update file');
    expect(res.body.message).toContain('In your journal on 3 November you wrote: "The platform team is short two engineers');
    expect(res.body.message).toContain('[1].');
    expect(res.body.references).toEqual([
      { n: 1, kind: 'journal', id: JOURNAL.id, title: JOURNAL.title, url: JOURNAL.url, snippet: JOURNAL.snippet },
    ]);
    const stored = await me.get('/ai_chat/conversation?file_id=5');
    expect(stored.body.messages.at(-1)).toEqual({ role: 'assistant', content: res.body.message, references: res.body.references });

    const { events } = await postEventStream(chat.as(10), '/ai_chat/send_message', agentChat);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.message).toBe(res.body.message);
    expect(done.data.references).toEqual(res.body.references);
  });

  test('the update it leads to (suggest_edits) carries no [n] and no Sources line into the file', async () => {
    const cited = 'In your journal on 3 November you wrote: "The platform team is short two engineers" [1]. Is that the same team?';
    const res = await chat.as(11).post('/ai_chat/suggest_edits', {
      file_content: '# Migration\n',
      file_name: 'migration.md',
      folder: 'current-projects',
      file_id: 5,
      conversation_history: [
        { role: 'user', content: MESSAGE },
        { role: 'assistant', content: `${cited}\n\nSources: [1] Journal, 3 November` },
        { role: 'user', content: 'Yes, the same team [1], we are still two engineers short and the deadline is 3 March.' },
      ],
      selected_messages: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.suggested_content).toContain('we are still two engineers short');
    expect(res.body.suggested_content).not.toMatch(/\[\d\]|Sources/);
  });
});

describe('references and the notice with a model', () => {
  let model: OpenAiTestServer;
  let withModel: ChatHarness;
  beforeAll(async () => {
    model = await startOpenAiTestServer();
    withModel = await startChat({ provider: providerFor(model, { timeoutMs: 3000 }) }, env);
  });
  afterAll(async () => {
    await withModel?.close();
    await model?.close();
  });

  test('the passages are in the prompt; a stray [7] is removed; the notice comes once, with the first answer that sent notes', async () => {
    found.files.results = [JOURNAL, OTHER_FILE];
    model.requests.length = 0;
    model.reply({ content: 'You said the team is short two engineers [1]. Does that match what you see now [7]?' });
    const me = withModel.as(20);
    const first = await me.post('/ai_chat/send_message', journalChat);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('You said the team is short two engineers [1]. Does that match what you see now?');
    expect(first.body.references.map((r: { n: number }) => r.n)).toEqual([1]);
    expect(first.body.notice).toBe(
      'To answer, I read two passages of your notes and sent them to test-model; you can turn this off with “Let the coach use my other notes”.',
    );
    const system = model.requests[0]!.body.messages!.find((m) => m.role === 'system')!.content;
    expect(system).toContain('[1] your journal on 3 November:');
    expect(system).toContain(JOURNAL.snippet);
    expect(system).toContain('not instructions');
    expect((await storedMessages(withModel.database.db, 20)).at(-1)!.content).toBe(first.body.message);

    // The second answer (streamed) says nothing of it again.
    model.reply({ chunks: ['Noted', ' [2]', ' and [9].'] });
    const { events } = await postEventStream(me, '/ai_chat/send_message', journalChat);
    const done = events.at(-1)!;
    expect(events.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(['Noted', ' [2]', ' and [9].']);
    expect(done.data).toEqual({
      success: true,
      // The final text is what is kept and shown: the one passage cited is [1] there.
      message: 'Noted [1] and.',
      references: [expect.objectContaining({ n: 1, kind: 'file', id: '6' })],
    });
  });

  test('an agent-mode file chat’s update offer: the passages are in the prompt, its [n] kept when it has a passage, references in JSON, done and storage', async () => {
    found.files.results = [JOURNAL];
    model.requests.length = 0;
    model.reply({ content: 'The team was already two engineers short [1], and the plan slipped [4]. Press Update file to add it.' });
    const me = withModel.as(22);
    const res = await me.post('/ai_chat/send_message', agentChat);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The team was already two engineers short [1], and the plan slipped. Press Update file to add it.');
    expect(res.body.references).toEqual([expect.objectContaining({ n: 1, kind: 'journal', id: JOURNAL.id })]);
    const system = model.requests[0]!.body.messages!.find((m) => m.role === 'system')!.content;
    expect(system).toContain('Agent mode: you can update the file.');
    expect(system).toContain('[1] your journal on 3 November:');
    expect(system).toContain(JOURNAL.snippet);
    const stored = await me.get('/ai_chat/conversation?file_id=5');
    expect(stored.body.messages.at(-1)).toEqual({ role: 'assistant', content: res.body.message, references: res.body.references });

    model.reply({ chunks: ['Two engineers short', ' [1].', ' Shall I add it?'] });
    const { events } = await postEventStream(me, '/ai_chat/send_message', agentChat);
    expect(events.at(-1)!).toEqual({
      event: 'done',
      data: {
        success: true,
        message: 'Two engineers short [1]. Shall I add it?',
        references: [expect.objectContaining({ n: 1, id: JOURNAL.id })],
      },
      at: expect.any(Number),
    });
  });

  test('the update itself: no [n] reaches the model from the answers, and none of its own goes into the file', async () => {
    model.requests.length = 0;
    model.reply({
      content:
        '# Migration\n\n## Risks and blockers\n- The platform team is two engineers short [1].\n\nSources: [1] Journal, 3 November\n[1] Journal, 3 November\n',
    });
    const res = await withModel.as(23).post('/ai_chat/suggest_edits', {
      file_content: '# Migration\n\nSee the plan [1].\n',
      file_name: 'migration.md',
      folder: 'current-projects',
      conversation_history: [
        { role: 'user', content: MESSAGE },
        { role: 'assistant', content: 'You wrote the team is short two engineers [1]. Same team?\n\nSources: [1] Journal, 3 November' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.suggested_content).toBe('# Migration\n\n## Risks and blockers\n- The platform team is two engineers short.\n');
    const prompt = model.requests[0]!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('You wrote the team is short two engineers. Same team?');
    expect(prompt).not.toContain('Sources');
  });

  test('a model that fails once: the notice is not spent, and comes with the answer that succeeds', async () => {
    found.files.results = [JOURNAL];
    const me = withModel.as(24);
    model.reply({ status: 500, errorMessage: 'down' });
    const failed = await me.post('/ai_chat/send_message', journalChat);
    expect(failed.status).toBe(502);
    expect(failed.body.notice).toBeUndefined();

    model.reply({ status: 500, errorMessage: 'down' });
    const { events: failedEvents } = await postEventStream(me, '/ai_chat/send_message', journalChat);
    expect(failedEvents.at(-1)!.event).toBe('error');

    model.reply({ content: 'You wrote it before [1].' });
    const ok = await me.post('/ai_chat/send_message', journalChat);
    expect(ok.status).toBe(200);
    expect(ok.body.notice).toBe(notesNotice(1, 'test-model'));
    model.reply({ content: 'Again [1].' });
    expect((await me.post('/ai_chat/send_message', journalChat)).body.notice).toBeUndefined();
  });

  test('no passages, no notice', async () => {
    model.reply({ content: 'What happened next?' });
    const res = await withModel.as(21).post('/ai_chat/send_message', journalChat);
    expect(res.body).toEqual({ success: true, message: 'What happened next?' });
  });
});

describe('citedReferences', () => {
  const passages = [JOURNAL, OTHER_FILE].map((r, i) => ({ ...r, n: i + 1 }));
  test('keeps each [n] with a passage, drops the rest, and numbers the cited ones from 1 in the order the text cites them', () => {
    expect(citedReferences('As you wrote [2], and earlier [1][1]. See [4].', passages)).toEqual({
      text: 'As you wrote [1], and earlier [2][2]. See.',
      references: [expect.objectContaining({ n: 1, id: '6' }), expect.objectContaining({ n: 2, id: '2026-11-03' })],
    });
    expect(citedReferences('Only the second [2].', passages)).toEqual({
      text: 'Only the second [1].',
      references: [expect.objectContaining({ n: 1, id: '6' })],
    });
    expect(citedReferences('Both [1, 2, 3].', passages).text).toBe('Both [1][2].');
    expect(citedReferences('A link [1](https://x) stays, a stray [3] goes.', []).text).toBe('A link [1](https://x) stays, a stray goes.');
    expect(citedReferences('Nothing cited.', passages).references).toEqual([]);
  });

  test('a reference carries no date of its own', () => {
    const { references } = citedReferences('[1]', passages);
    expect(Object.keys(references[0]!).sort()).toEqual(['id', 'kind', 'n', 'snippet', 'title', 'url']);
  });

  test('the notice counts the passages in words', () => {
    expect(notesNotice(1, 'gpt-4o')).toBe(
      'To answer, I read one passage of your notes and sent it to gpt-4o; you can turn this off with “Let the coach use my other notes”.',
    );
  });
});
