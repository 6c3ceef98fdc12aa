import type { Migration } from '@cc/service-kit';

/**
 * `NOTIFY sessions_revoked, '<session id>'` whenever a session stops being active: signed out
 * (revoked_at set) or deleted with its account. Every other service's session check LISTENs
 * (kit session-check.ts) and refuses that session from then on, on every replica, reads
 * included. A trigger rather than a call in each route, so no way of ending a session is
 * missed. The payload is the random session id, never anything the user wrote; notifications
 * are sent at commit.
 */
export const sessionsRevokedNotify: Migration = {
  name: '003_sessions_revoked_notify',
  async up(knex, schema) {
    const fn = `${schema}.notify_session_revoked`;
    await knex.raw(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('sessions_revoked', old.id);
        return null;
      end $$`);
    await knex.raw(`create trigger sessions_deleted after delete on ?? for each row execute function ${fn}()`, [`${schema}.sessions`]);
    await knex.raw(
      `create trigger sessions_revoked after update on ??
      for each row when (old.revoked_at is null and new.revoked_at is not null) execute function ${fn}()`,
      [`${schema}.sessions`],
    );
  },
  async down(knex, schema) {
    await knex.raw(`drop function ${schema}.notify_session_revoked() cascade`);
  },
};
