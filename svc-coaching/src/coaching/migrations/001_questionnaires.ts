import type { Migration } from '@cc/service-kit';

/**
 * Coaching's tables. The questionnaires (sections and their questions) are shared by every
 * user and edited by admins (see the README), so they have no user_id; what a user writes
 * (coaching plans, question conversations) has one, and every query of it is scoped by it.
 */
export const questionnaires: Migration = {
  name: '001_questionnaires',
  async up(knex, schema) {
    // A fresh builder per statement: a reused one would run its earlier statements again.
    const s = () => knex.schema.withSchema(schema);
    await s().createTable('coaching_plans', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.text('prompt').notNullable();
      t.text('response').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('archived_at', { useTz: true });
      t.index(['user_id', 'archived_at']);
    });
    // At most one current plan per user: two submits at once cannot both stay current.
    await knex.raw('create unique index coaching_plans_one_current on ??.coaching_plans (user_id) where archived_at is null', [schema]);

    await s().createTable('questionnaire_sections', (t) => {
      t.increments('id');
      t.text('questionnaire_type').notNullable();
      t.text('title').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.integer('position').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['questionnaire_type', 'position']);
    });
    // A title names one section of a questionnaire: the CSV import finds it again by it.
    await knex.raw('create unique index questionnaire_sections_title on ??.questionnaire_sections (questionnaire_type, lower(title))', [
      schema,
    ]);

    await s().createTable('questionnaire_questions', (t) => {
      t.increments('id');
      t.integer('section_id').notNullable().references('id').inTable(`${schema}.questionnaire_sections`).onDelete('CASCADE');
      t.text('title').notNullable();
      t.text('question_text').notNullable();
      t.text('prompt').notNullable().defaultTo('');
      t.integer('position').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['section_id', 'position']);
    });
    await knex.raw('create unique index questionnaire_questions_title on ??.questionnaire_questions (section_id, lower(title))', [schema]);

    await s().createTable('question_conversations', (t) => {
      t.increments('id');
      t.integer('user_id').notNullable();
      t.integer('question_id').notNullable().references('id').inTable(`${schema}.questionnaire_questions`).onDelete('CASCADE');
      t.text('period_key').notNullable();
      t.jsonb('messages').notNullable().defaultTo('[]');
      t.integer('score');
      t.text('score_feedback').notNullable().defaultTo('');
      t.text('content').notNullable().defaultTo('');
      t.text('content_summary').notNullable().defaultTo('');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // One per user, question and period; also the index of a question's recent periods.
      t.unique(['user_id', 'question_id', 'period_key']);
      // A question's deletion counts and removes every user's conversations of it.
      t.index(['question_id']);
    });
    await knex.raw('alter table ??.question_conversations add constraint question_conversations_score check (score between 0 and 100)', [
      schema,
    ]);
  },
  async down(knex, schema) {
    for (const table of ['question_conversations', 'questionnaire_questions', 'questionnaire_sections', 'coaching_plans']) {
      await knex.schema.withSchema(schema).dropTable(table);
    }
  },
};
