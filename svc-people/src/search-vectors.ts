import type { Embedder } from '@cc/ai';
import { PERSON_SECTIONS } from '@cc/contracts/people-rules';
import { EmbeddingsQueue, storedVectorJoin, deleteVectors, VECTOR_TABLE, type Db, type Logger, type PendingText } from '@cc/service-kit';
import { T } from './tables';

/**
 * Search by meaning for people, meetings and About me statements (docs/search.md#people): with
 * EMBEDDINGS_MODEL, each gets a vector in `people.search_vectors` (migration 007), filled in the
 * background by a pg-boss queue on the service's own database. A person's saved research gets a
 * vector of its own (kind `research`): search shows it as the product's words, at half rank, and
 * never with `own=1`, as full text does. Without EMBEDDINGS_MODEL, nothing here runs.
 */

export const SCHEMA = 'people';
export const VECTORS = `${SCHEMA}.${VECTOR_TABLE}`;
export const EMBEDDINGS_QUEUE = 'people-embeddings';
/**
 * pg-boss's own tables for this queue. Not deep research's `people_jobs` boss: that one starts
 * on the first deep request and hands its runs back on a stop, a lifecycle a queue that must run
 * from the start should not share.
 */
export const EMBEDDINGS_BOSS_SCHEMA = 'people_search_jobs';
/** The vector kinds: search's three, and a person's research (shown as that person, generated). */
export const VECTOR_KINDS = ['person', 'research', 'meeting', 'statement'] as const;
/** What is embedded of a long text after its title: its start (a model reads a few hundred words at most). */
export const EMBEDDED_CHARS = 4_000;
/** Writes within this time make one run: an editor saving every few seconds is embedded once, not per save. */
export const KICK_DELAY_MS = 3_000;

const BLANK = `E' \\t\\r\\n'`;
const NL = ` || E'\\n' || `;
const body = (sql: string) => `left(btrim(${sql}, ${BLANK}), ${EMBEDDED_CHARS})`;

