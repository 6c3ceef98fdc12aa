import { createTrashTable, type Migration } from '@cc/service-kit';

/** `people.trash`: deleted people (with their research and meeting links) and meetings, kept 30 days as snapshots of their rows (docs/trash.md). */
export const trash: Migration = {
  name: '008_trash',
  async up(knex, schema) {
    await createTrashTable(knex, schema);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('trash');
  },
};
