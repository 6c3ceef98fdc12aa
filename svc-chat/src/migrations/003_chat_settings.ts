import type { Migration } from '@cc/service-kit';

/**
 * Each account's chat settings (docs/search.md#answers-that-cite-your-notes): whether answers may cite the
 * user's other notes (a missing row means yes), and when the user was first told that passages
 * of their notes went to a configured model (told once). References an answer cites are kept
 * with it, so a reload shows its links.
 */
export const chatSettingsTable: Migration = {
  name: '003_chat_settings',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('settings', (t) => {
      t.integer('user_id').primary();
      t.boolean('use_other_notes').notNullable().defaultTo(true);
      t.timestamp('notes_disclosed_at', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.withSchema(schema).alterTable('messages', (t) => {
      t.jsonb('references');
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('messages', (t) => {
      t.dropColumn('references');
    });
    await knex.schema.withSchema(schema).dropTable('settings');
  },
};
