import type { Knex } from 'knex';
import { meetingAddress, personAddress } from '@cc/contracts/addresses';
import {
  deleteRowsReturning,
  putInTrash,
  restoreRows,
  snapshotRows,
  type Db,
  type Restorers,
  type SnapshotRow,
  type TrashEntry,
  TRASH_TABLE,
} from '@cc/service-kit';
import { T } from './tables';

/**
 * svc-people's trash (docs/trash.md): a deleted person, with what their delete cascades to
 * (saved research, their links to meetings), or a deleted meeting with its attendee links, is
 * moved as a snapshot of its rows into `people.trash` in the delete's transaction, and
 * inserted back on restore.
 */

export const SCHEMA = 'people';

type Trx = Knex.Transaction;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Moves the user's person to the trash; false when they have no such person. Their meetings stay. */
export async function trashPerson(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const person = await trx(T.people).where({ user_id: userId, id }).forUpdate().first('id');
    if (!person) return false;
    // What the foreign keys delete with the person, read before they do.
    const research = await snapshotRows(trx, T.person_research, 'user_id = ? and person_id = ?', [userId, id]);
    const attendees = await snapshotRows(trx, T.meeting_attendees, 'user_id = ? and person_id = ?', [userId, id]);
    const [row] = await deleteRowsReturning(trx, T.people, 'user_id = ? and id = ?', [userId, id]);
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'person',
      objectId: id,
      title: String(row!.full_name),
      detail: attendees.length ? `in ${plural(attendees.length, 'meeting')}` : null,
      url: personAddress(id),
      payload: { people: [row], person_research: research, meeting_attendees: attendees },
    });
    return true;
  });
}

/** Moves the user's meeting to the trash with its attendee links; false when they have no such meeting. */
export async function trashMeeting(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const meeting = await trx(T.meetings).where({ user_id: userId, id }).forUpdate().first('id');
    if (!meeting) return false;
    const attendees = await snapshotRows(trx, T.meeting_attendees, 'user_id = ? and meeting_id = ?', [userId, id]);
    const [row] = await deleteRowsReturning(trx, T.meetings, 'user_id = ? and id = ?', [userId, id]);
    const date = typeof row!.meeting_date === 'string' ? row!.meeting_date.slice(0, 10) : null;
    await putInTrash(trx, SCHEMA, {
      userId,
      kind: 'meeting',
      objectId: id,
      title: String(row!.title),
      detail: date ? `on ${date}` : null,
      url: meetingAddress((attendees[0]?.person_id as number | undefined) ?? null, id),
      payload: { meetings: [row], meeting_attendees: attendees },
    });
    return true;
  });
}

/**
 * Puts back the attendee links whose other side is there. A link to a meeting or a person that
 * is itself in the trash now is handed to that entry, so it comes back with it; one whose other
 * side is gone for good is dropped. Answers the links put back.
 */
async function restoreLinks(trx: Trx, userId: number, links: SnapshotRow[], other: 'meeting_id' | 'person_id'): Promise<SnapshotRow[]> {
  const ids = links.map((l) => Number(l[other]));
  if (!ids.length) return [];
  const table = other === 'meeting_id' ? T.meetings : T.people;
  const live = new Set(
    ((await trx(table).where({ user_id: userId }).whereIn('id', ids).select('id')) as { id: number }[]).map((r) => r.id),
  );
  const back = links.filter((l) => live.has(Number(l[other])));
  await restoreRows(trx, T.meeting_attendees, back);
  const kind = other === 'meeting_id' ? 'meeting' : 'person';
  for (const link of links.filter((l) => !live.has(Number(l[other])))) {
    await trx.raw(
      `update ${SCHEMA}.${TRASH_TABLE}
          set payload = jsonb_set(payload, '{meeting_attendees}', coalesce(payload -> 'meeting_attendees', '[]'::jsonb) || ?::jsonb)
        where user_id = ? and kind = ? and object_id = ?`,
      [JSON.stringify([link]), userId, kind, String(link[other])],
    );
  }
  return back;
}

async function restorePerson(trx: Trx, userId: number, entry: TrashEntry) {
  const [person] = entry.payload.people as SnapshotRow[];
  await restoreRows(trx, T.people, [person!]);
  await restoreRows(trx, T.person_research, entry.payload.person_research as SnapshotRow[]);
  await restoreLinks(trx, userId, entry.payload.meeting_attendees as SnapshotRow[], 'meeting_id');
  const id = Number(entry.object_id);
  return { kind: 'person' as const, id: entry.object_id, title: String(person!.full_name), url: personAddress(id) };
}

async function restoreMeeting(trx: Trx, userId: number, entry: TrashEntry) {
  const [meeting] = entry.payload.meetings as SnapshotRow[];
  // Its invitation imported again while it was in the trash: the meeting comes back, and the
  // new one keeps the invitation's key (the unique index allows one).
  const key = meeting!.invite_key;
  const taken = typeof key === 'string' && (await trx(T.meetings).where({ user_id: userId, invite_key: key }).first('id'));
  await restoreRows(trx, T.meetings, [taken ? { ...meeting!, invite_key: null } : meeting!]);
  const links = await restoreLinks(trx, userId, entry.payload.meeting_attendees as SnapshotRow[], 'person_id');
  const id = Number(entry.object_id);
  return {
    kind: 'meeting' as const,
    id: entry.object_id,
    title: String(meeting!.title),
    url: meetingAddress((links[0]?.person_id as number | undefined) ?? null, id),
  };
}

export const peopleRestorers: Restorers = { person: restorePerson, meeting: restoreMeeting };
