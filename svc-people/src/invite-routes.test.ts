import { describe, expect, test } from '@jest/globals';
import { PEOPLE_MESSAGES as M, REQUEST_MESSAGES } from '@cc/contracts';
import { startedForTests, type SignedClient, type TestClient } from '@cc/service-kit/testing';
import { peopleExportPart } from './export';
import { T } from './tables';
import { addPeople, startPeople } from './test-support';
import {
  CANCEL_INVITE,
  GOOGLE_INVITE,
  HTML_PAGE,
  JSON_TEXT,
  NO_EVENT,
  ONE_CANCELLED,
  PLAIN_TEXT,
  TWO_EVENTS,
  WEEKLY_EVENT,
  WEEKLY_MOVED_ALONE,
} from './testing/invites';

const h = startedForTests(startPeople);

const names = async (c: TestClient) => ((await c.get('/people')).body as { full_name: string }[]).map((p) => p.full_name);
const meetingsOf = async (c: TestClient, personId: number) => (await c.get(`/people/${personId}/meetings`)).body.meetings as unknown[];
const refused = (res: { status: number; body: unknown }, message: string) =>
  expect([res.status, res.body]).toEqual([422, { success: false, errors: [message] }]);
const alreadyIn = (res: { status: number; body: unknown }, meetingId: number) =>
  expect([res.status, res.body]).toEqual([409, { success: false, errors: [M.inviteAlreadyImported], meeting_id: meetingId }]);
const meetingCount = async (c: SignedClient) => Number((await h.database.db(T.meetings).where({ user_id: c.id }).count({ n: '*' }))[0]!.n);

/** Dana with her e-mail in her profile, and Sam by name only. */
async function danaAndSam(c: TestClient): Promise<[number, number]> {
  const [dana, sam] = await addPeople(c, 'Dana L.', 'sam ORTIZ');
  await c.patch(`/people/${dana}`, { basic_profile: { email: 'Dana Lee <DANA.LEE@example.com>' } });
  return [dana!, sam!];
}

describe('POST /meetings/read_invite (docs/people.md#meetings-from-an-invite)', () => {
  test('answers the events in the zone asked for, each attendee matched by e-mail, else by name, else null; writes nothing', async () => {
    const c = h.user();
    const [dana, sam] = await danaAndSam(c);
    const res = await c.post('/meetings/read_invite', { text: GOOGLE_INVITE, time_zone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      events: [
        {
          uid: '3k2j4h5g6f7d8s9a0ab12cd34ef@google.com',
          title: 'Q2 roadmap review',
          start: '2026-03-10T10:00',
          end: '2026-03-10T11:00',
          all_day: false,
          location: 'Room 4B, 2nd floor',
          description: "Let's go through the Q2 roadmap.\n\nBring the hiring numbers & the budget.",
          recurring: false,
          occurrences: [],
          attendees: [
            { key: 'dana.lee@example.com', name: 'Dana Lee', email: 'dana.lee@example.com', person: { id: dana, name: 'Dana L.' } },
            { key: 'sam.ortiz@example.com', name: 'Sam Ortiz', email: 'sam.ortiz@example.com', person: { id: sam, name: 'sam ORTIZ' } },
            { key: 'priya@example.org', name: 'priya@example.org', email: 'priya@example.org', person: null },
          ],
          existing_meeting_id: null,
          imported_occurrences: [],
          problem: null,
        },
      ],
    });
    expect(await names(c)).toEqual(['Dana L.', 'sam ORTIZ']);
    expect(await meetingsOf(c, dana)).toEqual([]);
  });

  test("isolation: another user's people are never matched", async () => {
    const a = h.user();
    await danaAndSam(a);
    const b = h.user();
    const res = await b.post('/meetings/read_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' });
    expect(res.body.events[0].attendees.map((x: { person: unknown }) => x.person)).toEqual([null, null, null]);
  });

  test('bad input is refused with its message', async () => {
    const c = h.user();
    for (const [body, message] of [
      [{ text: PLAIN_TEXT, time_zone: 'UTC' }, M.inviteNotCalendar],
      [{ text: HTML_PAGE, time_zone: 'UTC' }, M.inviteNotCalendar],
      [{ text: JSON_TEXT, time_zone: 'UTC' }, M.inviteNotCalendar],
      [{ text: NO_EVENT, time_zone: 'UTC' }, M.inviteNoEvent],
      [{ text: '  ', time_zone: 'UTC' }, M.inviteMissing],
      [{ time_zone: 'UTC' }, M.inviteMissing],
      [{ text: `${GOOGLE_INVITE}${'x'.repeat(1_048_576)}`, time_zone: 'UTC' }, M.inviteTooLarge],
      [{ text: GOOGLE_INVITE, time_zone: 'Mars/Olympus' }, M.timeZoneInvalid],
      // The kit refuses a NUL anywhere in a request before the call's own rules.
      [{ text: GOOGLE_INVITE.replace('Q2', 'Q\u00002'), time_zone: 'UTC' }, REQUEST_MESSAGES.nulCharacter],
    ] as const) {
      refused(await c.post('/meetings/read_invite', body), message);
    }
  });
});

