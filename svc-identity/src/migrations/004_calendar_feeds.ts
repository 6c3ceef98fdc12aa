import type { Migration } from '@cc/service-kit';

/**
 * An account's calendar settings and its feed (docs/calendar.md). The feed's address is derived
 * from `token_nonce` with the session secret, so the table alone does not give it away; it is
 * found by `token_hash`. `session_id` is the feed's own session, which the feed reads the other
 * services with; resetting the link revokes it (every service hears, through sessions_revoked).
 */
export const calendarFeeds: Migration = {
  name: '004_calendar_feeds',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('calendar_feeds', (t) => {
      t.integer('user_id').primary().references('id').inTable(`${schema}.users`).onDelete('CASCADE');
      t.text('time_zone');
      t.boolean('include_todos').notNullable().defaultTo(true);
      t.boolean('include_milestones').notNullable().defaultTo(true);
      t.boolean('include_meetings').notNullable().defaultTo(true);
      t.jsonb('reminders').notNullable().defaultTo('{}');
      t.text('token_nonce');
      t.text('token_hash').unique();
      t.text('session_id').references('id').inTable(`${schema}.sessions`).onDelete('SET NULL');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('calendar_feeds');
  },
};
