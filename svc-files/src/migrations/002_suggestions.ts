import type { Migration } from '@cc/service-kit';

/**
 * AI suggestions per user: the stored list (kind 'folder', or 'file' for one folder), when it
 * was last generated, and the names the user turned down. `key` is the name as the user thinks
 * of it (case, spaces, underscores and `.md` do not matter), so a rejected "Career Goals" also
 * keeps "career-goals" away.
 */
export const suggestions: Migration = {
  name: '002_suggestions',
  async up(knex, schema) {
    // A fresh builder per statement: a SchemaBuilder re-runs everything queued on it.
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('suggestions', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('kind').notNullable();
      t.text('folder').notNullable().defaultTo('');
      t.text('name').notNullable();
      t.text('key').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.integer('position').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'kind', 'folder', 'key']);
    });
    await s().createTable('suggestion_sets', (t) => {
      t.integer('user_id').notNullable();
      t.text('kind').notNullable();
      t.text('folder').notNullable().defaultTo('');
      t.integer('count').notNullable();
      /** How many suggestions the last generation gave after filtering (0: do not retry on read). */
      t.integer('last_yield').notNullable();
      t.timestamp('generated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['user_id', 'kind', 'folder']);
    });
    await s().createTable('rejections', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('kind').notNullable();
      t.text('folder').notNullable().defaultTo('');
      t.text('name').notNullable();
      t.text('key').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'kind', 'folder', 'key']);
    });
    for (const table of ['suggestions', 'suggestion_sets', 'rejections']) {
      await knex.raw(`alter table ?? add constraint ${table}_kind_check check (kind in ('folder', 'file'))`, [`${schema}.${table}`]);
    }
  },
  async down(knex, schema) {
    for (const table of ['rejections', 'suggestion_sets', 'suggestions']) await knex.schema.withSchema(schema).dropTable(table);
  },
};
