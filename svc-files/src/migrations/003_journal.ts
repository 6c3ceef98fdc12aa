import type { Migration } from '@cc/service-kit';

/** One journal entry per user and date. */
export const journal: Migration = {
  name: '003_journal',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('journal_entries', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.date('date').notNullable();
      t.text('content').notNullable().defaultTo('');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'date']);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('journal_entries');
  },
};
