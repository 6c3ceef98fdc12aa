import type { Page } from 'playwright-core';
import { coldPage, RENDER_RUNS } from '../lib/browser';
import { userIdOf, withBenchDb } from '../lib/db';
import { median, ms, spread } from '../lib/stats';
import type { BenchContext, BenchModule, BenchUser, Row } from '../lib/types';

const PEOPLE = 1_000;
const MEETINGS = 5_000;
const THEIR_MEETINGS = 50;

const name = (n: number) => `Person ${String(n + 1).padStart(4, '0')}`;

/**
 * 1,000 people and 5,000 meetings (one to three attendees each), 50 of them with one chosen
 * person (in the middle of the list, so not the one the page opens on). Written straight into
 * svc-people's tables: 6,000 API writes would take minutes; the rows are what the API stores.
 */
export async function seedPeople(ctx: BenchContext, user: BenchUser): Promise<{ chosen: number; name: string }> {
  const userId = await userIdOf(ctx, user);
  return withBenchDb(async (db) => {
    const people = db.withSchema('people');
    const personIds: number[] = [];
    for (let i = 0; i < PEOPLE; i += 500) {
      const rows = Array.from({ length: Math.min(500, PEOPLE - i) }, (_, k) => ({
        user_id: userId,
        full_name: name(i + k),
        position: i + k,
      }));
      const ids = (await people.clone().table('people').insert(rows).returning('id')) as { id: number }[];
      personIds.push(...ids.map((r) => r.id));
    }
    const chosenIndex = PEOPLE / 2;
    const chosen = personIds[chosenIndex]!;
    // Every 100th meeting includes the chosen person: 50 of 5,000, spread over the years.
    const start = Date.UTC(2023, 0, 2, 9, 0, 0);
    const attendees: { user_id: number; meeting_id: number; person_id: number }[] = [];
    for (let i = 0; i < MEETINGS; i += 500) {
      const rows = Array.from({ length: Math.min(500, MEETINGS - i) }, (_, k) => {
        const n = i + k;
        const when = new Date(start + n * 6 * 3600_000);
        return {
          user_id: userId,
          title: `1:1 number ${n + 1}`,
          meeting_date: when.toISOString().slice(0, 19).replace('T', ' '),
          location: n % 3 === 0 ? 'Room 4' : '',
          goals: 'Agree the next step on the report.',
          notes: 'Talked through the numbers; they own the review.',
        };
      });
      const ids = (await people.clone().table('meetings').insert(rows).returning('id')) as { id: number }[];
      for (const [k, { id }] of ids.entries()) {
        const n = i + k;
        const set = new Set<number>();
        if (n % (MEETINGS / THEIR_MEETINGS) === 0) set.add(chosen);
        for (let a = 0; set.size < 1 + (n % 3); a++) {
          const p = personIds[(n * 7 + a * 131) % PEOPLE]!;
          if (p !== chosen) set.add(p);
        }
        for (const p of set) attendees.push({ user_id: userId, meeting_id: id, person_id: p });
      }
    }
    for (let i = 0; i < attendees.length; i += 1000)
      await people
        .clone()
        .table('meeting_attendees')
        .insert(attendees.slice(i, i + 1000));
    await db.raw('analyze people.people, people.meetings, people.meeting_attendees');
    return { chosen, name: name(chosenIndex) };
  });
}

/** In-page probe: when the list shows all its people. */
const PROBE = `(() => {
  const marks = {};
  window.__peopleMarks = marks;
  new MutationObserver(() => {
    if (marks.list) return;
    if (document.querySelectorAll('[data-testid="people-root"] [data-testid="person-row"]').length >= ${PEOPLE}) marks.list = performance.now();
  }).observe(document, { subtree: true, childList: true });
})();`;

/**
 * One click on the chosen person's link, then (when their profile shows) on the Meetings tab,
 * resolved with the times to the profile and to their 50 meetings on screen. A string: tsx's
 * helpers do not exist in the page. element.click() moves no pointer, so drag and drop (loaded
 * when a pointer enters the list) is not part of it.
 */
const OPEN = (id: number) => `new Promise((resolve) => {
  const start = performance.now();
  const marks = {};
  const view = () => document.querySelector('[data-testid="person-content"][data-person-id="${id}"]');
  const observer = new MutationObserver(() => {
    const content = view();
    if (!content) return;
    if (marks.profile === undefined && content.querySelector('[data-testid="profile-sections"]')) {
      marks.profile = performance.now() - start;
      marks.tabAt = performance.now();
      content.querySelector('#person-tab-6').click();
    }
    if (marks.profile !== undefined && content.querySelectorAll('[data-testid="meeting-list"] [data-testid="meeting-row"]').length >= ${THEIR_MEETINGS}) {
      observer.disconnect();
      requestAnimationFrame(() => {
        const end = performance.now();
        resolve({ profile: marks.profile, tab: end - marks.tabAt, total: end - start });
      });
    }
  });
  observer.observe(document.querySelector('[data-testid="people-root"]'), { subtree: true, childList: true, attributes: true });
  document.querySelector('[data-testid="person-row"] a.person-link[data-person-id="${id}"]').click();
})`;