describe('the same invitation twice (docs/people.md#meetings-from-an-invite)', () => {
  test('answers 409 with the meeting made before, creating nothing; read_invite names that meeting, in any zone', async () => {
    const c = h.user();
    await danaAndSam(c);
    const first = await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'Europe/Paris', create: ['priya@example.org'] });
    expect(first.status).toBe(201);
    const id = first.body.meeting.id as number;
    const people = await names(c);

    // The key is the event's UID, whatever zone it is read in.
    const again = await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'Asia/Tokyo', create: ['priya@example.org'] });
    alreadyIn(again, id);
    expect(await names(c)).toEqual(people);
    expect(await meetingCount(c)).toBe(1);
    const read = await c.post('/meetings/read_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' });
    expect(read.body.events[0]).toMatchObject({ existing_meeting_id: id, imported_occurrences: [], problem: null });

    // Another user's import of it is their own.
    const b = h.user();
    expect((await b.post('/meetings/read_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' })).body.events[0].existing_meeting_id).toBe(
      null,
    );
    expect((await b.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' })).status).toBe(201);
  });

  test('two imports at once: the unique index lets one in, the other answers the same 409 and leaves no person behind', async () => {
    const c = h.user();
    const body = { text: GOOGLE_INVITE, time_zone: 'UTC', create: ['priya@example.org', 'sam.ortiz@example.com'] };
    const answers = await Promise.all([1, 2, 3].map(() => c.post('/meetings/from_invite', body)));
    const made = answers.filter((r) => r.status === 201);
    expect(made).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) alreadyIn(r, made[0]!.body.meeting.id);
    expect(await meetingCount(c)).toBe(1);
    expect((await names(c)).sort()).toEqual(['Sam Ortiz', 'priya@example.org']);
  });

  test('the index is the guard: an import that passed the check while another was being written answers 409 once that one commits', async () => {
    const c = h.user();
    const other = await h.database.db.transaction();
    try {
      // Another import's meeting, written but not committed: the check before the insert cannot see it.
      const [row] = await other(T.meetings)
        .insert({ user_id: c.id, title: 'Q2 roadmap review', invite_key: '3k2j4h5g6f7d8s9a0ab12cd34ef@google.com' })
        .returning('id');
      const pending = c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC', create: ['priya@example.org'] });
      // The insert waits on the index entry; wait until it does, then let the other one commit.
      for (let i = 0; i < 200; i++) {
        const waiting = await h.database.db.raw(`select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'`);
        if ((waiting.rows[0] as { n: number }).n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await other.commit();
      alreadyIn(await pending, (row as { id: number }).id);
    } finally {
      if (!other.isCompleted()) await other.rollback();
    }
    expect(await names(c)).toEqual([]);
    expect(await meetingCount(c)).toBe(1);
  });

  test('a repeating event: each occurrence once; read_invite lists those imported; the occurrence sent alone is the same one', async () => {
    const c = h.user();
    const feb2 = await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence: '2026-02-02T09:30' });
    const moved = await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence: '2026-01-27T10:00' });
    expect([feb2.status, moved.status]).toEqual([201, 201]);
    alreadyIn(
      await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence: '2026-02-02T09:30' }),
      feb2.body.meeting.id,
    );
    // The same occurrence read in another zone is the same occurrence.
    alreadyIn(
      await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'Europe/Paris', occurrence: '2026-02-02T10:30' }),
      feb2.body.meeting.id,
    );
    // The moved one's update sent alone names the slot it moved from, as the series does.
    alreadyIn(await c.post('/meetings/from_invite', { text: WEEKLY_MOVED_ALONE, time_zone: 'UTC' }), moved.body.meeting.id);
    expect((await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence: '2026-02-09T09:30' })).status).toBe(
      201,
    );
    expect(await meetingCount(c)).toBe(3);

    const read = await c.post('/meetings/read_invite', { text: WEEKLY_EVENT, time_zone: 'UTC' });
    const event = read.body.events[0];
    expect(event.existing_meeting_id).toBe(null);
    // Only the listed (upcoming) occurrences are answered; which ones depends on today's date.
    for (const o of event.imported_occurrences as { start: string; meeting_id: number }[]) expect(event.occurrences).toContain(o.start);
    expect((await h.database.db(T.meetings).where({ user_id: c.id }).orderBy('id').pluck('invite_key')) as string[]).toEqual([
      'weekly-1on1@example.com@2026-02-02T09:30',
      'weekly-1on1@example.com@2026-01-26T09:30',
      'weekly-1on1@example.com@2026-02-09T09:30',
    ]);
  });

  test('a deleted meeting frees its invitation; restored after the invitation was imported again, it comes back without the key', async () => {
    const c = h.user();
    const first = (await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' })).body.meeting.id as number;
    await c.delete(`/meetings/${first}`);
    expect((await c.post('/meetings/read_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' })).body.events[0].existing_meeting_id).toBe(
      null,
    );
    const second = await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' });
    expect(second.status).toBe(201);
    const items = (await c.get('/people/trash')).body.items as { kind: string; id: number }[];
    const back = await c.post('/people/trash/restore', { kind: 'meeting', id: items[0]!.id });
    expect(back.status).toBe(200);
    expect((await c.get(`/meetings/${first}`)).body.meeting.title).toBe('Q2 roadmap review');
    expect(await meetingCount(c)).toBe(2);
    alreadyIn(await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' }), second.body.meeting.id);
    // Restored while nothing else holds the key, a meeting keeps it.
    await c.delete(`/meetings/${second.body.meeting.id}`);
    const again = (await c.get('/people/trash')).body.items as { kind: string; id: number }[];
    await c.post('/people/trash/restore', { kind: 'meeting', id: again[0]!.id });
    alreadyIn(await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' }), second.body.meeting.id);
  });
});

