import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { SESSION_COOKIE } from '@cc/contracts';
import { providerFor, startOpenAiTestServer } from '@cc/ai/testing';
import { openFollowups } from './pages/meetings';
import { PAGE_FACTS_BUDGET_MS } from './pages/reads';
import { recordingProvider, startChat, startFakePeer, type ChatHarness, type PeerAnswer } from './test-support';

/** A meeting as GET /meetings/{id} answers it (only what svc-chat reads matters). */
const meeting = (
  id: number,
  title: string,
  date: string | null,
  sections: Record<string, string> = {},
  attendees = [{ id: 4, name: 'Ada Park' }],
) => ({
  id,
  title,
  meeting_date: date,
  short_date: '',
  location: '',
  attendees,
  attendee_ids: attendees.map((a) => a.id),
  goals: '',
  agenda: '',
  anticipating: '',
  notes: '',
  followups: '',
  reflection: '',
  revisions: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...sections,
});
const ok = (body: object): PeerAnswer => ({ status: 200, body: { success: true, ...body } });
const summary = (m: ReturnType<typeof meeting>) => ({
  id: m.id,
  title: m.title,
  meeting_date: m.meeting_date,
  short_date: '',
  location: '',
  attendees: m.attendees,
});

const ada = { id: 4, full_name: 'Ada Park', basic_profile: { role: 'VP Engineering', company: 'Acme' } };
const future = [meeting(10, 'Quarterly planning', '2099-01-10T10:00'), meeting(11, 'Next 1:1', '2099-01-03T10:00')];
const past = [
  meeting(9, '1:1 March', '2026-03-01T10:00', {
    agenda: 'Roadmap',
    followups: '- [ ] Send Ada the roadmap draft\n- [x] Book the offsite room\n\n## Later\n- Ask about the hiring plan',
  }),
  meeting(8, '1:1 February', '2026-02-15T10:00', { followups: '- [ ] Send Ada the roadmap draft\n1. Share the Q2 OKRs' }),
  meeting(7, '1:1 January', '2026-02-01T10:00', { followups: '* [X] Done long ago\n- [ ] Introduce her to Lee' }),
  meeting(6, '1:1 December', '2025-12-15T10:00', { followups: '- [ ] Too old to be read' }),
];

let answers: Record<string, PeerAnswer> = {};
let people: Awaited<ReturnType<typeof startFakePeer>>;
let chat: ChatHarness;
const { provider, inputs } = recordingProvider();

beforeAll(async () => {
  people = await startFakePeer(() => answers);
  chat = await startChat({ provider }, { PEOPLE_URL: people.url });
});
afterAll(async () => {
  await chat?.close();
  await people?.close();
});

const personChat = (person_id: number) => ({
  message: 'How should I prepare for my 1:1?',
  mode: 'ask',
  person_id,
  conversation_history: [],
});
const meetingChat = (file_name: string) => ({
  message: 'What should I cover?',
  mode: 'agent',
  folder: 'meetings',
  file_name,
  file_content: '',
  conversation_history: [],
});

describe("the person chat reads the person's profile, meetings and open follow-ups", () => {
  test('latest and next meetings with their sections, and the follow-ups not ticked', async () => {
    answers = {
      '/people/4': ok({ person: ada }),
      '/people/4/meetings?limit=10': ok({ meetings: [...future, ...past].map(summary) }),
      ...Object.fromEntries([...future, ...past].map((m) => [`/meetings/${m.id}`, ok({ meeting: m })])),
    };
    const me = chat.as(1);
    const res = await me.post('/ai_chat/send_message', personChat(4));
    expect(res.body.success).toBe(true);
    const input = inputs.at(-1)!;
    expect(input.person).toEqual({ fullName: 'Ada Park', profile: { role: 'VP Engineering', company: 'Acme' } });
    expect(input.page).toEqual({
      kind: 'person',
      meetings: [
        { title: 'Quarterly planning', date: '2099-01-10T10:00', sections: {} },
        { title: 'Next 1:1', date: '2099-01-03T10:00', sections: {} },
        { title: '1:1 March', date: '2026-03-01T10:00', sections: { agenda: 'Roadmap', followups: past[0]!.followups } },
        { title: '1:1 February', date: '2026-02-15T10:00', sections: { followups: past[1]!.followups } },
        { title: '1:1 January', date: '2026-02-01T10:00', sections: { followups: past[2]!.followups } },
      ],
      openFollowups: ['Send Ada the roadmap draft', 'Ask about the hiring plan', 'Share the Q2 OKRs', 'Introduce her to Lee'],
    });
    // The meetings are read as the caller, the oldest one not at all.
    const read = people.requests.filter((r) => r.url?.startsWith('/meetings/')).map((r) => r.url);
    expect(read).not.toContain('/meetings/6');
    expect(people.requests.every((r) => r.headers.cookie === `${SESSION_COOKIE}=${me.cookie}`)).toBe(true);
  });

  test('when the meetings cannot be read the chat still answers, with the profile', async () => {
    answers = { '/people/4': ok({ person: ada }), '/people/4/meetings?limit=10': { status: 500, body: {} } };
    const res = await chat.as(2).post('/ai_chat/send_message', personChat(4));
    expect(res.body.success).toBe(true);
    expect(inputs.at(-1)!.person?.fullName).toBe('Ada Park');
    expect(inputs.at(-1)!.page).toEqual({ kind: 'person', meetings: [], openFollowups: [] });
  });

  test("a model is told the person's meetings and open follow-ups", async () => {
    const model = await startOpenAiTestServer();
    model.fallback = () => ({ content: 'Did Ada get the roadmap draft?' });
    const withModel = await startChat({ provider: providerFor(model) }, { PEOPLE_URL: people.url }, chat.database);
    try {
      answers = {
        '/people/4': ok({ person: ada }),
        '/people/4/meetings?limit=10': ok({ meetings: past.map(summary) }),
        ...Object.fromEntries(past.map((m) => [`/meetings/${m.id}`, ok({ meeting: m })])),
      };
      expect((await withModel.as(6).post('/ai_chat/send_message', personChat(4))).body.success).toBe(true);
      const system = model.requests.at(-1)!.body.messages!.find((m) => m.role === 'system')!.content;
      expect(system).toContain('VP Engineering');
      expect(system).toContain('1:1 March');
      expect(system).toContain('Send Ada the roadmap draft');
    } finally {
      await withModel.close();
      await model.close();
    }
  });

  test('open follow-ups are bounded in count and length', () => {
    const long = `- [ ] ${'x'.repeat(400)}`;
    const lines = openFollowups([Array.from({ length: 15 }, (_, i) => `- [ ] Item ${i}`).join('\n'), long], 10, 300);
    expect(lines).toHaveLength(10);
    expect(openFollowups([long], 10, 300)[0]).toHaveLength(300);
  });
});

