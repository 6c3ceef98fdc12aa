import type { Migration } from '@cc/service-kit';
import { DEFAULT_QUESTIONNAIRES } from './default-questionnaires';

/**
 * Seeds the default questionnaires, one set for every type, so a new account has useful
 * check-ins at once. Idempotent: a section or question already there (by title) is left as
 * it is, so a run over existing data (or a questionnaire an admin imported first) adds nothing twice.
 */
export const defaultQuestionnaires: Migration = {
  name: '002_default_questionnaires',
  async up(knex, schema) {
    for (const [type, sections] of Object.entries(DEFAULT_QUESTIONNAIRES)) {
      for (const [i, section] of sections.entries()) {
        await knex.raw(
          `insert into ??.questionnaire_sections (questionnaire_type, title, description, position) values (?, ?, ?, ?)
           on conflict (questionnaire_type, lower(title)) do nothing`,
          [schema, type, section.title, section.description, i + 1],
        );
        const { rows } = await knex.raw(
          'select id from ??.questionnaire_sections where questionnaire_type = ? and lower(title) = lower(?)',
          [schema, type, section.title],
        );
        const sectionId = (rows as { id: number }[])[0]!.id;
        for (const [j, question] of section.questions.entries()) {
          await knex.raw(
            `insert into ??.questionnaire_questions (section_id, title, question_text, prompt, position) values (?, ?, ?, ?, ?)
             on conflict (section_id, lower(title)) do nothing`,
            [schema, sectionId, question.title, question.text, question.prompt, j + 1],
          );
        }
      }
    }
  },
};
