import type { Migration } from '@cc/service-kit';

/**
 * The calendar invitation a meeting was made from (its event's UID, with the occurrence for a
 * repeating one): importing the same invitation twice must not make a second meeting, and the
 * unique index is the guard even when two imports race (docs/people.md#meetings-from-an-invite).
 */
export const meetingInviteKey: Migration = {
  name: '011_meeting_invite_key',
  async up(knex, schema) {
    await knex.raw('alter table ??.meetings add column invite_key text', [schema]);
    await knex.raw('create unique index meetings_invite_key on ??.meetings (user_id, invite_key) where invite_key is not null', [schema]);
  },
  async down(knex, schema) {
    await knex.raw('drop index ??.meetings_invite_key', [schema]);
    await knex.raw('alter table ??.meetings drop column invite_key', [schema]);
  },
};
