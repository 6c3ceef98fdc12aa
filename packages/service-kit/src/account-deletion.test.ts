import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createDb, type Db } from './db';
import { deleteAccountRows, deletionOrder, tablesWithoutOwner } from './account-deletion';
import { freshDatabase, type TestDatabase } from './testing';

const S = 'acct';

/** A schema shaped like a service's: a parent, a child with a plain (restricting) foreign key, a cascading one, and shared data. */
async function makeSchema(db: Db): Promise<void> {
  await db.raw(`create schema ${S}`);
  await db.raw(`create table ${S}.folders (id serial primary key, user_id int not null, name text not null)`);
  // No ON DELETE: deleting a folder before its files would be refused.
  await db.raw(`create table ${S}.files (id serial primary key, user_id int not null, folder_id int not null references ${S}.folders(id))`);
  await db.raw(`create table ${S}.conversations (id serial primary key, user_id int not null)`);
  await db.raw(
    `create table ${S}.messages (id serial primary key, conversation_id int not null references ${S}.conversations(id) on delete cascade, text text)`,
  );
  await db.raw(`create table ${S}.sections (id serial primary key, title text)`);
  await db.raw(`create table ${S}.knex_migrations (id serial primary key, name text)`);
}

async function addRows(db: Db, userId: number): Promise<void> {
  const [folder] = await db(`${S}.folders`).insert({ user_id: userId, name: 'Work' }).returning('id');
  await db(`${S}.files`).insert({ user_id: userId, folder_id: folder.id });
  const [conversation] = await db(`${S}.conversations`).insert({ user_id: userId }).returning('id');
  await db(`${S}.messages`).insert({ conversation_id: conversation.id, text: 'hello' });
}

const count = async (db: Db, table: string, where: Record<string, unknown> = {}) =>
  Number((await db(`${S}.${table}`).where(where).count({ n: '*' }).first())?.n);

describe.each(['pglite', 'postgres'] as const)('deleting an account’s rows on %s', (kind) => {
  let db: Db;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (kind === 'pglite') db = await createDb({});
    else ({ db } = database = await freshDatabase());
    await makeSchema(db);
    await db(`${S}.sections`).insert({ title: 'Shared by everyone' });
    await addRows(db, 1);
    await addRows(db, 1);
    await addRows(db, 2);
  });
  afterAll(async () => {
    if (database) await database.drop();
    else await db.destroy();
  });

  test('every row of the user goes, children before parents; other users and shared rows stay', async () => {
    const deleted = await deleteAccountRows(db, S, 1);
    expect(deleted).toEqual({ files: 2, folders: 2, conversations: 2 });
    expect(await count(db, 'folders', { user_id: 1 })).toBe(0);
    expect(await count(db, 'files', { user_id: 1 })).toBe(0);
    expect(await count(db, 'conversations', { user_id: 1 })).toBe(0);
    // The messages of user 1's conversations went with them (cascade); user 2's stayed.
    expect(await count(db, 'messages')).toBe(1);
    expect(await count(db, 'folders', { user_id: 2 })).toBe(1);
    expect(await count(db, 'files', { user_id: 2 })).toBe(1);
    expect(await count(db, 'sections')).toBe(1);
  });

  test('deleting again is fine: nothing is left', async () => {
    expect(await deleteAccountRows(db, S, 1)).toEqual({ files: 0, folders: 0, conversations: 0 });
  });

  test('a table added later is covered without being named', async () => {
    await db.raw(`create table ${S}.trash (user_id int not null, kind text, object_id int, primary key (user_id, kind, object_id))`);
    await db(`${S}.trash`).insert([
      { user_id: 2, kind: 'file', object_id: 1 },
      { user_id: 3, kind: 'file', object_id: 1 },
    ]);
    expect(await deleteAccountRows(db, S, 2)).toEqual({ files: 1, folders: 1, conversations: 1, trash: 1 });
    expect(await db(`${S}.trash`).select('user_id')).toEqual([{ user_id: 3 }]);
  });

  test('a failure deletes nothing (one transaction)', async () => {
    await addRows(db, 4);
    // A table whose rows cannot go: its trigger refuses every delete.
    await db.raw(`create table ${S}.locked (user_id int not null)`);
    await db.raw(`create function ${S}.refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db.raw(`create trigger refuse before delete on ${S}.locked for each row execute function ${S}.refuse()`);
    await db(`${S}.locked`).insert({ user_id: 4 });
    await expect(deleteAccountRows(db, S, 4)).rejects.toThrow(/refused/);
    expect(await count(db, 'folders', { user_id: 4 })).toBe(1);
    expect(await count(db, 'files', { user_id: 4 })).toBe(1);
    await db.raw(`drop table ${S}.locked`);
  });

  test('tablesWithoutOwner names the tables no user_id reaches, directly or by cascade', async () => {
    expect(await tablesWithoutOwner(db, S)).toEqual(['sections']);
    await db.raw(`create table ${S}.notes (id serial primary key, text text)`);
    expect(await tablesWithoutOwner(db, S)).toEqual(['notes', 'sections']);
  });
});

describe('deletionOrder', () => {
  test('puts every referencing table before the one it references, whatever the names', () => {
    const edges = [
      { child: 'a_items', parent: 'b_lists' },
      { child: 'b_lists', parent: 'c_boards' },
      { child: 'c_boards', parent: 'c_boards' },
    ];
    expect(deletionOrder(['c_boards', 'b_lists', 'a_items', 'z_other'], edges)).toEqual(['a_items', 'b_lists', 'c_boards', 'z_other']);
    expect(deletionOrder(['c_boards', 'b_lists'], edges)).toEqual(['b_lists', 'c_boards']);
  });

  test('a cycle still lists every table once', () => {
    const edges = [
      { child: 'a', parent: 'b' },
      { child: 'b', parent: 'a' },
    ];
    expect(deletionOrder(['a', 'b'], edges).sort()).toEqual(['a', 'b']);
  });
});