describe('the invitation key and the workspace export', () => {
  test('is left out of the exported meeting (docs/export.md); a record carrying one is imported without it', async () => {
    const c = h.user();
    const made = await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' });
    const records: { table: string; row: Record<string, unknown> }[] = [];
    for await (const line of peopleExportPart(h.database.db, c.id).lines()) if ('record' in line) records.push(line.record);
    const exported = records.filter((r) => r.table === 'meetings');
    expect(exported.map((r) => [r.row.id, r.row.title])).toEqual([[made.body.meeting.id, 'Q2 roadmap review']]);
    expect(exported[0]!.row).not.toHaveProperty('invite_key');

    // Imported into the same workspace, the copy does not take the key from the meeting it came from.
    const imported = await c.post('/people/import', {
      import_id: '00000000-0000-4000-8000-000000000024',
      records: [{ table: 'meetings', row: { ...exported[0]!.row, invite_key: '3k2j4h5g6f7d8s9a0ab12cd34ef@google.com' } }],
    });
    expect(imported.status).toBe(200);
    expect(await meetingCount(c)).toBe(2);
    alreadyIn(await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC' }), made.body.meeting.id);
  });
});

describe('a cancellation', () => {
  test('METHOD:CANCEL: read_invite says there is nothing to add; from_invite refuses it and creates nothing', async () => {
    const c = h.user();
    const read = await c.post('/meetings/read_invite', { text: CANCEL_INVITE, time_zone: 'UTC' });
    expect(read.status).toBe(200);
    expect(read.body.events).toHaveLength(1);
    expect(read.body.events[0]).toMatchObject({ title: 'Canceled event: Q2 roadmap review', problem: M.inviteCancelled });
    refused(
      await c.post('/meetings/from_invite', { text: CANCEL_INVITE, time_zone: 'UTC', create: ['sam.ortiz@example.com'] }),
      M.inviteCancelled,
    );
    expect(await names(c)).toEqual([]);
    expect(await meetingCount(c)).toBe(0);
  });

  test('STATUS:CANCELLED on one event of a file: that one is refused, the other is a meeting', async () => {
    const c = h.user();
    const read = await c.post('/meetings/read_invite', { text: ONE_CANCELLED, time_zone: 'UTC' });
    expect(read.body.events.map((e: { title: string; problem: string | null }) => [e.title, e.problem])).toEqual([
      ['Design review', null],
      ['Retro', M.inviteCancelled],
    ]);
    refused(await c.post('/meetings/from_invite', { text: ONE_CANCELLED, time_zone: 'UTC', uid: 'retro@example.com' }), M.inviteCancelled);
    expect((await c.post('/meetings/from_invite', { text: ONE_CANCELLED, time_zone: 'UTC', uid: 'review@example.com' })).status).toBe(201);
    expect(await meetingCount(c)).toBe(1);
  });
});

describe('POST /meetings/from_invite', () => {
  test('creates the meeting with the matched, the created and the given person, in one call; the new people are findable at once', async () => {
    const c = h.user();
    const [dana, sam] = await danaAndSam(c);
    const [lee] = await addPeople(c, 'Lee Park');
    const res = await c.post('/meetings/from_invite', {
      text: GOOGLE_INVITE,
      time_zone: 'Europe/Paris',
      create: ['PRIYA@example.org'],
      person_id: lee,
    });
    expect(res.status).toBe(201);
    const priya = res.body.created_people[0].id as number;
    expect(res.body.created_people).toEqual([{ id: priya, full_name: 'priya@example.org' }]);
    expect(res.body.meeting).toMatchObject({
      title: 'Q2 roadmap review',
      meeting_date: '2026-03-10T15:00',
      location: 'Room 4B, 2nd floor',
      notes: "Let's go through the Q2 roadmap.\n\nBring the hiring numbers & the budget.",
      goals: '',
    });
    expect([...res.body.meeting.attendee_ids].sort()).toEqual([dana, sam, lee, priya].sort());
    // The new person is an ordinary one: last in the list, the address in their profile, with its revision.
    expect(await names(c)).toEqual(['Dana L.', 'sam ORTIZ', 'Lee Park', 'priya@example.org']);
    const { person } = (await c.get(`/people/${priya}`)).body;
    expect(person.basic_profile.email).toBe('priya@example.org');
    expect(person.revisions['basic_profile.email']).toBe(1);
    expect(await meetingsOf(c, lee!)).toHaveLength(1);
    // Sent again after the meeting was deleted, Priya now matches by e-mail: nobody is created twice.
    expect((await c.delete(`/meetings/${res.body.meeting.id}`)).status).toBe(200);
    const again = await c.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC', create: ['priya@example.org'] });
    expect(again.body.created_people).toEqual([]);
    expect(again.body.meeting.attendee_ids).toContain(priya);
  });

  test('several events need a uid; a repeating one an occurrence it really has', async () => {
    const c = h.user();
    refused(await c.post('/meetings/from_invite', { text: TWO_EVENTS, time_zone: 'UTC' }), M.inviteChooseEvent);
    refused(await c.post('/meetings/from_invite', { text: TWO_EVENTS, time_zone: 'UTC', uid: 'third@example.com' }), M.inviteEventNotFound);
    const second = await c.post('/meetings/from_invite', { text: TWO_EVENTS, time_zone: 'UTC', uid: 'second@example.com' });
    expect(second.body.meeting).toMatchObject({ title: 'Retro', meeting_date: '2026-05-06T16:00', attendees: [] });

    refused(await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC' }), M.inviteOccurrenceRequired);
    for (const occurrence of ['2026-01-12T09:30', '2026-02-02T10:30', '2026-02-03T09:30'])
      refused(await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence }), M.inviteOccurrenceInvalid);
    refused(
      await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence: 'Monday' }),
      M.inviteOccurrenceInvalid,
    );
    const weekly = await c.post('/meetings/from_invite', { text: WEEKLY_EVENT, time_zone: 'UTC', occurrence: '2026-02-02T09:30' });
    expect(weekly.body.meeting).toMatchObject({ title: '1:1 with Sam', meeting_date: '2026-02-02T09:30' });
    // Only the three meetings above were made.
    const count = await h.database.db(T.meetings).where({ user_id: c.id }).count({ n: '*' });
    expect(Number(count[0]!.n)).toBe(2);
  });

  test('nothing is created on bad input, an unknown attendee to create, or a person who is not theirs (the new people are taken back)', async () => {
    const a = h.user();
    const [theirs] = await addPeople(a, 'Not yours');
    const c = h.user();
    const [mine] = await addPeople(c, 'Mine');
    for (const [body, message] of [
      [{ text: PLAIN_TEXT, time_zone: 'UTC', create: ['x'] }, M.inviteNotCalendar],
      [{ text: NO_EVENT, time_zone: 'UTC' }, M.inviteNoEvent],
      [{ text: GOOGLE_INVITE, time_zone: 'UTC', create: ['nobody@example.com'] }, M.inviteCreateUnknown('nobody@example.com')],
      [
        { text: GOOGLE_INVITE, time_zone: 'UTC', create: ['priya@example.org', 'dana.lee@example.com'], person_id: theirs },
        M.attendeesNotFound,
      ],
      [{ text: GOOGLE_INVITE, time_zone: 'UTC', person_id: 'me' }, M.invitePersonIdInvalid],
    ] as const) {
      refused(await c.post('/meetings/from_invite', body), message);
    }
    expect(await names(c)).toEqual(['Mine']);
    expect(await meetingsOf(c, mine!)).toEqual([]);
    const count = await h.database.db(T.meetings).where({ user_id: c.id }).count({ n: '*' });
    expect(Number(count[0]!.n)).toBe(0);
    // And user A's people are as they were.
    expect(await names(a)).toEqual(['Not yours']);
  });

  test("isolation: user B's import creates B's people and never links A's", async () => {
    const a = h.user();
    const [dana] = await danaAndSam(a);
    const b = h.user();
    const res = await b.post('/meetings/from_invite', { text: GOOGLE_INVITE, time_zone: 'UTC', create: ['dana.lee@example.com'] });
    expect(res.status).toBe(201);
    expect(res.body.created_people.map((p: { full_name: string }) => p.full_name)).toEqual(['Dana Lee']);
    expect(res.body.meeting.attendee_ids).not.toContain(dana);
    expect(await names(b)).toEqual(['Dana Lee']);
    expect(await names(a)).toEqual(['Dana L.', 'sam ORTIZ']);
    expect(await meetingsOf(a, dana)).toEqual([]);
  });
});
