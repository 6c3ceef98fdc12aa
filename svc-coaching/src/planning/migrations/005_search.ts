import { ensureExtension, type Migration } from '@cc/service-kit';

/**
 * Search (docs/search.md#coaching): a stored `search` vector per todo and milestone (title
 * weight A, description B) and per action-plan week (the user's actions B, the outcomes D: the
 * model writes those, so a match only there counts as generated), each with a GIN index; and a
 * trigram index on the lower-cased titles, where a one-typo match finds its candidates.
 */
export const planningSearch: Migration = {
  name: '005_search',
  async up(knex, schema) {
    await ensureExtension(knex, 'pg_trgm');
    const vector = (weighted: Array<[string, 'A' | 'B' | 'D']>) =>
      weighted.map(([column, weight]) => `setweight(to_tsvector('english', coalesce(${column}, '')), '${weight}')`).join(' || ');
    const columns: Array<[string, string]> = [
      [
        'todos',
        vector([
          ['title', 'A'],
          ['description', 'B'],
        ]),
      ],
      [
        'milestones',
        vector([
          ['title', 'A'],
          ['description', 'B'],
        ]),
      ],
      [
        'timeline_items',
        vector([
          ['content', 'B'],
          ['outcomes', 'D'],
        ]),
      ],
    ];
    for (const [table, expression] of columns) {
      await knex.raw(`alter table ??.?? add column search tsvector generated always as (${expression}) stored`, [schema, table]);
      await knex.raw('create index ?? on ??.?? using gin (search)', [`${table}_search`, schema, table]);
    }
    for (const table of ['todos', 'milestones']) {
      await knex.raw('create index ?? on ??.?? using gin (lower(title) public.gin_trgm_ops)', [`${table}_title_trgm`, schema, table]);
    }
  },
  async down(knex, schema) {
    for (const table of ['todos', 'milestones']) await knex.raw('drop index if exists ??.??', [schema, `${table}_title_trgm`]);
    for (const table of ['todos', 'milestones', 'timeline_items']) {
      await knex.raw('alter table ??.?? drop column if exists search', [schema, table]);
    }
  },
};
