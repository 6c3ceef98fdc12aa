import { intKey, iso, keyset, pageOf, type Db, type Page } from '@cc/service-kit';
import type { Knex } from 'knex';
import {
  isIsoDate,
  MEETING_SECTIONS,
  localClock,
  meetingTitleOr,
  type Meeting,
  type MeetingFields,
  type MeetingSummary,
} from '@cc/contracts';
import { z } from 'zod';
import { applyGuard, isRevision, isSaveId, mapOf, type FieldGuard, type Stale } from './revisions';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

interface MeetingRow {
  id: number;
  title: string;
  meeting_date: string | null;
  location: string;
  goals: string;
  agenda: string;
  anticipating: string;
  notes: string;
  followups: string;
  reflection: string;
  revisions: unknown;
  save_ids: unknown;
  created_at: Date;
  updated_at: Date;
}

/** Dates go out as the wall-clock text they came in as (never through a JS Date and a zone). */
const SUMMARY_COLUMNS = `m.id, m.title, to_char(m.meeting_date, 'YYYY-MM-DD"T"HH24:MI') as meeting_date, m.location`;
const COLUMNS = `${SUMMARY_COLUMNS}, ${MEETING_SECTIONS.map((s) => `m.${s}`).join(', ')}, m.revisions, m.save_ids, m.created_at, m.updated_at`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 5, 2026' for '2026-03-05T14:30'; '' without a date. */
export function shortDate(meetingDate: string | null): string {
  const m = meetingDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(meetingDate) : null;
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${Number(m[1])}` : '';
}

/** The server's wall clock, as a meeting date (when a new meeting arrives without one). */
export function nowAsMeetingDate(now: Date): string {
  const c = localClock(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${p(c.month)}-${p(c.day)}T${p(c.hour)}:${p(c.minute)}`;
}

type Attendee = { id: number; name: string };

async function attendeesOf(db: Conn, userId: number, meetingIds: number[]): Promise<Map<number, Attendee[]>> {
  const byMeeting = new Map<number, Attendee[]>(meetingIds.map((id) => [id, []]));
  if (!meetingIds.length) return byMeeting;
  const rows = (await db(`${T.meeting_attendees} as a`)
    .join(`${T.people} as p`, function () {
      this.on('p.id', 'a.person_id').andOn('p.user_id', 'a.user_id');
    })
    .where('a.user_id', userId)
    .whereIn('a.meeting_id', meetingIds)
    .orderBy([{ column: 'p.position' }, { column: 'p.id' }])
    .select('a.meeting_id', 'p.id', 'p.full_name')) as { meeting_id: number; id: number; full_name: string }[];
  for (const r of rows) byMeeting.get(r.meeting_id)?.push({ id: r.id, name: r.full_name });
  return byMeeting;
}

const summary = (r: MeetingRow, attendees: Attendee[]): MeetingSummary => ({
  id: r.id,
  title: r.title,
  meeting_date: r.meeting_date,
  short_date: shortDate(r.meeting_date),
  location: r.location,
  attendees,
});

