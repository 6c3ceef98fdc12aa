// The search bench (issue 21): an account with 10,000 files, 2,000 journal days, 1,000 people,
// 5,000 meetings and 2,000 todos, written straight into each service's tables (17,000 API writes
// would take many minutes; the rows are what the API stores, and each table's generated search
// column is filled by Postgres on insert exactly as for an API write). It reports:
// - GET /search through the gateway: p50 / p95 / max over a mix of queries a person types
//   (prefixes, whole words, a phrase, a name with a typo), one request at a time;
// - the palette in Chromium: last keystroke → results painted (debounce included), median of runs;
// - what retrieving passages adds to a chat's first token: the same journal chat with
//   "Let the coach use my other notes" on and off (the offline coach answers, so the figure is
//   svc-chat's own work: the page facts and the retrieval run side by side).
import type { Knex } from 'knex';
import { SERVICE_PORTS } from '@cc/contracts';
import { DOMAIN_SEARCH_PATHS, topicWords } from '@cc/service-kit';
import { coldPage } from '../lib/browser';
import { userIdOf, withBenchDb } from '../lib/db';
import { median, ms, spread } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

// The chat runs below are many model calls a minute for one account (the default limit is 30):
// lifted for the stack this bench starts, as the chat module does.
const argv = process.argv.slice(2);
const only = argv.find((a) => a.startsWith('--only='));
if (!argv.some((a) => a.startsWith('--base-url')) && (!only || only.slice('--only='.length).split(',').includes('search'))) {
  process.env.AI_RATE_LIMIT_PER_MINUTE = process.env.BENCH_AI_RATE_LIMIT ?? '1000000';
}

const FILES = 10_000;
const JOURNAL_DAYS = 2_000;
const PEOPLE = 1_000;
const MEETINGS = 5_000;
const TODOS = 2_000;
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const PALETTE_RUNS = Number(process.env.BENCH_PALETTE_RUNS ?? 5);
const CHAT_RUNS = Number(process.env.BENCH_SEARCH_CHAT_RUNS ?? 30);

/** Sentences notes are made of: a few topics a search finds among much that it must skip. */
const SENTENCES = [
  'We planned the database migration to Postgres for next quarter.',
  'The quarterly review went well; my manager asked for more visible leadership.',
  'I want to delegate the on-call rotation so the team grows.',
  'Feedback from the design review: simplify the onboarding flow.',
  'The roadmap for the platform team needs a clearer owner for billing.',
  'Prepared the promotion case with three examples of impact.',
  'Hiring loop: two strong candidates for the staff engineer role.',
  'Customer interviews showed that reports load too slowly.',
  'Met with finance about the budget for the analytics project.',
  'Mentoring session: practised giving direct, kind feedback.',
  'Incident retro: the alert fired late because of a missing metric.',
  'Wrote down what energises me at work and what drains me.',
];
/** Everyday words notes are mostly made of: each note holds a few topics among much else. */
const FILLER = (
  'the a we our team today after before meeting call week plan notes idea thought work day time people project ' +
  'update progress question answer next step review point issue detail follow share talk agree decide open close ' +
  'morning afternoon long short good hard quick slow clear busy calm small large first last early late again ' +
  'still maybe always often sometimes write read list item draft version change keep move check test learn'
).split(' ');
let seedState = 7;
/** A deterministic pseudo-random number (the same account every run). */
const next = () => (seedState = (seedState * 1103515245 + 12345) % 2147483648);
const filler = (words: number) => Array.from({ length: words }, () => FILLER[next() % FILLER.length]).join(' ');
/** `topics` of the topical sentences (one in twelve notes holds a given one) among about 25 filler words each. */
const note = (n: number, topics: number) =>
  Array.from({ length: topics }, (_, k) => `${filler(25)}. ${SENTENCES[(n + k * 5) % SENTENCES.length]}`).join(' ');

const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia', 'Hedy'];
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Liskov', 'Thompson', 'Allen', 'Dijkstra', 'Perlman', 'Lamarr'];
const personName = (n: number) => `${FIRST[n % 10]} ${LAST[Math.floor(n / 10) % 10]} ${n + 1}`;

