import type { Migration } from '@cc/service-kit';
import { createVectorTable, VECTOR_TABLE } from '@cc/service-kit';

/**
 * `coaching.search_vectors`: one vector per todo, milestone, action-plan week, check-in answer
 * and information-gathering plan of a user, for search by meaning beside full text
 * (docs/search.md#coaching). The table holds both modules' kinds: it is one per schema (the
 * kit's createVectorTable), and svc-coaching's two modules share the `coaching` schema. It is
 * coaching's migration because coaching owns `GET /coaching/search`, whose route reads it, and
 * its list runs after planning's. pgvector's `vector` where the database has it, else `real[]`.
 * Made whether or not EMBEDDINGS_MODEL is set, so turning a model on later needs no migration.
 */
export const searchVectors: Migration = {
  name: '006_search_vectors',
  async up(knex, schema) {
    await createVectorTable(knex, schema);
  },
  async down(knex, schema) {
    await knex.raw('drop table if exists ??', [`${schema}.${VECTOR_TABLE}`]);
  },
};
