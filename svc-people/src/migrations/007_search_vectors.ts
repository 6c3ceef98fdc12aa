import type { Migration } from '@cc/service-kit';
import { createVectorTable, VECTOR_TABLE } from '@cc/service-kit';

/**
 * `people.search_vectors`: one vector per person (and their saved research), meeting and About
 * me statement of a user, for search by meaning beside full text
 * (docs/search.md#with-a-model-that-embeds). pgvector's `vector` where the database has it,
 * else `real[]`. The table is made whether or not EMBEDDINGS_MODEL is set, so turning a model
 * on later needs no migration; without one it stays empty.
 */
export const searchVectors: Migration = {
  name: '007_search_vectors',
  async up(knex, schema) {
    await createVectorTable(knex, schema);
  },
  async down(knex, schema) {
    await knex.raw('drop table if exists ??', [`${schema}.${VECTOR_TABLE}`]);
  },
};
