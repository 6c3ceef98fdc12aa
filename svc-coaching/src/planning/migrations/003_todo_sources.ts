import type { Migration } from '@cc/service-kit';

/**
 * A todo's source (added: a meeting's follow-up sent to planning, docs/people.md#meetings): a key naming the
 * origin, a label and an app path to it. One todo per (user, source_key), so sending the same
 * follow-up twice finds the first todo instead of making a second.
 */
export const todoSources: Migration = {
  name: '003_todo_sources',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('todos', (t) => {
      t.text('source_key');
      t.text('source_label');
      t.text('source_url');
    });
    await knex.raw('create unique index todos_one_per_source on ??.todos (user_id, source_key) where source_key is not null', [schema]);
  },
  async down(knex, schema) {
    await knex.raw('drop index if exists ??.todos_one_per_source', [schema]);
    await knex.schema.withSchema(schema).alterTable('todos', (t) => {
      t.dropColumns('source_key', 'source_label', 'source_url');
    });
  },
};
