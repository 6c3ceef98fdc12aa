import { createTrashTable, type Migration } from '@cc/service-kit';

/**
 * `files.trash`: deleted folders (with their files), files and journal days, kept 30 days as
 * snapshots of their rows (docs/trash.md). The live tables stay as they were.
 */
export const trash: Migration = {
  name: '010_trash',
  async up(knex, schema) {
    await createTrashTable(knex, schema);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('trash');
  },
};