/** A person's: the name, then the profile's fields in the page's order (the name alone when the profile is empty). */
const personTextSql = (p: string) =>
  `btrim(${p}.full_name || E'\\n\\n' || ${body(
    PERSON_SECTIONS.flatMap((s) => s.fields.map((f) => `coalesce(${p}.profile #>> '{${s.key},${f.key}}', '')`)).join(NL),
  )}, ${BLANK})`;

/** Their research's: the name it is about, then the answer's start. */
const researchTextSql = (p: string, r: string) => `${p}.full_name || E'\\n\\n' || ${body(`${r}.answer`)}`;

/** A meeting's: its title and day in words, then its tabs in order and where it happens. */
const meetingTextSql = (m: string) =>
  `btrim(${m}.title || coalesce(E'\\n' || to_char(${m}.meeting_date, 'FMDay, FMDD FMMonth YYYY'), '') || E'\\n\\n' || ${body(
    ['goals', 'agenda', 'anticipating', 'notes', 'followups', 'reflection', 'location'].map((c) => `coalesce(${m}.${c}, '')`).join(NL),
  )}, ${BLANK})`;

/** A profile's statements with their index (0-based, as the routes address them); rejected ones left out. */
const statementsSql = (pr: string) =>
  `cross join lateral jsonb_array_elements(case when jsonb_typeof(${pr}.statements) = 'array' then ${pr}.statements else '[]'::jsonb end)
         with ordinality as s(value, ord)`;
const LIVE_STATEMENT = `coalesce(s.value->>'status', '') <> 'rejected' and btrim(coalesce(s.value->>'text', ''), ${BLANK}) <> ''`;

/** Missing vectors are asked for before changed ones (see svc-files's pendingTexts: finding a changed text hashes every row). */
const MISSING = 'v.user_id is null';
const CHANGED = '(v.user_id is not null and (v.model <> ? or v.content_hash <> md5(t.text)))';

/**
 * embedPending's source: people, their research, meetings and statements of every user whose
 * vector is missing, was made from another text (md5 differs) or by another model. A statement
 * is keyed by its index: a profile rewritten by a new research embeds again those whose text at
 * an index changed, and only those.
 */
export async function pendingTexts(db: Db, limit: number, model: string): Promise<PendingText[]> {
  const sources: Array<[kind: string, rows: string]> = [
    ['person', `select p.user_id, 'person' as kind, p.id::text as object_id, ${personTextSql('p')} as text from ${T.people} p`],
    [
      'research',
      `select r.user_id, 'research' as kind, r.person_id::text as object_id, ${researchTextSql('p', 'r')} as text
         from ${T.person_research} r join ${T.people} p on p.user_id = r.user_id and p.id = r.person_id
        where btrim(r.answer, ${BLANK}) <> ''`,
    ],
    ['meeting', `select m.user_id, 'meeting' as kind, m.id::text as object_id, ${meetingTextSql('m')} as text from ${T.meetings} m`],
    [
      'statement',
      `select pr.user_id, 'statement' as kind, (s.ord - 1)::text as object_id, btrim(s.value->>'text', ${BLANK}) as text
         from ${T.profiles} pr ${statementsSql('pr')}
        where ${LIVE_STATEMENT}`,
    ],
  ];
  const branch = ([kind, rows]: [string, string], where: string) =>
    `(select t.* from (${rows}) t0
        cross join lateral (select t0.user_id, t0.kind, t0.object_id, t0.text, md5(t0.text) as content_hash) t
        ${storedVectorJoin(SCHEMA, 't.user_id', `'${kind}'`, 't.object_id')}
       where ${where}
       limit ?)`;
  const { rows } = (await db.raw(
    [...sources.map((s) => branch(s, MISSING)), ...sources.map((s) => branch(s, CHANGED))].join('\n union all\n') + '\n limit ?',
    [...sources.map(() => limit), ...sources.flatMap(() => [model, limit]), limit],
  )) as { rows: PendingText[] };
  return rows;
}

/**
 * Vectors whose object is gone: people deleted (a person deleted through the route loses theirs
 * at once), research removed, meetings deleted, statements deleted, rejected or past the list's
 * end. Search never shows them (it reads the objects), this only keeps the table to what exists.
 */
export async function removeStaleVectors(db: Db): Promise<number> {
  // The casts inside case: Postgres may test conditions in any order, and not every id is a number.
  const id = (kind: string) => `(case when v.kind = '${kind}' then v.object_id::int end)`;
  const { rows } = (await db.raw(
    `delete from ${VECTORS} v
      where (v.kind = 'person' and not exists (select 1 from ${T.people} p where p.user_id = v.user_id and p.id = ${id('person')}))
         or (v.kind = 'research' and not exists (
              select 1 from ${T.person_research} r
               where r.user_id = v.user_id and r.person_id = ${id('research')} and btrim(r.answer, ${BLANK}) <> ''))
         or (v.kind = 'meeting' and not exists (select 1 from ${T.meetings} m where m.user_id = v.user_id and m.id = ${id('meeting')}))
         or (v.kind = 'statement' and not exists (
              select 1 from ${T.profiles} pr ${statementsSql('pr')}
               where pr.user_id = v.user_id and (s.ord - 1) = ${id('statement')} and ${LIVE_STATEMENT}))
      returning v.object_id`,
  )) as { rows: unknown[] };
  return rows.length;
}

/** What the routes tell after a write: a run soon, and a deleted person's or meeting's vectors gone. */
export interface SearchIndex {
  changed(): void;
  personDeleted(userId: number, personId: number): Promise<void>;
  meetingDeleted(userId: number, meetingId: number): Promise<void>;
}

/** Without EMBEDDINGS_MODEL: writes change nothing here. */
export const noSearchIndex: SearchIndex = {
  changed: () => undefined,
  personDeleted: async () => undefined,
  meetingDeleted: async () => undefined,
};

/** The kit's embeddings queue for svc-people's objects, and the vectors its routes delete at once. */
export class PeopleEmbeddings extends EmbeddingsQueue implements SearchIndex {
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

  /** The person's vector and their research's. */
  async personDeleted(userId: number, personId: number): Promise<void> {
    for (const kind of ['person', 'research']) await deleteVectors(this.db, SCHEMA, { userId, kind, objectIds: [String(personId)] });
  }

  async meetingDeleted(userId: number, meetingId: number): Promise<void> {
    await deleteVectors(this.db, SCHEMA, { userId, kind: 'meeting', objectIds: [String(meetingId)] });
  }
}
