import type { Migration } from '@cc/service-kit';

/**
 * Stale-save protection for the texts of a person and of a meeting, as files and check-in notes
 * have it. Each record keeps, per text (`full_name`, `basic_profile.role`…; a meeting's `title`,
 * `goals`…), its revision (up by one on every change; absent is 0) and the `save_id` of the save
 * that wrote it, so two tabs no longer overwrite each other silently and a client whose answer
 * was lost recognises its own save. Maps rather than columns: each field autosaves on its own.
 */
export const fieldRevisions: Migration = {
  name: '004_field_revisions',
  async up(knex, schema) {
    for (const table of ['people', 'meetings']) {
      await knex.schema.withSchema(schema).alterTable(table, (t) => {
        t.jsonb('revisions').notNullable().defaultTo('{}');
        t.jsonb('save_ids').notNullable().defaultTo('{}');
      });
    }
  },
  async down(knex, schema) {
    for (const table of ['meetings', 'people']) {
      await knex.schema.withSchema(schema).alterTable(table, (t) => {
        t.dropColumn('save_ids');
        t.dropColumn('revisions');
      });
    }
  },
};
