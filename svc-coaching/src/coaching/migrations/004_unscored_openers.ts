import type { Migration } from '@cc/service-kit';

/**
 * Until this migration, opening a question stored a score of 0 for its automatic first message
 * ("I'm ready to start reflecting on: …"), which is not an answer: the question counted as
 * answered and pulled its period's average down. A conversation whose user messages are all that
 * opener (or blank) holds no answer, so it has no score.
 */
export const unscoredOpeners: Migration = {
  name: '004_unscored_openers',
  async up(knex, schema) {
    await knex.raw(
      `update ??.question_conversations c set score = null, score_feedback = ''
       where c.score is not null
         and not exists (
           select 1 from jsonb_array_elements(c.messages) m
           where m->>'role' = 'user'
             and btrim(m->>'content') <> ''
             and ltrim(m->>'content') not like 'I''m ready to start reflecting on:%'
         )`,
      [schema],
    );
  },
};
