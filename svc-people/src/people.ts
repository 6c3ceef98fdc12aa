import { intKey, iso, keyset, pageOf, type Db, type Page } from '@cc/service-kit';
import type { Knex } from 'knex';
import { fullProfile, personFieldKey, type Person, type PersonPatch } from '@cc/contracts';
import { z } from 'zod';
import { applyGuard, isRevision, isSaveId, mapOf, type FieldGuard, type Stale } from './revisions';
import { T } from './tables';

type Conn = Db | Knex.Transaction;

interface PersonRow {
  id: number;
  full_name: string;
  position: number;
  profile: unknown;
  revisions: unknown;
  save_ids: unknown;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['id', 'full_name', 'position', 'profile', 'revisions', 'save_ids', 'created_at', 'updated_at'] as const;

/** The person as answered: bookkeeping fields, then every section with every field. */
export const publicPerson = (r: PersonRow): Person =>
  ({
    id: r.id,
    full_name: r.full_name,
    position: r.position,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    revisions: mapOf(r.revisions, isRevision),
    ...fullProfile(r.profile),
  }) as Person;

/** A people cursor: the last person's position and id. */
export const peopleListKey = z.tuple([intKey, intKey]);

/**
 * `GET /people`: id and name only, in the user's order: everyone, or one page after the cursor's
 * person (the (user_id, position, id, full_name) index answers it alone).
 */
export async function listPeople(db: Conn, userId: number, page?: Page) {
  const k = keyset(page, ['position', 'id']);
  const query = db(T.people)
    .where({ user_id: userId })
    .whereRaw(k.where, k.bindings)
    .orderByRaw(k.orderBy)
    .select('id', 'full_name', 'position');
  if (k.limit !== null) void query.limit(k.limit);
  const { items, next_cursor } = pageOf((await query) as { id: number; full_name: string; position: number }[], page, (r) => [
    r.position,
    r.id,
  ]);
  return { people: items.map(({ id, full_name }) => ({ id, full_name })), next_cursor };
}

export async function findPerson(db: Conn, userId: number, id: number, forUpdate = false): Promise<PersonRow | undefined> {
  const q = db(T.people).where({ user_id: userId, id }).first(COLUMNS);
  return forUpdate ? q.forUpdate() : q;
}

export async function getPerson(db: Conn, userId: number, id: number): Promise<Person | 'not_found'> {
  const row = await findPerson(db, userId, id);
  return row ? publicPerson(row) : 'not_found';
}

/** At the end of the user's list. */
export async function insertPerson(db: Conn, userId: number, fullName: string): Promise<Person> {
  const { rows } = await db.raw(
    `insert into ${T.people} (user_id, full_name, position)
     select ?, ?, coalesce(max(position) + 1, 0) from ${T.people} where user_id = ?
     returning ${COLUMNS.join(', ')}`,
    [userId, fullName, userId],
  );
  return publicPerson(rows[0] as PersonRow);
}

/**
 * Merges the fields sent into the stored profile (the others stay as they are). With a
 * `basedOn` revision, the one field sent is saved only if it is still at that revision (or
 * already holds this text); otherwise the answer is what it holds now.
 */
export async function updatePerson(
  db: Db,
  userId: number,
  id: number,
  patch: PersonPatch,
  guard: FieldGuard = {},
): Promise<Person | 'not_found' | Stale> {
  return db.transaction(async (trx) => {
    const row = await findPerson(trx, userId, id, true);
    if (!row) return 'not_found';
    const profile = fullProfile(row.profile);
    const changes: Record<string, [string, string]> = {};
    if (patch.full_name !== undefined) changes.full_name = [row.full_name, patch.full_name];
    for (const [section, fields] of Object.entries(patch.sections)) {
      for (const [field, value] of Object.entries(fields ?? {}))
        changes[personFieldKey(section, field)] = [profile[section]?.[field] ?? '', value];
    }
    const guarded = applyGuard(changes, mapOf(row.revisions, isRevision), mapOf(row.save_ids, isSaveId), guard);
    if ('stale' in guarded) return guarded;
    for (const [section, fields] of Object.entries(patch.sections)) profile[section] = { ...profile[section], ...fields };
    const [updated] = await trx(T.people)
      .where({ user_id: userId, id })
      .update({
        profile: JSON.stringify(profile),
        revisions: JSON.stringify(guarded.revisions),
        save_ids: JSON.stringify(guarded.saveIds),
        ...(patch.full_name !== undefined ? { full_name: patch.full_name } : {}),
        updated_at: trx.fn.now(),
      })
      .returning(COLUMNS);
    return publicPerson(updated as PersonRow);
  });
}

/**
 * Positions as given: the listed people first in that order, then the others in their current
 * order. Ids that are not the user's people are ignored and returned.
 */
export async function reorderPeople(db: Db, userId: number, order: number[]): Promise<number[]> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `with wanted as (select id, ord from unnest(?::int[]) with ordinality as t(id, ord)),
       ranked as (
         select p.id, (row_number() over (order by w.ord nulls last, p.position, p.id) - 1)::int as pos, w.ord is not null as listed
         from ${T.people} p left join wanted w on w.id = p.id
         where p.user_id = ?
       ),
       moved as (
         update ${T.people} p set position = r.pos, updated_at = now()
         from ranked r where p.id = r.id and p.position <> r.pos
         returning p.id
       )
       select id from ranked where listed`,
      [order, userId],
    );
    const known = new Set((rows as { id: number }[]).map((r) => r.id));
    return order.filter((id) => !known.has(id));
  });
}

/** The user's people among `ids` (with their profiles), in the order asked. */
export async function peopleByIds(db: Conn, userId: number, ids: number[]): Promise<Person[]> {
  if (!ids.length) return [];
  const rows = (await db(T.people).where({ user_id: userId }).whereIn('id', ids).select(COLUMNS)) as PersonRow[];
  const byId = new Map(rows.map((r) => [r.id, publicPerson(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
