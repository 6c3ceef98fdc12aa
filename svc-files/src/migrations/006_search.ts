import type { Migration } from '@cc/service-kit';
import type { Knex } from 'knex';

/**
 * How much of a text the search indexes. A tsvector holds at most 1 MB and a file's content may
 * hold 2,000,000 characters: past that a save would fail, so the index reads the first
 * 100,000 characters of the content (about 15,000 words) and of a journal entry, and 50,000 of
 * the file's description, summary and goals together (at worst about 3 bytes of tsvector a
 * character). search.ts builds its snippets from the same slices.
 */
export const SEARCHED_CHARS = { content: 100_000, notes: 50_000 } as const;

/**
 * The words of a file name: `-`, `_` and `.` separate them ("database-migration.md" is
 * "database migration md"; the parser would take it whole as one file name). Same length as
 * the name, so offsets in one are offsets in the other.
 */
export const nameWordsSql = (name: string): string => `translate(${name}, '-_.', '   ')`;

/** A file's notes (description, summary, goals) as one lower-weight text; `f` prefixes the columns ('f.' or ''). */
export const fileNotesSql = (f: string): string =>
  `left(coalesce(${f}description, '') || E'\\n\\n' || coalesce(${f}summary, '') || E'\\n\\n' || coalesce(${f}goals, ''), ${SEARCHED_CHARS.notes})`;

/**
 * Full-text search of files (name 'A', content 'B', notes 'C') and journal entries (text 'B'):
 * a stored generated tsvector with a GIN index each (Postgres keeps it in step with every
 * write and recomputes it only when one of its columns changes), and a trigram index on file
 * names for one-typo matches. pg_trgm lives in `public`.
 */
export const search: Migration = {
  name: '006_search',
  async up(knex, schema) {
    await createTrgm(knex);
    const files = `${schema}.files`;
    const journal = `${schema}.journal_entries`;
    await knex.raw(
      `alter table ?? add column search tsvector generated always as (
        setweight(to_tsvector('english', ${nameWordsSql("coalesce(name, '')")}), 'A') ||
        setweight(to_tsvector('english', left(coalesce(content, ''), ${SEARCHED_CHARS.content})), 'B') ||
        setweight(to_tsvector('english', ${fileNotesSql('')}), 'C')
      ) stored`,
      [files],
    );
    await knex.raw('create index files_search on ?? using gin (search)', [files]);
    await knex.raw('create index files_name_trgm on ?? using gin (lower(name) public.gin_trgm_ops)', [files]);
    await knex.raw(
      `alter table ?? add column search tsvector generated always as (
        setweight(to_tsvector('english', left(coalesce(content, ''), ${SEARCHED_CHARS.content})), 'B')
      ) stored`,
      [journal],
    );
    await knex.raw('create index journal_entries_search on ?? using gin (search)', [journal]);
  },
  async down(knex, schema) {
    await knex.raw('alter table ?? drop column search', [`${schema}.journal_entries`]);
    await knex.raw('drop index if exists ??', [`${schema}.files_name_trgm`]);
    await knex.raw('alter table ?? drop column search', [`${schema}.files`]);
  },
};

/**
 * The kit's ensureExtension, in a savepoint. Migrations run in a transaction: when another
 * service creates pg_trgm at the same moment, the loser's error (harmless, ensureExtension
 * ignores it) would still abort the whole transaction. In a savepoint it aborts only the
 * savepoint, and the extension is there either way.
 */
async function createTrgm(knex: Knex): Promise<void> {
  try {
    await knex.transaction(async (savepoint) => {
      await savepoint.raw('create extension if not exists pg_trgm schema public');
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42710') throw error;
  }
}
