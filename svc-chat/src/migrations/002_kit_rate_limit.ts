import type { Migration } from '@cc/service-kit';

/** The per-user model-call limit moved to the service kit (its own table, model_call_limits). */
export const kitRateLimit: Migration = {
  name: '002_kit_rate_limit',
  up: async (knex, schema) => {
    await knex.schema.withSchema(schema).dropTableIfExists('model_calls');
  },
  down: async (knex, schema) => {
    await knex.schema.withSchema(schema).createTable('model_calls', (t) => {
      t.integer('user_id').primary();
      t.specificType('recent', 'timestamptz[]').notNullable();
    });
  },
};
