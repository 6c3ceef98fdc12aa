import type { Migration } from '@cc/service-kit';

export const conversations: Migration = {
  name: '001_conversations',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('conversations', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      /** See keys.ts: `file:<id>`, `person:<id>` or `path:["<folder>","<file_name>"]`. */
      t.text('key').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // Also the index every lookup uses (always by user and key).
      t.unique(['user_id', 'key']);
    });
    await knex.schema.withSchema(schema).createTable('messages', (t) => {
      t.bigIncrements('id');
      t.integer('conversation_id').notNullable().references('id').inTable(`${schema}.conversations`).onDelete('CASCADE');
      t.text('role').notNullable().checkIn(['user', 'assistant']);
      t.text('content').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['conversation_id', 'id']);
    });
    // The per-user rate limit on model calls (send_message, suggest_edits), shared by every
    // instance: one row per user with the times of their calls in the last minute.
    await knex.schema.withSchema(schema).createTable('model_calls', (t) => {
      t.integer('user_id').primary();
      t.specificType('recent', 'timestamptz[]').notNullable().defaultTo('{}');
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('model_calls');
    await knex.schema.withSchema(schema).dropTable('messages');
    await knex.schema.withSchema(schema).dropTable('conversations');
  },
};
