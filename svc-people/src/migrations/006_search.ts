import type { Knex } from 'knex';
import { ensureExtension, type Migration } from '@cc/service-kit';

/**
 * Full-text search over people, their saved research and meetings (docs/search.md#people).
 * Each table gets a stored generated `search` tsvector (the name or title weighted 'A', the
 * rest 'B') with a GIN index, and names and titles a GIN trigram index for one-typo matches.
 * Generated columns must be IMMUTABLE: every call names the 'english' configuration.
 *
 * A person's profile is one jsonb object of sections; jsonb_to_tsvector(config, jsonb,
 * '["string"]') indexes every string in it (only the known sections' fields are ever stored)
 * without the column listing the fields, and keeps a gap between values so a phrase never runs
 * from one field into the next. About me statements live in one jsonb document per user and
 * are searched on the fly (one row per user: no index to add).
 */
/**
 * pg_trgm, in a savepoint: the migration runs in a transaction, and when another service
 * creates the extension at the same moment, ensureExtension ignores the loser's error but the
 * transaction is left aborted. Rolling back to the savepoint makes it usable again (the
 * extension is there: the other service made it).
 */
async function trigrams(knex: Knex): Promise<void> {
  if (!knex.isTransaction) return ensureExtension(knex, 'pg_trgm');
  await knex.raw('savepoint pg_trgm_extension');
  await ensureExtension(knex, 'pg_trgm');
  try {
    await knex.raw('release savepoint pg_trgm_extension');
  } catch {
    await knex.raw('rollback to savepoint pg_trgm_extension');
  }
}

export const search: Migration = {
  name: '006_search',
  async up(knex, schema) {
    await trigrams(knex);
    const sections = ['goals', 'agenda', 'anticipating', 'notes', 'followups', 'reflection', 'location']
      .map((c) => `coalesce(${c}, '')`)
      .join(` || E'\\n' || `);
    await knex.raw(
      `alter table ??.people add column search tsvector generated always as (
         setweight(to_tsvector('english', coalesce(full_name, '')), 'A') ||
         setweight(jsonb_to_tsvector('english', profile, '["string"]'), 'B')
       ) stored`,
      [schema],
    );
    await knex.raw(
      `alter table ??.meetings add column search tsvector generated always as (
         setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
         setweight(to_tsvector('english', ${sections}), 'B')
       ) stored`,
      [schema],
    );
    await knex.raw(
      `alter table ??.person_research add column search tsvector generated always as (
         setweight(to_tsvector('english', coalesce(answer, '')), 'B')
       ) stored`,
      [schema],
    );
    await knex.raw('create index people_search on ??.people using gin (search)', [schema]);
    await knex.raw('create index meetings_search on ??.meetings using gin (search)', [schema]);
    await knex.raw('create index person_research_search on ??.person_research using gin (search)', [schema]);
    await knex.raw('create index people_name_trgm on ??.people using gin (lower(full_name) public.gin_trgm_ops)', [schema]);
    await knex.raw('create index meetings_title_trgm on ??.meetings using gin (lower(title) public.gin_trgm_ops)', [schema]);
  },
  async down(knex, schema) {
    for (const index of ['meetings_title_trgm', 'people_name_trgm', 'person_research_search', 'meetings_search', 'people_search'])
      await knex.raw('drop index if exists ??.??', [schema, index]);
    for (const table of ['person_research', 'meetings', 'people'])
      await knex.schema.withSchema(schema).alterTable(table, (t) => {
        t.dropColumn('search');
      });
  },
};
