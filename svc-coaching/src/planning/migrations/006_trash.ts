import { createTrashTable, type Migration } from '@cc/service-kit';

/** `coaching.trash`: deleted todos and milestones, kept 30 days as snapshots of their rows (docs/trash.md). */
export const planningTrash: Migration = {
  name: '006_trash',
  async up(knex, schema) {
    await createTrashTable(knex, schema);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('trash');
  },
};
