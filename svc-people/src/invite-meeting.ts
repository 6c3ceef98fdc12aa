import { HttpError, invalid, isUniqueViolation, type Db } from '@cc/service-kit';
import {
  createPersonBody,
  meetingFieldsSchema,
  PEOPLE_LIMITS as L,
  PEOPLE_MESSAGES as M,
  updatePersonBody,
  type InviteAttendee,
  type Meeting,
} from '@cc/contracts';
import type { Knex } from 'knex';
import type { InviteAttendeeRead, InviteEventRead } from './invite';
import { insertMeeting } from './meetings';
import { insertPerson, updatePerson } from './people';
import { T } from './tables';

type Conn = Db | Knex.Transaction;
type Match = { id: number; name: string };

const nameKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();
const EMAILS = /[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[^\s@<>"',;:()[\]]+/g;

/**
 * Who of the user's people each attendee is: by e-mail first (any address written in the
 * person's Email field), else by full name, case and spaces aside; the first in the user's
 * order when several fit. Only the user's own people are read, once for every event of a file.
 */
export async function attendeeMatcher(db: Conn, userId: number): Promise<(attendees: InviteAttendeeRead[]) => InviteAttendee[]> {
  const rows = (await db(T.people)
    .where({ user_id: userId })
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select('id', 'full_name', db.raw(`coalesce(profile #>> '{basic_profile,email}', '') as email`))) as {
    id: number;
    full_name: string;
    email: string;
  }[];
  const byEmail = new Map<string, Match>();
  const byName = new Map<string, Match>();
  for (const r of rows) {
    const match = { id: r.id, name: r.full_name };
    for (const address of r.email.toLowerCase().match(EMAILS) ?? []) if (!byEmail.has(address)) byEmail.set(address, match);
    if (!byName.has(nameKey(r.full_name))) byName.set(nameKey(r.full_name), match);
  }
  return (attendees) =>
    attendees.map((a) => ({
      ...a,
      person: (a.email ? byEmail.get(a.email) : undefined) ?? byName.get(nameKey(a.name)) ?? null,
    }));
}

export interface FromInvite {
  event: InviteEventRead;
  /** The start to date the meeting (a repeating event's chosen occurrence, already checked). */
  start: string | null;
  /** The invitation's identity the meeting keeps (the event's or occurrence's key), null for none. */
  key: string | null;
  /** Keys of attendees to create (those already matched are not created again). */
  create: string[];
  personId?: number;
}

/** The user's meetings made from these invitation keys: key → meeting id. */
export async function meetingsOfInviteKeys(db: Conn, userId: number, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = (await db(T.meetings).where({ user_id: userId }).whereIn('invite_key', keys).select('id', 'invite_key')) as {
    id: number;
    invite_key: string;
  }[];
  return new Map(rows.map((r) => [r.invite_key, r.id]));
}

/** 409: the invitation was imported before; its meeting's id goes with the message. */
const alreadyImported = (meetingId: number) => new HttpError(409, [M.inviteAlreadyImported], {}, { meeting_id: meetingId });

/**
 * The event as a meeting, in one transaction with the new people it names: each person made as
 * `POST /people` makes them (their e-mail saved as `PATCH /people/{id}` saves a field), the
 * meeting as `POST /meetings` makes it, with every matched, created and given person as an
 * attendee. Anything refused (a person_id that is not the user's) leaves nothing behind. An
 * invitation (its key) already made a meeting is a 409 naming that meeting, racing imports included.
 */
export async function meetingFromInvite(db: Db, userId: number, input: FromInvite) {
  const { event } = input;
  const keys = new Set(event.attendees.map((a) => a.key.toLowerCase()));
  const unknown = input.create.find((k) => !keys.has(k.trim().toLowerCase()));
  if (unknown !== undefined) throw invalid(M.inviteCreateUnknown(unknown));
  const wanted = new Set(input.create.map((k) => k.trim().toLowerCase()));
  const fields = meetingFieldsSchema.parse({
    title: event.title,
    meeting_date: input.start ?? undefined,
    location: event.location,
    notes: event.description,
  });

  const existing = async (conn: Conn) =>
    input.key === null ? undefined : (await meetingsOfInviteKeys(conn, userId, [input.key])).get(input.key);
  const before = await existing(db);
  if (before !== undefined) throw alreadyImported(before);

  return db.transaction(async (trx) => {
    const attendees = (await attendeeMatcher(trx, userId))(event.attendees);
    const ids: number[] = [];
    const created: { id: number; full_name: string }[] = [];
    for (const a of attendees) {
      if (a.person) ids.push(a.person.id);
      else if (wanted.has(a.key.toLowerCase())) {
        const { person } = createPersonBody.parse({ person: { full_name: a.name } });
        const made = await insertPerson(trx, userId, person.full_name);
        if (a.email)
          await updatePerson(trx as unknown as Db, userId, made.id, updatePersonBody.parse({ basic_profile: { email: a.email } }));
        created.push({ id: made.id, full_name: made.full_name });
        ids.push(made.id);
      }
    }
    if (input.personId !== undefined) ids.unshift(input.personId);
    const attendeeIds = [...new Set(ids)].slice(0, L.attendees);
    const meeting = await insertMeeting(trx as unknown as Db, userId, fields, attendeeIds, new Date(), input.key).catch(
      async (error: unknown) => {
        // Another import of this invitation committed since the check above: the unique index
        // refuses this one (insertMeeting's savepoint keeps the transaction usable to say which).
        const winner = isUniqueViolation(error) ? await existing(trx) : undefined;
        throw winner !== undefined ? alreadyImported(winner) : error;
      },
    );
    // Thrown, not answered: the people made above go with the transaction.
    if (meeting === 'bad_attendees') throw invalid(M.attendeesNotFound);
    return { meeting: meeting as Meeting, created_people: created };
  });
}
