import type { Migration } from '@cc/service-kit';
import { BRAG_DOCUMENT } from '@cc/contracts/profile-rules';

/** A constant of ours as an SQL string literal (never user input). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Whether a file is a document the product generated, in SQL over its columns (`f` prefixes
 * them: 'f.' or ''): `isGeneratedDocument` of @cc/contracts/profile-rules (a brag document, by
 * its name, its description or its first line), the rule svc-people's profile already uses to
 * keep such files out of its evidence. AI drafts are saved by the editor like typing, so
 * nothing marks them: they count as the user's own (docs/search.md).
 */
export function generatedDocumentSql(f: string): string {
  // No `?` in the pattern: knex would take it for a binding.
  const bragName = String.raw`^brag-document-\d{4}-\d{2}-\d{2}(-\d+){0,1}\.md$`;
  const firstLine = `btrim(split_part(ltrim(left(${f}content, 4096), E' \\t\\r\\n'), E'\\n', 1), E' \\t\\r')`;
  return `(btrim(${f}name) ~* ${literal(bragName)}
    or btrim(${f}description) = ${literal(BRAG_DOCUMENT.description)}
    or ${firstLine} = ${literal(BRAG_DOCUMENT.heading)}
    or starts_with(${firstLine}, ${literal(`${BRAG_DOCUMENT.heading}:`)}))`;
}

/**
 * The rule kept as a stored generated column: a chat's retrieval leaves generated documents out
 * of thousands of matching files, and reading each one's first line at search time cost some
 * 15 µs a file (70 ms for 5,000); Postgres now works it out once per write.
 */
export const generatedFiles: Migration = {
  name: '007_generated_files',
  async up(knex, schema) {
    await knex.raw(`alter table ?? add column is_generated boolean generated always as (${generatedDocumentSql('')}) stored`, [
      `${schema}.files`,
    ]);
  },
  async down(knex, schema) {
    await knex.raw('alter table ?? drop column is_generated', [`${schema}.files`]);
  },
};
