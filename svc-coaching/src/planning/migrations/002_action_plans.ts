import type { Migration } from '@cc/service-kit';

/**
 * Action plans and their weeks. A user has at most one current plan (archived_at null); an
 * archived plan keeps the open actions it had then, grouped (immediately, soon, later). One
 * timeline item per (user, plan, period type, period key).
 */
export const actionPlans: Migration = {
  name: '002_action_plans',
  async up(knex, schema) {
    // A fresh builder per statement: a reused one would run its earlier statements again.
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('action_plans', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('archived_at', { useTz: true });
      t.jsonb('archived_actions');
      t.unique(['user_id', 'id']);
      t.index(['user_id', 'archived_at']);
    });
    await knex.raw('create unique index action_plans_one_current on ??.action_plans (user_id) where archived_at is null', [schema]);
    await s().createTable('timeline_items', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.integer('plan_id').notNullable();
      t.text('period_type').notNullable();
      t.text('period_key').notNullable();
      t.text('content').notNullable().defaultTo('');
      t.text('outcomes').notNullable().defaultTo('');
      t.integer('revision').notNullable().defaultTo(0);
      t.text('save_id');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'plan_id', 'period_type', 'period_key']);
      t.foreign(['user_id', 'plan_id']).references(['user_id', 'id']).inTable(`${schema}.action_plans`).onDelete('CASCADE');
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTable('timeline_items');
    await knex.schema.withSchema(schema).dropTable('action_plans');
  },
};
