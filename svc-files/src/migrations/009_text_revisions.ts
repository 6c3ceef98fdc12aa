import type { Migration } from '@cc/service-kit';

/**
 * History of a file's content and a journal entry's text (docs/dashboard.md#history).
 *
 * `text_revisions` keeps the texts a file or a journal day held before they were written over:
 * one row per history point, with the revision and the time that text was saved. The text a
 * file or a day holds now is never copied here: it stays in its own row and is the newest
 * point of its history. A save copies the text it replaces (in its own statement, from the row
 * it updates) only when a point is due (see `POINT_DUE` in revisions.ts), so most autosaves of
 * an editing stretch write nothing here.
 *
 * - `file_id` or `day` names the object (exactly one of them). No foreign key to `files`: a
 *   deleted file goes to the trash and may come back with the same id, so its history must
 *   stay; purging it (or deleting the account) calls `deleteRevisionsOf`.
 * - `characters` is kept so the list never reads the texts.
 * - `recorded_at` is when the point was taken: the "every 10 minutes of editing" rule counts
 *   from the last point taken, not from when its text was saved.
 * - The two unique indexes (user, object, revision) serve "newest first" and one point's read.
 *
 * `files.content_saved_at`: when the content last changed (updated_at also moves on a rename,
 * a description, a summary or goals), the end of an editing stretch is measured from it.
 */
export const textRevisions: Migration = {
  name: '009_text_revisions',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('text_revisions', (t) => {
      t.bigIncrements('id');
      t.integer('user_id').notNullable();
      t.integer('file_id');
      t.date('day');
      t.integer('revision').notNullable();
      t.text('content').notNullable();
      t.integer('characters').notNullable();
      t.timestamp('saved_at', { useTz: true }).notNullable();
      t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.check('(file_id is null) <> (day is null)', [], 'text_revisions_one_object');
    });
    const table = `${schema}.text_revisions`;
    await knex.raw('create unique index text_revisions_file on ?? (user_id, file_id, revision) where file_id is not null', [table]);
    await knex.raw('create unique index text_revisions_day on ?? (user_id, day, revision) where day is not null', [table]);
    await knex.schema.withSchema(schema).alterTable('files', (t) => {
      t.timestamp('content_saved_at', { useTz: true });
    });
    await knex.raw('update ?? set content_saved_at = updated_at', [`${schema}.files`]);
    await knex.raw('alter table ?? alter column content_saved_at set default now(), alter column content_saved_at set not null', [
      `${schema}.files`,
    ]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('files', (t) => {
      t.dropColumn('content_saved_at');
    });
    await knex.schema.withSchema(schema).dropTable('text_revisions');
  },
};
