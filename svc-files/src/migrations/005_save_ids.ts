import type { Migration } from '@cc/service-kit';

/**
 * Stale-save protection for every text a user types, and recognition of a client's own save.
 *
 * Summary, goals and journal entries get a revision like file content (it goes up by one on
 * every change of the text). Each text also keeps the `save_id` a client sent with the save
 * that produced its current revision: when the answer to a save is lost (a dropped
 * connection, a 502 after the commit), the client's next save is refused as stale, and the id
 * in that 409 tells the client it is looking at its own earlier save rather than someone
 * else's change. Null when the last change came without an id.
 */
export const saveIds: Migration = {
  name: '005_save_ids',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('files', (t) => {
      t.text('content_save_id');
      t.integer('summary_revision').notNullable().defaultTo(1);
      t.text('summary_save_id');
      t.integer('goals_revision').notNullable().defaultTo(1);
      t.text('goals_save_id');
    });
    await knex.schema.withSchema(schema).alterTable('journal_entries', (t) => {
      t.integer('revision').notNullable().defaultTo(1);
      t.text('save_id');
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('journal_entries', (t) => {
      t.dropColumn('save_id');
      t.dropColumn('revision');
    });
    await knex.schema.withSchema(schema).alterTable('files', (t) => {
      for (const column of ['goals_save_id', 'goals_revision', 'summary_save_id', 'summary_revision', 'content_save_id'])
        t.dropColumn(column);
    });
  },
};
