import type { Migration } from '@cc/service-kit';

/**
 * Folders and files. Names are unique per user (folders) and per folder (files), ignoring
 * case. `GET /files` reads (user_id, folder_id, position) with the list columns included,
 * so listing 10,000 files never touches the content.
 */
export const foldersAndFiles: Migration = {
  name: '001_folders_and_files',
  async up(knex, schema) {
    // A fresh builder per statement: a SchemaBuilder re-runs everything queued on it.
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('folders', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.integer('position').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'position']);
    });
    await knex.raw('create unique index folders_user_name_unique on ?? (user_id, lower(name))', [`${schema}.folders`]);

    await s().createTable('files', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.integer('folder_id').notNullable().references('id').inTable(`${schema}.folders`).onDelete('CASCADE');
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.text('content').notNullable().defaultTo('');
      t.text('summary').notNullable().defaultTo('');
      t.text('goals').notNullable().defaultTo('');
      t.integer('position').notNullable().defaultTo(0);
      t.integer('revision').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create unique index files_folder_name_unique on ?? (folder_id, lower(name))', [`${schema}.files`]);
    await knex.raw('create index files_user_folder_position on ?? (user_id, folder_id, position) include (id, name, description)', [
      `${schema}.files`,
    ]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('files');
    await knex.schema.withSchema(schema).dropTable('folders');
  },
};
