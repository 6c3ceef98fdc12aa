import type { Migration } from '@cc/service-kit';

/** Saved research says where it came from: the web search, or the user's own notes. */
export const researchSource: Migration = {
  name: '002_research_source',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('person_research', (t) => {
      t.text('source').notNullable().defaultTo('web');
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('person_research', (t) => {
      t.dropColumn('source');
    });
  },
};