describe('the meeting chat reads the meeting, its attendees and the last meeting with them', () => {
  const lee = { id: 5, name: 'Lee Chen' };
  const prep = meeting(20, 'Roadmap review', '2026-03-20T15:00', { goals: 'Agree the Q2 scope' }, [{ id: 4, name: 'Ada Park' }, lee]);
  const withLee = meeting(16, 'Lee sync', '2026-03-10T09:00', { notes: 'Lee worries about the deadline.' }, [lee]);

  test('the meeting, the profiles (a name where one cannot be read) and the latest earlier meeting', async () => {
    answers = {
      '/meetings/20': ok({ meeting: prep }),
      '/people/4': ok({ person: ada }),
      '/people/5': { status: 500, body: {} },
      '/people/4/meetings?limit=10': ok({
        meetings: [meeting(30, 'Later one', '2026-04-01T10:00'), prep, meeting(13, 'Kick-off', '2026-03-05T10:00')].map(summary),
      }),
      '/people/5/meetings?limit=10': ok({ meetings: [prep, withLee, meeting(14, 'Undated', null)].map(summary) }),
      '/meetings/16': ok({ meeting: withLee }),
    };
    const res = await chat.as(3).post('/ai_chat/send_message', meetingChat('meeting-prep-20.md'));
    expect(res.body.success).toBe(true);
    expect(inputs.at(-1)!.page).toEqual({
      kind: 'meeting',
      meeting: {
        title: 'Roadmap review',
        date: '2026-03-20T15:00',
        sections: { goals: 'Agree the Q2 scope' },
        attendees: ['Ada Park', 'Lee Chen'],
      },
      attendees: [{ fullName: 'Ada Park', profile: { role: 'VP Engineering', company: 'Acme' } }, { fullName: 'Lee Chen' }],
      lastMeeting: {
        title: 'Lee sync',
        date: '2026-03-10T09:00',
        sections: { notes: 'Lee worries about the deadline.' },
        attendees: ['Lee Chen'],
      },
    });
  });

  test('at most 5 attendees are read', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: 100 + i, name: `Person ${i}` }));
    answers = { '/meetings/21': ok({ meeting: meeting(21, 'All hands', '2026-03-20T15:00', {}, many) }) };
    const before = people.requests.length;
    await chat.as(3).post('/ai_chat/send_message', meetingChat('meeting-prep-21.md'));
    const asked = people.requests.slice(before).map((r) => r.url!);
    expect(asked.filter((u) => /^\/people\/\d+$/.test(u))).toEqual([
      '/people/100',
      '/people/101',
      '/people/102',
      '/people/103',
      '/people/104',
    ]);
    const page = inputs.at(-1)!.page;
    expect(page?.kind === 'meeting' && page.attendees.map((a) => a.fullName)).toEqual([
      'Person 0',
      'Person 1',
      'Person 2',
      'Person 3',
      'Person 4',
    ]);
  });

  test.each([
    ['the meeting is not found', 'meeting-prep-99.md'],
    ['the file names no meeting (the first meeting chat)', 'meeting-prep.md'],
  ])('when %s the chat still answers, without a page', async (_name, fileName) => {
    answers = {};
    const res = await chat.as(4).post('/ai_chat/send_message', meetingChat(fileName));
    expect(res.body.success).toBe(true);
    expect(inputs.at(-1)!.page).toBeUndefined();
  });

  test('a slow svc-people delays the reply by at most the page budget', async () => {
    const slow = (a: PeerAnswer): PeerAnswer => ({ ...a, delayMs: 1200 });
    answers = {
      '/meetings/20': slow(ok({ meeting: prep })),
      '/people/4': slow(ok({ person: ada })),
      '/people/5': slow(ok({ person: { full_name: 'Lee Chen' } })),
      '/people/5/meetings?limit=10': slow(ok({ meetings: [withLee].map(summary) })),
      '/meetings/16': slow(ok({ meeting: withLee })),
    };
    const started = Date.now();
    const res = await chat.as(5).post('/ai_chat/send_message', meetingChat('meeting-prep-20.md'));
    expect(res.body.success).toBe(true);
    expect(Date.now() - started).toBeLessThan(PAGE_FACTS_BUDGET_MS + 1500);
    const page = inputs.at(-1)!.page;
    // The meeting and its attendees arrived in time; the last meeting's sections (a third round) did not.
    expect(page?.kind === 'meeting' && page.meeting.title).toBe('Roadmap review');
    expect(page?.kind === 'meeting' && page.lastMeeting).toEqual({
      title: 'Lee sync',
      date: '2026-03-10T09:00',
      sections: {},
      attendees: ['Lee Chen'],
    });
  });
});
