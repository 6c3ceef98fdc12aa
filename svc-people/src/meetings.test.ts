import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { localClock, MEETING_SECTIONS } from '@cc/contracts';
import { startOpenAiTestServer, type OpenAiTestServer } from '@cc/ai/testing';
import { addPeople, startPeople, type PeopleHarness } from './test-support';

let h: PeopleHarness;
let model: OpenAiTestServer;
let withModel: PeopleHarness;
beforeAll(async () => {
  h = await startPeople();
  model = await startOpenAiTestServer();
  withModel = await startPeople({ AI_BASE_URL: model.baseURL, AI_MODEL: 'test-model', AI_MAX_RETRIES: '0' }, h.database);
});
afterAll(async () => {
  await withModel?.close();
  await model?.close();
  await h?.close();
});

const NEW_MEETING = /^New meeting - (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

describe('POST and GET /meetings', () => {
  test('a meeting is created with its attendees (ids as numbers or digits) and read back with short_date and the six sections', async () => {
    const c = h.user();
    const [dana, sam] = await addPeople(c, 'Dana Lee', 'Sam Ortiz');
    const res = await c.post('/meetings', {
      meeting: { title: ' Q3 planning ', meeting_date: '2026-03-05T14:30', location: 'Room 4', notes: 'Budget first' },
      attendee_ids: [String(sam), dana],
    });
    expect(res.status).toBe(201);
    const id = res.body.meeting.id;
    const { meeting } = (await c.get(`/meetings/${id}`)).body;
    expect(meeting).toMatchObject({
      id,
      title: 'Q3 planning',
      meeting_date: '2026-03-05T14:30',
      short_date: 'Mar 5, 2026',
      location: 'Room 4',
      // In the user's order of people.
      attendees: [
        { id: dana, name: 'Dana Lee' },
        { id: sam, name: 'Sam Ortiz' },
      ],
      attendee_ids: [dana, sam],
      goals: '',
      agenda: '',
      anticipating: '',
      notes: 'Budget first',
      followups: '',
      reflection: '',
    });
  });

  test("a blank title becomes 'New meeting - YYYY-MM-DD HH:MM' and a missing date is now, from the server's clock", async () => {
    const c = h.user();
    const before = localClock(new Date());
    const res = await c.post('/meetings', { meeting: { title: '   ', meeting_date: '' } });
    const { title, meeting_date } = res.body.meeting;
    const m = NEW_MEETING.exec(title)!;
    expect(m).not.toBeNull();
    expect(Number(m[1])).toBeGreaterThanOrEqual(before.year);
    expect(meeting_date).toBe(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`);
    // The page's own local time wins when it sends the title.
    const sent = await c.post('/meetings', { meeting: { title: 'New meeting - 2026-01-02 08:05', meeting_date: '2026-01-02T08:05' } });
    expect(sent.body.meeting).toMatchObject({ title: 'New meeting - 2026-01-02 08:05', meeting_date: '2026-01-02T08:05' });
  });

  test("attendee ids of another user's people, unknown ones, or not integers are 422 and nothing is created", async () => {
    const c = h.user();
    const [mine] = await addPeople(c, 'Mine');
    const [theirs] = await addPeople(h.user(), 'Theirs');
    for (const [ids, message] of [
      [[mine, theirs], 'Some attendees are not in your people list.'],
      [[999999], 'Some attendees are not in your people list.'],
      [['1.5'], 'attendee_ids must be a list of person ids (whole numbers).'],
      [['abc'], 'attendee_ids must be a list of person ids (whole numbers).'],
    ] as const) {
      const res = await c.post('/meetings', { meeting: { title: 'X' }, attendee_ids: ids });
      expect([res.status, res.body]).toEqual([422, { success: false, errors: [message] }]);
    }
    expect((await c.get(`/people/${mine}/meetings`)).body.meetings).toEqual([]);
  });

  test('bounds and an impossible date are named', async () => {
    const c = h.user();
    const res = await c.post('/meetings', {
      meeting: { title: 'x'.repeat(201), meeting_date: '2026-02-30T10:00', goals: 'g'.repeat(20_001) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      'Meeting titles can be at most 200 characters.',
      'meeting_date must be a date and time, e.g. 2026-03-05T14:30.',
      'goals can be at most 20,000 characters.',
    ]);
  });
});

describe('PATCH and DELETE /meetings/{id}, GET /people/{id}/meetings', () => {
  test('only the fields sent change; attendee_ids replaces the list; an empty date is ignored', async () => {
    const c = h.user();
    const [dana, sam] = await addPeople(c, 'Dana', 'Sam');
    const { id } = (
      await c.post('/meetings', { meeting: { title: 'Sync', meeting_date: '2026-04-01T09:00', notes: 'n' }, attendee_ids: [dana] })
    ).body.meeting;
    const res = await c.patch(`/meetings/${id}`, { meeting: { goals: '- Decide the budget', meeting_date: '' }, attendee_ids: [sam] });
    expect(res.status).toBe(200);
    expect(res.body.meeting).toMatchObject({
      title: 'Sync',
      meeting_date: '2026-04-01T09:00',
      notes: 'n',
      goals: '- Decide the budget',
      attendees: [{ id: sam, name: 'Sam' }],
    });
    // Without attendee_ids the attendees stay.
    await c.patch(`/meetings/${id}`, { meeting: { reflection: 'Went well' } });
    expect((await c.get(`/meetings/${id}`)).body.meeting).toMatchObject({
      reflection: 'Went well',
      attendee_ids: [sam],
      goals: '- Decide the budget',
    });
    const blank = await c.patch(`/meetings/${id}`, { meeting: { title: ' ' } });
    expect(blank.body.meeting.title).toMatch(NEW_MEETING);
  });

  test("a person's meetings come newest first; a deleted meeting goes", async () => {
    const c = h.user();
    const [dana] = await addPeople(c, 'Dana');
    for (const [title, meeting_date] of [
      ['Old', '2025-12-01T10:00'],
      ['New', '2026-05-01T10:00'],
      ['Middle', '2026-01-15T10:00'],
    ]) {
      await c.post('/meetings', { meeting: { title, meeting_date }, attendee_ids: [dana] });
    }
    await c.post('/meetings', { meeting: { title: 'Without Dana', meeting_date: '2026-06-01T10:00' } });
    const list = (await c.get(`/people/${dana}/meetings`)).body.meetings as { id: number; title: string; short_date: string }[];
    expect(list.map((m) => [m.title, m.short_date])).toEqual([
      ['New', 'May 1, 2026'],
      ['Middle', 'Jan 15, 2026'],
      ['Old', 'Dec 1, 2025'],
    ]);
    expect((await c.delete(`/meetings/${list[0]!.id}`)).body).toEqual({ success: true, errors: [] });
    expect((await c.get(`/meetings/${list[0]!.id}`)).status).toBe(404);
    expect(((await c.get(`/people/${dana}/meetings`)).body.meetings as unknown[]).length).toBe(2);
  });

  test("another user's meeting is 404 'Meeting not found.'; attendees of another user are 422 on update", async () => {
    const owner = h.user();
    const { id } = (await owner.post('/meetings', { meeting: { title: 'Private', notes: 'secret' } })).body.meeting;
    const other = h.user();
    const [theirs] = await addPeople(other, 'Theirs');
    for (const res of [
      await other.get(`/meetings/${id}`),
      await other.patch(`/meetings/${id}`, { meeting: { notes: 'hacked' } }),
      await other.delete(`/meetings/${id}`),
      await owner.get('/meetings/0'),
    ]) {
      expect([res.status, res.body]).toEqual([404, { success: false, errors: ['Meeting not found.'] }]);
    }
    const bad = await owner.patch(`/meetings/${id}`, { meeting: { notes: 'x' }, attendee_ids: [theirs] });
    expect([bad.status, bad.body.errors]).toEqual([422, ['Some attendees are not in your people list.']]);
    expect((await owner.get(`/meetings/${id}`)).body.meeting.notes).toBe('secret');
  });
});

describe('POST /meetings/generate_section', () => {
  test('offline: a proposal built from the title, the attendees’ profiles and the other sections, keeping what was written', async () => {
    const c = h.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    await c.patch(`/people/${dana}`, {
      goals_priorities: { current_priorities: 'Hitting the Q3 revenue target without adding headcount' },
      what_they_care_about: { concerns: 'Surprises in front of her own boss' },
      history_with_me: { commitments: 'I owe her the churn analysis' },
    });
    const content = { goals: '- Agree on the Q3 pipeline review', agenda: '', anticipating: '- Budget pushback' };
    const goals = await c.post('/meetings/generate_section', { section: 'goals', title: 'Q3 review', attendee_ids: [dana], content });
    expect(goals.status).toBe(200);
    expect(goals.body.proposal.startsWith('- Agree on the Q3 pipeline review\n')).toBe(true);
    expect(goals.body.proposal).toContain('Dana is focused on: hitting the Q3 revenue target without adding headcount');
    expect(goals.body.proposal).toContain('I owe her the churn analysis');
    const anticipating = await c.post('/meetings/generate_section', {
      section: 'anticipating',
      title: 'Q3 review',
      attendee_ids: [dana],
      content,
    });
    expect(anticipating.body.proposal).toContain(
      'Dana worries about surprises in front of her own boss: how does your proposal address it?',
    );
    const lines = (anticipating.body.proposal as string).split('\n');
    // What was written stays first, then ten questions to prepare.
    expect(lines[0]).toBe('- Budget pushback');
    expect(lines).toHaveLength(11);
    expect(lines.slice(1).every((l) => l.endsWith('?'))).toBe(true);
    const agenda = await c.post('/meetings/generate_section', { section: 'agenda', title: 'Q3 review', attendee_ids: [dana], content });
    expect(agenda.body.proposal).toContain('- Agree on the Q3 pipeline review\n- Close: decisions, owners and dates');
  });

  test('every section has a proposal without placeholders', async () => {
    const c = h.user();
    for (const section of MEETING_SECTIONS) {
      const res = await c.post('/meetings/generate_section', {
        section,
        title: '1:1 with my manager',
        content: { goals: '- Ask for the staff promotion' },
      });
      expect(res.status).toBe(200);
      expect(res.body.proposal.trim().length).toBeGreaterThan(20);
      expect(res.body.proposal).not.toMatch(/\{|\}|TODO|lorem/i);
    }
  });

  test('the model gets the attendees with their profiles and the other sections', async () => {
    const c = withModel.user();
    const [dana] = await addPeople(c, 'Dana Lee');
    await c.patch(`/people/${dana}`, { basic_profile: { role: 'VP Sales' } });
    model.reply({ content: '- Confirm the Q3 target\n- Agree on owners' });
    const res = await c.post('/meetings/generate_section', {
      section: 'goals',
      title: 'Q3 review',
      meeting_date: '2026-03-05T14:30',
      attendee_ids: [dana],
      content: { notes: 'Pipeline is thin in EMEA' },
    });
    expect(res.body).toEqual({ success: true, proposal: '- Confirm the Q3 target\n- Agree on owners' });
    const prompt = model.requests
      .at(-1)!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('Q3 review on 2026-03-05T14:30');
    expect(prompt).toContain('Dana Lee:\n- Role: VP Sales');
    expect(prompt).toContain('Pipeline is thin in EMEA');
  });

  test('a model failure is 502 with the error; an unknown section or foreign attendee is 422', async () => {
    const c = withModel.user();
    model.reply({ status: 500 });
    const res = await c.post('/meetings/generate_section', { section: 'goals', title: 'X', content: {} });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, errors: ['The AI model is not available right now. Please try again later.'] });
    const bad = await c.post('/meetings/generate_section', { section: 'summary', content: {} });
    expect(bad.body.errors).toEqual(['section must be one of goals, agenda, anticipating, notes, followups, reflection.']);
    const [theirs] = await addPeople(withModel.user(), 'Theirs');
    const foreign = await c.post('/meetings/generate_section', { section: 'goals', attendee_ids: [theirs], content: {} });
    expect([foreign.status, foreign.body.errors]).toEqual([422, ['Some attendees are not in your people list.']]);
  });
});

describe('GET /meetings', () => {
  test('every meeting of the caller, newest first, with attendees, paged; nobody else’s', async () => {
    const c = h.user();
    const [dana] = await addPeople(c, 'Dana');
    for (const [title, meeting_date] of [
      ['Old', '2025-12-01T10:00'],
      ['New', '2026-05-01T10:00'],
      ['Middle', '2026-01-15T10:00'],
    ]) {
      await c.post('/meetings', { meeting: { title, meeting_date }, attendee_ids: [dana] });
    }
    // Without a date a meeting is dated now: the newest.
    await c.post('/meetings', { meeting: { title: 'Just now' } });
    await h.user().post('/meetings', { meeting: { title: 'Not mine', meeting_date: '2026-06-01T10:00' } });

    const all = (await c.get('/meetings')).body;
    expect(all.meetings.map((m: { title: string }) => m.title)).toEqual(['Just now', 'New', 'Middle', 'Old']);
    expect(all.meetings[1]).toMatchObject({
      meeting_date: '2026-05-01T10:00',
      attendees: [{ id: dana, name: 'Dana' }],
      updated_at: expect.any(String),
    });

    const first = (await c.get('/meetings?limit=2')).body;
    expect(first.meetings.map((m: { title: string }) => m.title)).toEqual(['Just now', 'New']);
    const rest = (await c.get(`/meetings?limit=2&cursor=${first.next_cursor}`)).body;
    expect(rest.meetings.map((m: { title: string }) => m.title)).toEqual(['Middle', 'Old']);
    expect(rest.next_cursor).toBeNull();
    expect((await c.get('/meetings?cursor=nonsense')).status).toBe(422);
  });
});
