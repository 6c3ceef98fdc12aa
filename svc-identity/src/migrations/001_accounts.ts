import type { Migration } from '@cc/service-kit';

export const accounts: Migration = {
  name: '001_accounts',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('users', (t) => {
      t.increments('id');
      t.text('email').notNullable().unique();
      t.text('password_hash').notNullable();
      t.boolean('is_admin').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.withSchema(schema).createTable('sessions', (t) => {
      t.text('id').primary();
      t.integer('user_id').notNullable().references('id').inTable(`${schema}.users`).onDelete('CASCADE');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('revoked_at', { useTz: true });
      t.text('user_agent');
      t.index(['user_id']);
    });
    await knex.schema.withSchema(schema).createTable('sign_in_failures', (t) => {
      t.increments('id');
      t.text('email').notNullable();
      t.text('ip').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['email', 'created_at']);
      t.index(['ip', 'created_at']);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('sign_in_failures');
    await knex.schema.withSchema(schema).dropTable('sessions');
    await knex.schema.withSchema(schema).dropTable('users');
  },
};
