import type { Migration } from '@cc/service-kit';

/**
 * A deep research's liveness is pg-boss's (the job's expiry and retries) rather than a heartbeat
 * the worker wrote every second: the generation keeps the id of its job, to cancel it.
 */
export const generationJobs: Migration = {
  name: '005_generation_jobs',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('profile_generations', (t) => {
      t.uuid('job_id');
      t.dropColumn('heartbeat_at');
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('profile_generations', (t) => {
      t.timestamp('heartbeat_at', { useTz: true });
      t.dropColumn('job_id');
    });
  },
};
