import type { Migration } from '@cc/service-kit';

/**
 * Every meeting of a user newest first (`GET /meetings`, which the calendar feed pages through):
 * the same sort key as a person's meetings, on the meetings table itself.
 */
export const meetingsByDate: Migration = {
  name: '010_meetings_by_date',
  async up(knex, schema) {
    await knex.raw(`create index meetings_by_date on ??.meetings (user_id, coalesce(meeting_date, '-infinity'::timestamp) desc, id desc)`, [
      schema,
    ]);
  },
  async down(knex, schema) {
    await knex.raw('drop index ??.meetings_by_date', [schema]);
  },
};
