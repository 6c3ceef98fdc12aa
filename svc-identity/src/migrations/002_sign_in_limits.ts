import type { Migration } from '@cc/service-kit';

/**
 * Sign-in failures are counted by rate-limiter-flexible (`sign_in_limits`, made by the limiter on
 * first use, as the kit's model-call limit is): the hand-kept log of failures goes.
 */
export const signInLimits: Migration = {
  name: '002_sign_in_limits',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists('sign_in_failures');
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).createTable('sign_in_failures', (t) => {
      t.increments('id');
      t.text('email').notNullable();
      t.text('ip').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['email', 'created_at']);
      t.index(['ip', 'created_at']);
    });
  },
};