async function insertAll(db: Knex, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const got = (await db
      .table(table)
      .insert(rows.slice(i, i + 500))
      .returning('id')) as { id: number }[];
    ids.push(...got.map((r) => r.id));
  }
  return ids;
}

export async function seed(ctx: BenchContext, user: BenchUser): Promise<void> {
  const userId = await userIdOf(ctx, user);
  await withBenchDb(async (db) => {
    const folders = await insertAll(
      db,
      'files.folders',
      Array.from({ length: 5 }, (_, i) => ({ user_id: userId, name: `area-${i + 1}`, position: i })),
    );
    await insertAll(
      db,
      'files.files',
      Array.from({ length: FILES }, (_, n) => ({
        user_id: userId,
        folder_id: folders[n % 5],
        name: `note-${String(n + 1).padStart(5, '0')}`,
        content: `# Note ${n + 1}\n\n${note(n, 2)}\n\n- [ ] ${filler(8)}`,
        position: Math.floor(n / 5),
      })),
    );
    const day0 = Date.UTC(2021, 0, 1);
    await insertAll(
      db,
      'files.journal_entries',
      Array.from({ length: JOURNAL_DAYS }, (_, n) => ({
        user_id: userId,
        date: new Date(day0 + n * 86_400_000).toISOString().slice(0, 10),
        content: note(n + 3, 2),
      })),
    );
    const people = await insertAll(
      db,
      'people.people',
      Array.from({ length: PEOPLE }, (_, n) => ({
        user_id: userId,
        full_name: personName(n),
        position: n,
        profile: JSON.stringify({ role: n % 2 ? 'Engineering manager' : 'Product director', notes: note(n, 2) }),
      })),
    );
    const meetings = await insertAll(
      db,
      'people.meetings',
      Array.from({ length: MEETINGS }, (_, n) => ({
        user_id: userId,
        title: `1:1 number ${n + 1}`,
        meeting_date: new Date(day0 + n * 6 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
        goals: SENTENCES[n % SENTENCES.length],
        notes: note(n + 1, 1),
      })),
    );
    const attendees = meetings.map((id, n) => ({ user_id: userId, meeting_id: id, person_id: people[(n * 7) % PEOPLE] }));
    for (let i = 0; i < attendees.length; i += 1000) await db.table('people.meeting_attendees').insert(attendees.slice(i, i + 1000));
    await insertAll(
      db,
      'coaching.todos',
      Array.from({ length: TODOS }, (_, n) => ({
        user_id: userId,
        title: SENTENCES[n % SENTENCES.length]!.replace(/\.$/, '').slice(0, 80),
        description: note(n, 1),
        due_date: new Date(day0 + n * 86_400_000).toISOString().slice(0, 10),
      })),
    );
    // As autovacuum would soon after: a bulk insert leaves the GIN indexes' pending lists full, which
    // every search would scan until then.
    await db.raw('vacuum analyze files.files, files.journal_entries, people.people, people.meetings, coaching.todos');
  });
}

const CHAT_MESSAGE = 'The database migration slipped again and the quarterly review is close. How do I talk about it?';

/** What a person types: prefixes while typing, whole words, a phrase, a name with a typo. */
const QUERIES = [
  'migr',
  'migration',
  'quarterly review',
  '"next quarter"',
  'deleg',
  'feedback',
  'Ada Lovelase',
  'Hopper',
  'budget analytics',
  'onboard',
];

const pct = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms1 = (v: number) => `${v.toFixed(1)} ms`;

export async function searchLatency(ctx: BenchContext, user: BenchUser): Promise<{ times: number[]; results: number; partial: number }> {
  const get = async (q: string) => {
    const started = performance.now();
    const res = await fetch(new URL(`/search?q=${encodeURIComponent(q)}`, ctx.baseURL), {
      headers: { accept: 'application/json', cookie: user.cookie },
    });
    const body = (await res.json()) as { groups?: { results: unknown[] }[]; partial?: string[] };
    if (!res.ok) throw new Error(`/search answered ${res.status}`);
    return {
      time: performance.now() - started,
      results: body.groups?.reduce((n, g) => n + g.results.length, 0) ?? 0,
      partial: body.partial?.length ?? 0,
    };
  };
  for (const q of QUERIES) await get(q);
  const times: number[] = [];
  let results = 0;
  let partial = 0;
  for (let i = 0; i < SEARCH_RUNS; i++) {
    const one = await get(QUERIES[i % QUERIES.length]!);
    times.push(one.time);
    results += one.results;
    partial += one.partial;
  }
  return { times, results, partial };
}

/** Each domain's own search, straight to its service: where the time of GET /search goes. */
export async function domainLatency(user: BenchUser): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [domain, path] of Object.entries(DOMAIN_SEARCH_PATHS) as [keyof typeof DOMAIN_SEARCH_PATHS, string][]) {
    const port = SERVICE_PORTS[domain];
    const times: number[] = [];
    for (let i = 0; i < QUERIES.length * 3; i++) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${path}?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`, {
        headers: { accept: 'application/json', cookie: user.cookie },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      if (i >= QUERIES.length) times.push(performance.now() - started);
    }
    rows.push({
      bench: 'search',
      metric: `${path} p95 (direct)`,
      value: ms1(pct(times, 0.95)),
      notes: `p50 ${ms1(pct(times, 0.5))}, n=${times.length}`,
    });
    // What a chat's retrieval asks: the message's topic words, any two, the user's own words only.
    const retrieval: number[] = [];
    const words = topicWords(CHAT_MESSAGE).join(' ');
    for (let i = 0; i < 13; i++) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${path}?q=${encodeURIComponent(words)}&any=1&own=1&limit=6`, {
        headers: { accept: 'application/json', cookie: user.cookie },
      });
      await res.arrayBuffer();
      if (i >= 3) retrieval.push(performance.now() - started);
    }
    rows.push({
      bench: 'search',
      metric: `${path}?any=1 (a chat's retrieval) p50 (direct)`,
      value: ms1(pct(retrieval, 0.5)),
      notes: `n=${retrieval.length}`,
    });
  }
  return rows;
}

