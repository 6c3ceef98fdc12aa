import type { Migration } from '@cc/service-kit';

/**
 * A revision (and the client's save id) for each of a conversation's two texts, so an autosave
 * based on an outdated text is detected (409), not silently written over, as for files.
 */
export const noteRevisions: Migration = {
  name: '003_note_revisions',
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable('question_conversations', (t) => {
      t.integer('content_revision').notNullable().defaultTo(0);
      t.integer('summary_revision').notNullable().defaultTo(0);
      t.text('content_save_id');
      t.text('summary_save_id');
    });
    await knex.raw(
      `update ??.question_conversations set content_revision = case when content = '' then 0 else 1 end,
         summary_revision = case when content_summary = '' then 0 else 1 end`,
      [schema],
    );
  },
};
