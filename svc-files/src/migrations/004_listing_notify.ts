import type { Migration } from '@cc/service-kit';

/**
 * `NOTIFY files_listing, '<user_id>'` whenever something `GET /files` shows changes (a folder
 * or file is created, deleted, renamed, described, moved or reordered), so every instance can
 * drop its cached listing for that user (listing-cache.ts). Content, summary and goals saves
 * do not notify. Notifications are sent at commit, once per user and transaction.
 */
export const listingNotify: Migration = {
  name: '004_listing_notify',
  async up(knex, schema) {
    const fn = `${schema}.notify_listing_change`;
    await knex.raw(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('files_listing', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text);
        return null;
      end $$`);
    await knex.raw(
      `create trigger folders_listing_changed after insert or delete on ??
      for each row execute function ${fn}()`,
      [`${schema}.folders`],
    );
    await knex.raw(
      `create trigger folders_listing_updated after update on ??
      for each row when (old.name is distinct from new.name or old.description is distinct from new.description or old.position is distinct from new.position)
      execute function ${fn}()`,
      [`${schema}.folders`],
    );
    await knex.raw(
      `create trigger files_listing_changed after insert or delete on ??
      for each row execute function ${fn}()`,
      [`${schema}.files`],
    );
    await knex.raw(
      `create trigger files_listing_updated after update on ??
      for each row when (old.name is distinct from new.name or old.description is distinct from new.description
        or old.position is distinct from new.position or old.folder_id is distinct from new.folder_id)
      execute function ${fn}()`,
      [`${schema}.files`],
    );
  },
  async down(knex, schema) {
    await knex.raw(`drop function ${schema}.notify_listing_change() cascade`);
  },
};
