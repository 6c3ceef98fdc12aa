import { createEmbedder, type Embedder } from '@cc/ai';
import {
  EmbeddingsQueue,
  storedVectorJoin,
  deleteVectors,
  VECTOR_TABLE,
  type Db,
  type Logger,
  type PendingText,
  type ServiceContext,
} from '@cc/service-kit';
import { COACHING_EMBEDDED } from './coaching/search';
import { PLANNING_EMBEDDED } from './planning/search';
import { VECTOR_SCHEMA, type EmbeddedKind } from './search-sql';

/**
 * Search by meaning for todos, milestones, action-plan weeks, check-in answers and
 * information-gathering plans (docs/search.md#coaching): with EMBEDDINGS_MODEL, each gets a
 * vector in `coaching.search_vectors` (coaching's migration 006: one table for both modules'
 * kinds, as they share the schema), filled in the background by a pg-boss queue on the
 * service's own database. Each module says what of its rows is embedded (PLANNING_EMBEDDED,
 * COACHING_EMBEDDED); this runs them. Without EMBEDDINGS_MODEL, nothing here runs.
 */

export const SCHEMA = VECTOR_SCHEMA;
export const VECTORS = `${SCHEMA}.${VECTOR_TABLE}`;
export const EMBEDDINGS_QUEUE = 'coaching-embeddings';
/** pg-boss's own tables, apart from svc-coaching's (as svc-files keeps `files_jobs`). */
export const EMBEDDINGS_BOSS_SCHEMA = 'coaching_jobs';
/** Writes within this time make one run: a week or notes saved every few seconds are embedded once, not per save. */
export const KICK_DELAY_MS = 3_000;

const EMBEDDED: EmbeddedKind[] = [...PLANNING_EMBEDDED, ...COACHING_EMBEDDED];

/**
 * embedPending's source: rows of every user whose vector is missing, was made from another text
 * (its md5 differs) or by another model, kind after kind. A row with nothing to embed (a week
 * with no actions, a check-in with no notes and nothing said) has none.
 */
export async function pendingTexts(db: Db, limit: number, model: string): Promise<PendingText[]> {
  // Missing vectors before changed ones (see svc-files's pendingTexts: finding a changed text hashes every row).
  const part = (k: EmbeddedKind, where: string) =>
    `(select e.user_id, '${k.kind}' as kind, e.object_id, e.text, md5(e.text) as content_hash
        from (select t.user_id, ${k.objectId} as object_id, ${k.text} as text
                from ${k.from} ${k.where ? `where ${k.where}` : ''}) e
        ${storedVectorJoin(VECTOR_SCHEMA, 'e.user_id', `'${k.kind}'`, 'e.object_id')}
       where e.text <> '' and ${where}
       limit ?)`;
  const missing = EMBEDDED.map((k) => part(k, 'v.user_id is null'));
  const changed = EMBEDDED.map((k) => part(k, '(v.user_id is not null and (v.model <> ? or v.content_hash <> md5(e.text)))'));
  const { rows } = (await db.raw(`${[...missing, ...changed].join('\n union all\n')}\n limit ?`, [
    ...EMBEDDED.map(() => limit),
    ...EMBEDDED.flatMap(() => [model, limit]),
    limit,
  ])) as { rows: PendingText[] };
  return rows;
}

/**
 * Vectors whose row is gone or no longer searchable: a todo or milestone deleted elsewhere, the
 * weeks of a plan archived by a new one, a check-in whose question was deleted, a text emptied.
 * Search never shows them (it reads the rows), this only keeps the table to what exists.
 */
export async function removeStaleVectors(db: Db): Promise<number> {
  const gone = EMBEDDED.map(
    (k) =>
      `(v.kind = '${k.kind}' and not exists (
          select 1 from ${k.from}
           where t.user_id = v.user_id and ${k.objectId} = v.object_id ${k.where ? `and ${k.where}` : ''} and ${k.text} <> ''))`,
  );
  const { rows } = (await db.raw(`delete from ${VECTORS} v where ${gone.join('\n or ')} returning v.object_id`)) as { rows: unknown[] };
  return rows.length;
}

/** What the routes tell after a write: a run soon, and a deleted todo's or milestone's vector gone. */
export interface SearchIndex {
  changed(): void;
  deleted(userId: number, kind: 'todo' | 'milestone', id: number): Promise<void>;
}

/** Without EMBEDDINGS_MODEL: writes change nothing here. */
export const noSearchIndex: SearchIndex = { changed: () => undefined, deleted: async () => undefined };

/** The kit's embeddings queue for svc-coaching's objects, and the vectors its routes delete at once. */
export class CoachingEmbeddings extends EmbeddingsQueue implements SearchIndex {
  constructor(db: Db, log: Logger, embedder: Embedder) {
    super(db, log, embedder, {
      schema: SCHEMA,
      queue: EMBEDDINGS_QUEUE,
      bossSchema: EMBEDDINGS_BOSS_SCHEMA,
      pending: (limit, model) => pendingTexts(db, limit, model),
      removeStale: () => removeStaleVectors(db),
      kickDelayMs: KICK_DELAY_MS,
    });
  }

  async deleted(userId: number, kind: 'todo' | 'milestone', id: number): Promise<void> {
    await deleteVectors(this.db, SCHEMA, { userId, kind, objectIds: [String(id)] });
  }
}

/** Both modules' routes get the one index of their service: one per service context (the kit gives both modules the same). */
const indexes = new WeakMap<object, { index: SearchIndex; embedder: Embedder | undefined }>();

/**
 * The service's search index and embedder, made by whichever module's routes ask first: with
 * EMBEDDINGS_MODEL, a CoachingEmbeddings, the service's background task (started once the migrations ran); without it, none.
 */
export function coachingSearchIndex(context: Pick<ServiceContext, 'db' | 'log' | 'config' | 'background'>): {
  index: SearchIndex;
  embedder: Embedder | undefined;
} {
  const { db, log, config } = context;
  let known = indexes.get(context);
  if (!known) {
    const embedder = createEmbedder(config.env ?? {});
    const embeddings = embedder ? new CoachingEmbeddings(db, log, embedder) : undefined;
    if (embeddings) context.background(embeddings);
    known = { index: embeddings ?? noSearchIndex, embedder: embedder ?? undefined };
    indexes.set(context, known);
  }
  return known;
}
