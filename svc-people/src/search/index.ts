import { domainKinds, type DomainSearchQuery, type SearchGroup } from '@cc/contracts/search';
import { parseSearch, parseTopicSearch, queryVector } from '@cc/service-kit';
import type { Db, MeaningSearch } from '@cc/service-kit';
import { T } from '../tables';
import { withMeaning, type MeaningFind } from './meaning';
import { meaningMeetings, searchMeetings } from './meetings';
import { meaningPersons, searchPersons } from './persons';
import { empty, type Ask, type PeopleKind } from './shared';
import { meaningStatements, searchStatements } from './statements';

/**
 * `GET /people/search` (docs/search.md#people): the user's people (name, profile sections and
 * their saved research), meetings and About me statements, over the `search` columns and
 * indexes of migration 006, fused with the nearest vectors (migration 007) when EMBEDDINGS_MODEL
 * is set. Every query is scoped by user_id; nothing here logs the query. Each kind's queries
 * live in its own file (persons.ts, meetings.ts, statements.ts); the fusion in meaning.ts.
 */

// Typo candidates come from the trigram index (`<%`, whose threshold createDb sets on every connection).
const SEARCHES: Record<PeopleKind, (db: Db, ask: Ask) => Promise<SearchGroup>> = {
  person: searchPersons,
  meeting: searchMeetings,
  statement: searchStatements,
};

const MEANING: Record<PeopleKind, MeaningFind> = {
  person: meaningPersons,
  meeting: meaningMeetings,
  statement: meaningStatements,
};

/**
 * The groups of the kinds asked (person, meeting, statement; all when none are). With `meaning`
 * (EMBEDDINGS_MODEL set), the query is embedded once, beside the full-text queries, and each
 * kind's ranking is fused with the nearest vectors; without it, or when the model fails or is
 * slow, the answer is full text's alone.
 */
export async function searchPeopleDomain(
  db: Db,
  userId: number,
  input: DomainSearchQuery,
  meaning?: MeaningSearch,
): Promise<SearchGroup[]> {
  // domainKinds answers only this domain's kinds.
  const kinds = domainKinds('people', input.kinds) as PeopleKind[];
  const any = input.any === true;
  // A chat's topic words, without those most notes hold (docs/search.md#common-words).
  const parsed = any ? await parseTopicSearch(db, input.q, [T.people, T.meetings]) : parseSearch(input.q);
  if (!parsed) return kinds.map(empty);
  const ask: Ask = { userId, parsed, limit: input.limit, own: input.own === true, typos: !any && parsed.words.some((w) => w.length >= 3) };
  const vector = meaning ? queryVector(meaning, input.q, any) : undefined;
  const groups = await Promise.all(kinds.map((kind) => SEARCHES[kind](db, ask)));
  const found = await vector;
  if (!meaning || !found) return groups;
  // Any of the words (a snippet marks those an object holds, even when it holds only one).
  const anyWords = parsed.rankQuery ?? parseSearch(input.q, { any: true })?.rankQuery ?? parsed.tsquery;
  return Promise.all(groups.map((group) => withMeaning(db, ask, group, found, meaning, anyWords, MEANING[group.kind as PeopleKind])));
}
