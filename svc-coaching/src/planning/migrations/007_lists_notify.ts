import type { Migration } from '@cc/service-kit';

/**
 * `NOTIFY planning_lists, '<user_id>'` whenever a todo or milestone is created, changed or
 * deleted, so every instance drops its cached `GET /planning/todos` and `/planning/milestones`
 * answers for that user (lists-cache.ts). Every column of both tables is in one list or the
 * other (a milestone's progress counts its todos), so every write notifies; Postgres sends
 * the notifications at commit, one per user and transaction however many rows changed.
 */
export const planningListsNotify: Migration = {
  name: '007_lists_notify',
  async up(knex, schema) {
    const fn = `${schema}.notify_planning_lists`;
    await knex.raw(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('planning_lists', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text);
        return null;
      end $$`);
    for (const table of ['todos', 'milestones']) {
      await knex.raw(`create trigger ${table}_lists_changed after insert or update or delete on ?? for each row execute function ${fn}()`, [
        `${schema}.${table}`,
      ]);
    }
  },
  async down(knex, schema) {
    await knex.raw(`drop function ${schema}.notify_planning_lists() cascade`);
  },
};
