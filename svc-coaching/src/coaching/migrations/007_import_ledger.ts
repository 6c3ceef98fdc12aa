import { createImportLedger, type Migration } from '@cc/service-kit';

/**
 * `coaching.import_ledger`: what an import made in planning's and coaching's tables, until it is
 * committed or undone (docs/import.md#the-domains-part). The one `/coaching/import` takes both
 * modules' records, as the export gives them.
 */
export const importLedger: Migration = {
  name: '007_import_ledger',
  async up(knex, schema) {
    await createImportLedger(knex, schema);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('import_ledger');
  },
};
