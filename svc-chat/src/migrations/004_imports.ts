import type { Migration } from '@cc/service-kit';

/**
 * Imports (docs/import.md): one row per `POST /import`, its state and progress as the job writes,
 * so `GET /import/{id}` answers from any instance. The uploaded zip itself is not kept here.
 */
export const imports: Migration = {
  name: '004_imports',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable('imports', (t) => {
      t.uuid('id').primary();
      t.integer('user_id').notNullable();
      t.text('state').notNullable();
      t.text('source').notNullable();
      t.integer('progress').notNullable().defaultTo(0);
      t.jsonb('summary').notNullable();
      t.jsonb('errors').notNullable().defaultTo('[]');
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true });
      t.index(['user_id', 'started_at']);
    });
    await knex.raw(`alter table ?? add constraint imports_state_check check (state in ('running', 'done', 'failed'))`, [
      `${schema}.imports`,
    ]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('imports');
  },
};
