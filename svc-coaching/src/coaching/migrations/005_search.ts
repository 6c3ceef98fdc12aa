import type { Migration } from '@cc/service-kit';

/**
 * Search (docs/search.md#coaching): a stored `search` vector with a GIN index per check-in
 * answer and per information-gathering plan. The user's own words are weight B (a check-in's
 * notes and what they said in its chat, the automatic first message left out; a plan's prompt);
 * what the model wrote is weight D (a check-in's AI summary, a plan's answer), so a search can
 * tell a match in the user's words from one only in generated text (`ts_filter(search, '{b}')`).
 * The coach's chat replies are not indexed: they are not the user's answer.
 */
export const coachingSearch: Migration = {
  name: '005_search',
  async up(knex, schema) {
    const text = (column: string, weight: 'B' | 'D') => `setweight(to_tsvector('english', coalesce(${column}, '')), '${weight}')`;
    // `\\?` is a literal `?` for knex (a jsonpath filter), not a binding.
    const said = `setweight(to_tsvector('english', jsonb_path_query_array(messages,
      '$[*] \\? (@.role == "user" && !(@.content starts with "I''m ready to start reflecting on:")).content')), 'B')`;
    const columns: Array<[string, string]> = [
      ['question_conversations', `${text('content', 'B')} || ${said} || ${text('content_summary', 'D')}`],
      ['coaching_plans', `${text('prompt', 'B')} || ${text('response', 'D')}`],
    ];
    for (const [table, expression] of columns) {
      await knex.raw(`alter table ??.?? add column search tsvector generated always as (${expression}) stored`, [schema, table]);
      await knex.raw('create index ?? on ??.?? using gin (search)', [`${table}_search`, schema, table]);
    }
  },
  async down(knex, schema) {
    for (const table of ['question_conversations', 'coaching_plans']) {
      await knex.raw('alter table ??.?? drop column if exists search', [schema, table]);
    }
  },
};
