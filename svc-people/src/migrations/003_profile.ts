import type { Migration } from '@cc/service-kit';

/**
 * The About me profile (one row per user: the details, the generated markdown, statements,
 * company statements and narrative) and its generations: each deep research is a row the
 * status call reads (phase, progress), whatever the job queue does with its own copy. At most
 * one generation per user is queued or running (a partial unique index), so one request never
 * starts a second run.
 */
export const profile: Migration = {
  name: '003_profile',
  async up(knex, schema) {
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('profiles', (t) => {
      t.integer('user_id').primary();
      t.jsonb('details').notNullable().defaultTo('{}');
      t.text('ai_profile_markdown').notNullable().defaultTo('');
      t.text('ai_profile_narrative').notNullable().defaultTo('');
      t.jsonb('statements').notNullable().defaultTo('[]');
      t.jsonb('company_statements').notNullable().defaultTo('{}');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await s().createTable('profile_generations', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('research_mode').notNullable();
      t.text('state').notNullable().defaultTo('queued');
      t.text('phase').notNullable().defaultTo('queued');
      t.integer('progress').notNullable().defaultTo(0);
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('error');
      /** What the job writes from (details, prompts, the user's notes as read when it was asked). */
      t.jsonb('request').notNullable();
      t.text('markdown');
      t.jsonb('statements');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('started_at', { useTz: true });
      t.timestamp('finished_at', { useTz: true });
      /** The worker running it writes this every second: a stale one means it stopped. */
      t.timestamp('heartbeat_at', { useTz: true });
      // The status call reads the user's latest.
      t.index(['user_id', 'id']);
    });
    await knex.raw(
      `create unique index profile_generations_one_active on ??.profile_generations (user_id) where state in ('queued', 'running')`,
      [schema],
    );
  },
  async down(knex, schema) {
    for (const table of ['profile_generations', 'profiles']) await knex.schema.withSchema(schema).dropTable(table);
  },
};