/** In-page probe: the time of the last key pressed in the palette, and when results were painted after it. */
const PALETTE_PROBE = `(() => {
  const marks = { lastKey: 0, painted: 0 };
  window.__searchMarks = marks;
  document.addEventListener('keydown', (e) => { if (e.key.length === 1) { marks.lastKey = performance.now(); marks.painted = 0; } }, true);
  new MutationObserver(() => {
    if (!marks.lastKey || marks.painted) return;
    if (document.querySelector('[role="option"]')) requestAnimationFrame(() => { if (!marks.painted) marks.painted = performance.now(); });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

async function palettePaint(ctx: BenchContext, user: BenchUser): Promise<number[]> {
  const times: number[] = [];
  const page = await coldPage(ctx, user, [PALETTE_PROBE]);
  try {
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-root').waitFor();
    for (let run = 0; run < PALETTE_RUNS + 1; run++) {
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox');
      await input.waitFor();
      await input.fill('');
      // A different word each run, so no run is served from the previous one's cache.
      const word = ['migration', 'feedback', 'roadmap', 'hiring', 'mentoring', 'incident'][run % 6]!;
      await input.pressSequentially(word, { delay: 60 });
      await page.waitForFunction(() => (window as unknown as { __searchMarks: { painted: number } }).__searchMarks.painted > 0, null, {
        timeout: 10_000,
      });
      const marks = await page.evaluate(() => (window as unknown as { __searchMarks: { lastKey: number; painted: number } }).__searchMarks);
      if (run > 0) times.push(marks.painted - marks.lastKey);
      await page.keyboard.press('Escape');
    }
  } finally {
    await page.context().close();
  }
  return times;
}

export async function firstToken(ctx: BenchContext, user: BenchUser, useOtherNotes: boolean): Promise<number[]> {
  const headers = { 'content-type': 'application/json', cookie: user.cookie, 'x-csrf-token': user.csrfToken };
  const set = await fetch(new URL('/ai_chat/settings', ctx.baseURL), {
    method: 'PATCH',
    headers: { ...headers, accept: 'application/json' },
    body: JSON.stringify({ use_other_notes: useOtherNotes }),
  });
  if (!set.ok) throw new Error(`PATCH /ai_chat/settings answered ${set.status}`);
  const times: number[] = [];
  for (let i = 0; i < CHAT_RUNS + 3; i++) {
    const started = performance.now();
    const res = await fetch(new URL('/ai_chat/send_message', ctx.baseURL), {
      method: 'POST',
      headers: { ...headers, accept: 'text/event-stream' },
      body: JSON.stringify({
        folder: 'journal',
        file_name: `2026-11-${String((i % 20) + 1).padStart(2, '0')}.md`,
        file_content: 'Busy day.',
        mode: 'agent',
        message: CHAT_MESSAGE,
        conversation_history: [],
      }),
    });
    if (!res.ok || !res.body) throw new Error(`send_message answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    let at: number | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value;
      if (at === undefined && seen.includes('event: token')) at = performance.now() - started;
    }
    if (at === undefined) throw new Error(`send_message: no token event in ${seen.slice(0, 200)}`);
    if (i >= 3) times.push(at);
  }
  return times;
}

