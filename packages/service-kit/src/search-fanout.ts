import {
  domainKinds,
  domainSearchAnswer,
  SEARCH_DOMAIN_NAMES,
  SEARCH_KINDS,
  type DomainSearchAnswer,
  type SearchDomain,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '@cc/contracts/search';
import type { PeerClient } from './peer';

/**
 * Searching the whole workspace (docs/search.md): each domain searches its own tables behind its
 * own route; this asks them in parallel, as the caller, and answers with what arrived before the
 * deadline. `GET /search` (svc-chat) and every chat's retrieval of passages use it.
 */

export interface WorkspaceQuery {
  q: string;
  kinds?: readonly SearchKind[];
  limit: number;
  /** Only the user's own words: leave out what the product generated. */
  own?: boolean;
  /** Any word may match (ranked by how many do): a chat message, not a query typed to find something. */
  any?: boolean;
}

/** One domain's search; null when it failed or did not answer in time. */
export type DomainSearch = (query: WorkspaceQuery, timeoutMs: number) => Promise<DomainSearchAnswer | null>;
export type DomainSearches = Partial<Record<SearchDomain, DomainSearch>>;

/** The route each domain answers its search on. */
export const DOMAIN_SEARCH_PATHS: Record<SearchDomain, string> = {
  files: '/files/search',
  coaching: '/coaching/search',
  people: '/people/search',
};

export function searchParams(query: WorkspaceQuery, kinds: readonly SearchKind[]): string {
  const params = new URLSearchParams({ q: query.q, limit: String(query.limit) });
  if (kinds.length) params.set('kinds', kinds.join(','));
  if (query.own) params.set('own', '1');
  if (query.any) params.set('any', '1');
  return params.toString();
}

/** A domain's search over HTTP through `peer` (the caller's session, checked answer). */
export function peerDomainSearch(peer: PeerClient, domain: SearchDomain): DomainSearch {
  return async (query, timeoutMs) => {
    const kinds = domainKinds(domain, query.kinds);
    const answer = await peer.get(`${DOMAIN_SEARCH_PATHS[domain]}?${searchParams(query, kinds)}`, domainSearchAnswer, { timeoutMs });
    return answer.ok ? answer.body : null;
  };
}

export interface WorkspaceAnswer {
  groups: SearchGroup[];
  /** The domains asked that failed or missed the deadline. */
  partial: SearchDomain[];
}

/**
 * Asks every domain that holds an asked kind, in parallel, and waits at most `deadlineMs`: the
 * groups that arrived, in SEARCH_KINDS order, and the domains that did not. A domain with no
 * search configured counts as one that did not answer.
 */
export async function searchWorkspace(searches: DomainSearches, query: WorkspaceQuery, deadlineMs: number): Promise<WorkspaceAnswer> {
  const asked = SEARCH_DOMAIN_NAMES.filter((domain) => domainKinds(domain, query.kinds).length > 0);
  const answers = await Promise.all(
    asked.map(async (domain) => {
      const search = searches[domain];
      if (!search) return { domain, answer: null };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), deadlineMs);
      });
      try {
        const answer = await Promise.race([search(query, deadlineMs).catch(() => null), late]);
        return { domain, answer };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const byKind = new Map<SearchKind, SearchGroup>();
  const partial: SearchDomain[] = [];
  for (const { domain, answer } of answers) {
    if (!answer) {
      partial.push(domain);
      continue;
    }
    const kinds = domainKinds(domain, query.kinds);
    for (const group of answer.groups) if (kinds.includes(group.kind)) byKind.set(group.kind, group);
  }
  const groups = SEARCH_KINDS.filter((kind) => byKind.has(kind)).map((kind) => byKind.get(kind)!);
  return { groups, partial };
}

/* ---------------------------------------------------------------- passages for a chat */

/** A passage of the user's notes a chat may cite, numbered from 1 in the order given to the coach. */
export interface Passage extends Pick<SearchResult, 'kind' | 'id' | 'title' | 'url' | 'snippet' | 'updated_at'> {
  n: number;
}

export interface PassageRequest {
  /** What to look for: the user's message (its words), with the page's own words when they help. */
  text: string;
  /** The open object: never cited to itself. */
  exclude?: (result: SearchResult) => boolean;
  limit?: number;
  deadlineMs?: number;
}

export const PASSAGE_LIMIT = 5;
const PASSAGE_DEADLINE_MS = 800;
const QUERY_WORDS = 12;

/**
 * Words that carry no topic in a chat message: chat filler, and Postgres's English stop words
 * (to_tsquery drops them, so a pair holding one would match on its other word alone).
 */
const FILLER = new Set(
  (
    'about after again also been being could does doing done from have having help into just know like make more most much need only other really should some than that them then there these they thing things think this those what when where which while will with would your yours want going get got maybe feel felt today tomorrow yesterday week ' +
    'the and but for nor not you him his her hers its our ours who whom why how all any both each few own same too very can now are was were has had did off out over under once here until because against between through during before above below down further theirs their yourself yourselves myself ourselves himself herself itself themselves'
  ).split(' '),
);

/** The topic words of a message: at least three letters, not filler, each once, in order. */
export function topicWords(text: string): string[] {
  const seen = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 3 || FILLER.has(word) || /^\d+$/.test(word) || seen.has(word)) continue;
    seen.add(word);
    if (seen.size >= QUERY_WORDS) break;
  }
  return [...seen];
}

/**
 * Up to five passages of the user's own notes about what `text` is about, best first: any topic
 * word may match, and a passage must share at least two of them (one when the message has only
 * one), so a common word alone ("team") does not pull in every note. Fails soft: a slow or
 * failed domain gives no passages, never an error.
 */
export async function retrievePassages(searches: DomainSearches, request: PassageRequest): Promise<Passage[]> {
  const words = topicWords(request.text);
  if (!words.length) return [];
  const limit = request.limit ?? PASSAGE_LIMIT;
  const { groups } = await searchWorkspace(
    searches,
    { q: words.join(' ').slice(0, 200), limit: limit + 1, own: true, any: true },
    request.deadlineMs ?? PASSAGE_DEADLINE_MS,
  );
  const needed = Math.min(2, words.length);
  const scored: Array<{ result: SearchResult; score: number }> = [];
  for (const group of groups) {
    group.results.forEach((result, rank) => {
      if (request.exclude?.(result)) return;
      const matched = new Set(result.highlights.map(([s, e]) => result.snippet.slice(s, e).toLowerCase()));
      const titleWords = new Set(result.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
      const inTitle = words.filter((w) => [...titleWords].some((t) => t.startsWith(w.slice(0, Math.max(3, w.length - 2))))).length;
      const distinct = Math.max(matched.size, 0) + inTitle;
      // A note an embeddings model found by what it means shares no words to count: it is in.
      if (distinct < needed && !result.by_meaning) return;
      // Reciprocal rank within the domain's own ranking, then how many topic words it shares.
      scored.push({ result, score: 1 / (10 + rank) + distinct / 10 });
    });
  }
  scored.sort((a, b) => b.score - a.score || b.result.updated_at.localeCompare(a.result.updated_at));
  return scored.slice(0, limit).map(({ result }, i) => ({
    n: i + 1,
    kind: result.kind,
    id: result.id,
    title: result.title,
    url: result.url,
    snippet: result.snippet,
    updated_at: result.updated_at,
  }));
}