interface Visit {
  list: number;
  /** When the last people remote script needed for the list arrived (its page code). */
  pageCode: number;
  peopleStart: number;
  peopleTook: number;
}
interface Open {
  profile: number;
  tab: number;
  total: number;
  meetingsTook: number;
}

async function resourceTiming(page: Page, pattern: string): Promise<{ start: number; took: number } | null> {
  return page.evaluate((re) => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((e) => new RegExp(re).test(new URL(e.name).pathname))
      .pop() as PerformanceResourceTiming | undefined;
    return entry ? { start: entry.startTime, took: entry.responseEnd - entry.startTime } : null;
  }, pattern);
}

/** Fresh contexts: navigation → the 1,000 people listed, then the first open of the chosen person. */
async function visits(ctx: BenchContext, user: BenchUser, chosen: number): Promise<{ visits: Visit[]; opens: Open[] }> {
  const out = { visits: [] as Visit[], opens: [] as Open[] };
  for (let run = 0; run < RENDER_RUNS; run++) {
    const page = await coldPage(ctx, user, [PROBE]);
    await page.goto('/people', { waitUntil: 'commit' });
    await page.waitForFunction(() => Boolean((window as unknown as { __peopleMarks: { list?: number } }).__peopleMarks.list), null, {
      timeout: 30_000,
    });
    const list = await page.evaluate(() => (window as unknown as { __peopleMarks: { list: number } }).__peopleMarks.list);
    const people = await resourceTiming(page, '^/people$');
    // GET /people leaves from the shell's entry chunk, before any people code: the page code is
    // what of the people remote had arrived when the list was rendered.
    const pageCode = await page.evaluate((rendered) => {
      const ends = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.startsWith('/mfe/people/') && e.responseEnd <= rendered)
        .map((e) => e.responseEnd);
      return ends.length ? Math.max(...ends) : NaN;
    }, list);
    out.visits.push({ list, pageCode, peopleStart: people?.start ?? NaN, peopleTook: people?.took ?? NaN });
    // The page opens on the first person: let their view (and its chunks) settle before the click.
    await page.locator('[data-testid="person-content"] [data-testid="profile-sections"]').waitFor();
    await page.waitForLoadState('networkidle');
    const open = (await page.evaluate(OPEN(chosen))) as Omit<Open, 'meetingsTook'>;
    const meetings = await resourceTiming(page, `^/people/${chosen}/meetings$`);
    out.opens.push({ ...open, meetingsTook: meetings?.took ?? NaN });
    await page.context().close();
  }
  return out;
}

export const people: BenchModule = {
  name: 'people',
  description: 'the people page for an account with 1,000 people and 5,000 meetings: navigation → list, opening a person with 50 meetings',
  async run(ctx) {
    const user = await ctx.newUser('people');
    ctx.log(`people: seeding ${PEOPLE} people and ${MEETINGS} meetings`);
    const { chosen, name: chosenName } = await seedPeople(ctx, user);
    ctx.log(`people: ${RENDER_RUNS} cold visits of /people, each opening ${chosenName}`);
    const { visits: v, opens: o } = await visits(ctx, user, chosen);
    const lists = v.map((x) => x.list);
    const totals = o.map((x) => x.total);
    const rows: Row[] = [
      {
        bench: 'people list (cold)',
        metric: 'navigation → 1,000 people listed (median)',
        value: ms(median(lists)),
        notes: `${spread(lists)}; goal ≤ 400 ms`,
      },
      {
        bench: 'people list (cold)',
        metric: '  of which: people page code loaded at (median)',
        value: ms(median(v.map((x) => x.pageCode))),
        notes: "remote entry and page chunks, loaded beside GET /auth/session (the shell starts the address's page at start-up)",
      },
      {
        bench: 'people list (cold)',
        metric: '  of which: GET /people starts at (median)',
        value: ms(median(v.map((x) => x.peopleStart))),
        notes: "sent from the shell's entry chunk, beside the session probe; its answer becomes the list's query in the QueryClient",
      },
      {
        bench: 'people list (cold)',
        metric: '  of which: GET /people answer (median)',
        value: ms(median(v.map((x) => x.peopleTook))),
        notes: '1,000 ids and names',
      },
      {
        bench: 'people list (cold)',
        metric: '  of which: answer and page code both in → 1,000 rows in the DOM (median)',
        value: ms(median(v.map((x) => x.list - Math.max(x.pageCode, x.peopleStart + x.peopleTook)))),
        notes: 'render of the plain list (no drag and drop yet)',
      },
      {
        bench: 'open a person (cold)',
        metric: 'click → their meetings listed (median)',
        value: ms(median(totals)),
        notes: `${spread(totals)}; click in the list, profile, then the Meetings tab; first open in a fresh page; goal ≤ 200 ms`,
      },
      {
        bench: 'open a person (cold)',
        metric: '  of which: click → profile shown (median)',
        value: ms(median(o.map((x) => x.profile))),
        notes: 'GET /people/{id}',
      },
      {
        bench: 'open a person (cold)',
        metric: '  of which: Meetings tab → 50 meetings (median)',
        value: ms(median(o.map((x) => x.tab))),
        notes: `GET /people/{id}/meetings answers in ${ms(median(o.map((x) => x.meetingsTook)))} (median) of 5,000 meetings`,
      },
    ];
    return rows;
  },
};
