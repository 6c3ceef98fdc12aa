import { createImportLedger, type Migration } from '@cc/service-kit';

/** `people.import_ledger`: what an import made here, until it is committed or undone (docs/import.md#the-domains-part). */
export const importLedger: Migration = {
  name: '009_import_ledger',
  async up(knex, schema) {
    await createImportLedger(knex, schema);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('import_ledger');
  },
};