const full = (r: MeetingRow, attendees: Attendee[]): Meeting => ({
  ...summary(r, attendees),
  attendee_ids: attendees.map((a) => a.id),
  goals: r.goals,
  agenda: r.agenda,
  anticipating: r.anticipating,
  notes: r.notes,
  followups: r.followups,
  reflection: r.reflection,
  revisions: mapOf(r.revisions, isRevision),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

async function meetingRow(db: Conn, userId: number, id: number, forUpdate = false): Promise<MeetingRow | undefined> {
  const lock = forUpdate ? ' for update' : '';
  const { rows } = await db.raw(`select ${COLUMNS} from ${T.meetings} m where m.user_id = ? and m.id = ?${lock}`, [userId, id]);
  return rows[0] as MeetingRow | undefined;
}

export async function getMeeting(db: Conn, userId: number, id: number): Promise<Meeting | 'not_found'> {
  const row = await meetingRow(db, userId, id);
  if (!row) return 'not_found';
  return full(row, (await attendeesOf(db, userId, [id])).get(id) ?? []);
}

/** How many of `ids` are the user's people. */
async function ownPeopleCount(db: Conn, userId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const [{ n }] = (await db(T.people).where({ user_id: userId }).whereIn('id', ids).count({ n: '*' })) as [{ n: string | number }];
  return Number(n);
}

async function setAttendees(trx: Knex.Transaction, userId: number, meetingId: number, ids: number[]): Promise<void> {
  await trx(T.meeting_attendees).where({ user_id: userId, meeting_id: meetingId }).delete();
  if (ids.length) await trx(T.meeting_attendees).insert(ids.map((person_id) => ({ user_id: userId, meeting_id: meetingId, person_id })));
}

/** Only the fields sent; a blank title becomes the default of `now`. */
function columnsOf(fields: MeetingFields, now: Date): Record<string, string> {
  const cols: Record<string, string> = {};
  if (fields.title !== undefined) cols.title = meetingTitleOr(fields.title, now);
  if (fields.meeting_date !== undefined) cols.meeting_date = fields.meeting_date;
  if (fields.location !== undefined) cols.location = fields.location;
  for (const s of MEETING_SECTIONS) if (fields[s] !== undefined) cols[s] = fields[s];
  return cols;
}

/**
 * A new meeting: without a title it is 'New meeting - …' and without a date it is now (the
 * server's clock; the page sends the user's own). Attendees must all be the user's people.
 */
export async function insertMeeting(
  db: Db,
  userId: number,
  fields: MeetingFields,
  attendeeIds: number[],
  now = new Date(),
  inviteKey: string | null = null,
): Promise<Meeting | 'bad_attendees'> {
  return db.transaction(async (trx) => {
    if ((await ownPeopleCount(trx, userId, attendeeIds)) !== attendeeIds.length) return 'bad_attendees';
    const cols = { title: meetingTitleOr(undefined, now), meeting_date: nowAsMeetingDate(now), ...columnsOf(fields, now) };
    const [row] = await trx(T.meetings)
      .insert({ user_id: userId, ...cols, ...(inviteKey !== null ? { invite_key: inviteKey } : {}) })
      .returning('id');
    const id = (row as { id: number }).id;
    await setAttendees(trx, userId, id, attendeeIds);
    return (await getMeeting(trx, userId, id)) as Meeting;
  });
}

/**
 * Only the fields sent change; attendee_ids, when sent, replaces the list. With a `basedOn`
 * revision, the one field sent is saved only if it is still at that revision (or already holds
 * this text); otherwise the answer is what it holds now. Attendees carry no revision: the
 * ticked list is short and the last one ticked wins.
 */
export async function updateMeeting(
  db: Db,
  userId: number,
  id: number,
  fields: MeetingFields,
  attendeeIds: number[] | undefined,
  guard: FieldGuard = {},
  now = new Date(),
): Promise<Meeting | 'not_found' | 'bad_attendees' | Stale> {
  return db.transaction(async (trx) => {
    const row = await meetingRow(trx, userId, id, true);
    if (!row) return 'not_found';
    if (attendeeIds && (await ownPeopleCount(trx, userId, attendeeIds)) !== attendeeIds.length) return 'bad_attendees';
    const cols = columnsOf(fields, now);
    const stored = row as unknown as Record<string, string | null>;
    const changes = Object.fromEntries(Object.entries(cols).map(([key, value]) => [key, [stored[key] ?? '', value] as [string, string]]));
    const guarded = applyGuard(changes, mapOf(row.revisions, isRevision), mapOf(row.save_ids, isSaveId), guard);
    if ('stale' in guarded) return guarded;
    await trx(T.meetings)
      .where({ user_id: userId, id })
      .update({
        ...cols,
        revisions: JSON.stringify(guarded.revisions),
        save_ids: JSON.stringify(guarded.saveIds),
        updated_at: trx.fn.now(),
      });
    if (attendeeIds) await setAttendees(trx, userId, id, attendeeIds);
    return (await getMeeting(trx, userId, id)) as Meeting;
  });
}

/** Meetings sort newest first, undated last: an undated one sorts as '-infinity' (never null in a key). */
const SORT_DATE = `coalesce(m.meeting_date, '-infinity'::timestamp)`;
const SORT_DATE_TEXT = `case when m.meeting_date is null then '-infinity' else to_char(m.meeting_date, 'YYYY-MM-DD"T"HH24:MI:SS') end`;
const isSortDate = (v: string) => {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.exec(v);
  return !!m && isIsoDate(m[1]!);
};
/** A cursor of a person's meetings: the last meeting's date (to the second, or '-infinity') and id. */
export const personMeetingsKey = z.tuple([z.union([z.literal('-infinity'), z.string().refine(isSortDate)]), intKey]);

/**
 * The meetings a person attended, newest first (undated last), then by id: all of them, or one
 * page after the cursor's meeting (found through the attendee index on (user_id, person_id)).
 */
export async function personMeetings(db: Conn, userId: number, personId: number, withSections: boolean, page?: Page) {
  const k = keyset(page, [SORT_DATE, 'm.id'], 'desc');
  const { rows } = await db.raw(
    `select ${withSections ? COLUMNS : SUMMARY_COLUMNS}, ${SORT_DATE_TEXT} as sort_date from ${T.meetings} m
     join ${T.meeting_attendees} a on a.meeting_id = m.id and a.user_id = m.user_id
     where m.user_id = ? and a.person_id = ? and ${k.where}
     order by ${k.orderBy} limit ?`,
    [userId, personId, ...k.bindings, k.limit],
  );
  const { items, next_cursor } = pageOf(rows as (MeetingRow & { sort_date: string })[], page, (r) => [r.sort_date, r.id]);
  const attendees = await attendeesOf(
    db,
    userId,
    items.map((r) => r.id),
  );
  const meetings = items.map((r) => (withSections ? full(r, attendees.get(r.id) ?? []) : summary(r, attendees.get(r.id) ?? [])));
  return { meetings, next_cursor };
}

/**
 * Every meeting of the user, newest first (undated last), then by id, with its attendees and
 * when it last changed (the calendar feed pages through it; index meetings_by_date).
 */
export async function userMeetings(db: Conn, userId: number, page?: Page) {
  const k = keyset(page, [SORT_DATE, 'm.id'], 'desc');
  const { rows } = await db.raw(
    `select ${SUMMARY_COLUMNS}, m.updated_at, ${SORT_DATE_TEXT} as sort_date from ${T.meetings} m
     where m.user_id = ? and ${k.where}
     order by ${k.orderBy} limit ?`,
    [userId, ...k.bindings, k.limit],
  );
  const { items, next_cursor } = pageOf(rows as (MeetingRow & { sort_date: string })[], page, (r) => [r.sort_date, r.id]);
  const attendees = await attendeesOf(
    db,
    userId,
    items.map((r) => r.id),
  );
  const meetings = items.map((r) => ({ ...summary(r, attendees.get(r.id) ?? []), updated_at: iso(r.updated_at) }));
  return { meetings, next_cursor };
}

/** Every meeting a person attended, newest first (undated last). */
export async function meetingsOfPerson(
  db: Conn,
  userId: number,
  personId: number,
  withSections = false,
): Promise<Meeting[] | MeetingSummary[]> {
  return (await personMeetings(db, userId, personId, withSections)).meetings;
}