export const search: BenchModule = {
  name: 'search',
  description: 'GET /search, the palette and the chats’ retrieval for an account with 10,000 files and 10,000 other objects',
  async run(ctx) {
    const user = await ctx.newUser('search');
    const seeding = performance.now();
    await seed(ctx, user);
    ctx.log(`search: seeded in ${ms(performance.now() - seeding)}`);
    const rows: Row[] = [];
    const account = '10,000 files, 2,000 journal days, 1,000 people, 5,000 meetings, 2,000 todos';

    const { times, results, partial } = await searchLatency(ctx, user);
    rows.push(
      { bench: 'search', metric: 'GET /search p50 (nginx)', value: ms1(pct(times, 0.5)), notes: account },
      {
        bench: 'search',
        metric: 'GET /search p95 (nginx)',
        value: ms1(pct(times, 0.95)),
        notes: `goal ≤ 50 ms; max ${ms1(Math.max(...times))}, n=${times.length}`,
      },
      {
        bench: 'search',
        metric: 'GET /search results per answer',
        value: (results / times.length).toFixed(1),
        notes: `${QUERIES.length} queries (prefixes, words, a phrase, a typo); ${partial} partial answers`,
      },
    );

    if (!/\/\/(127\.0\.0\.1|localhost):8090\b/.test(ctx.baseURL) && !process.env.BENCH_SEARCH_DIRECT) {
      ctx.log('search: not the bench stack; the per-domain rows are skipped');
    } else rows.push(...(await domainLatency(user)));

    try {
      const paint = await palettePaint(ctx, user);
      rows.push({
        bench: 'search',
        metric: 'palette: last keystroke → results painted',
        value: ms(median(paint)),
        notes: `goal ≤ 150 ms (debounce included); ${spread(paint)}`,
      });
    } catch (err) {
      rows.push({
        bench: 'search',
        metric: 'palette: last keystroke → results painted',
        value: 'n/a',
        notes: String((err as Error).message).slice(0, 120),
      });
    }

    const off = await firstToken(ctx, user, false);
    const on = await firstToken(ctx, user, true);
    rows.push(
      { bench: 'search', metric: 'journal chat first token, other notes off', value: ms1(median(off)), notes: spread(off) },
      { bench: 'search', metric: 'journal chat first token, other notes on', value: ms1(median(on)), notes: spread(on) },
      {
        bench: 'search',
        metric: 'retrieval adds to the first token',
        value: ms1(median(on) - median(off)),
        notes: 'goal ≤ 30 ms (medians)',
      },
    );
    return rows;
  },
};
