import { z } from 'zod';

/**
 * Search across the workspace (docs/search.md). `GET /search` (svc-chat) fans out, as the
 * caller, to the domain searches each service answers over its own tables:
 * `GET /files/search` (svc-files), `GET /coaching/search` (svc-coaching) and
 * `GET /people/search` (svc-people). All four take the same query and answer the same groups.
 */

/** Every kind a search can find, in the order the groups are answered (and shown). */
export const SEARCH_KINDS = ['file', 'journal', 'todo', 'milestone', 'week', 'checkin', 'plan', 'person', 'meeting', 'statement'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Which service searches which kinds: a domain is named in `partial` when its search fails. */
export const SEARCH_DOMAINS = {
  files: ['file', 'journal'],
  coaching: ['todo', 'milestone', 'week', 'checkin', 'plan'],
  people: ['person', 'meeting', 'statement'],
} as const satisfies Record<string, readonly SearchKind[]>;
export type SearchDomain = keyof typeof SEARCH_DOMAINS;
export const SEARCH_DOMAIN_NAMES = Object.keys(SEARCH_DOMAINS) as SearchDomain[];

export const SEARCH_LIMITS = { query: 200, snippet: 240, perKindDefault: 5, perKindMax: 50 } as const;

export const SEARCH_MESSAGES = {
  queryRequired: 'q is required: what to look for (1 to 200 characters).',
  queryTooLong: 'q can be at most 200 characters.',
  unknownKind: `kinds can only list: ${SEARCH_KINDS.join(', ')}.`,
  limit: 'limit must be a whole number from 1 to 50.',
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v);

/** `kinds=file,person`: an optional comma list; empty or absent means every kind. */
const kindsParam = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean)
      : v,
  z.array(z.enum(SEARCH_KINDS, { error: SEARCH_MESSAGES.unknownKind }), { error: SEARCH_MESSAGES.unknownKind }).optional(),
);

const limitParam = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: SEARCH_MESSAGES.limit })
    .int({ error: SEARCH_MESSAGES.limit })
    .min(1, { error: SEARCH_MESSAGES.limit })
    .max(SEARCH_LIMITS.perKindMax, { error: SEARCH_MESSAGES.limit })
    .default(SEARCH_LIMITS.perKindDefault),
);

const queryParam = z.preprocess(
  trimmed,
  z
    .string({ error: SEARCH_MESSAGES.queryRequired })
    .min(1, { error: SEARCH_MESSAGES.queryRequired })
    .max(SEARCH_LIMITS.query, { error: SEARCH_MESSAGES.queryTooLong }),
);

/** `GET /search?q=&kinds=&limit=`. */
export const searchQuery = z.object({ q: queryParam, kinds: kindsParam, limit: limitParam });
export type SearchQuery = z.infer<typeof searchQuery>;

/**
 * A domain's search: the same query, `own=1` to leave out what the product generated (the
 * chat's retrieval cites only the user's own words) and `any=1` for any word rather than all.
 */
const flag = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === true),
  z.boolean().optional(),
);
export const domainSearchQuery = searchQuery.extend({
  own: flag,
  /** Any word may match, ranked by how many do (a chat's retrieval asks with a message's topic words). */
  any: flag,
});
export type DomainSearchQuery = z.infer<typeof domainSearchQuery>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The object's id as text: a row's number, a journal day (`YYYY-MM-DD`), a week (`YYYY-Www`). */
  id: z.string(),
  title: z.string(),
  /** Plain text around the best match, at most 240 characters. */
  snippet: z.string().max(SEARCH_LIMITS.snippet),
  /** `[start, end)` offsets in `snippet` of the matched words, in order, not overlapping. */
  highlights: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  /** The object's address (`@cc/contracts/addresses`). */
  url: z.string(),
  updated_at: z.string(),
  /** Written by the product (a generated plan, research, a draft), not by the user. */
  generated: z.boolean(),
  /** Found by what it means (with an embeddings model), not by the words searched: its snippet may mark none. */
  by_meaning: z.boolean().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** How many of this kind match (results holds at most `limit` of them). */
  total: z.number().int().min(0),
  results: z.array(searchResultSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** A domain's answer: its groups, in SEARCH_KINDS order, only the kinds asked for. */
export const domainSearchAnswer = z.object({ success: z.literal(true), groups: z.array(searchGroupSchema) });
export type DomainSearchAnswer = z.infer<typeof domainSearchAnswer>;

/** `GET /search`: every group that arrived, and the domains that did not answer in time. */
export const searchAnswer = z.object({
  success: z.literal(true),
  query: z.string(),
  groups: z.array(searchGroupSchema),
  partial: z.array(z.enum(SEARCH_DOMAIN_NAMES as [SearchDomain, ...SearchDomain[]])),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

/** The kinds of `kinds` a domain searches (all of its kinds when none are asked for). */
export function domainKinds(domain: SearchDomain, kinds?: readonly SearchKind[]): SearchKind[] {
  const own: readonly SearchKind[] = SEARCH_DOMAINS[domain];
  return kinds && kinds.length ? own.filter((k) => kinds.includes(k)) : [...own];
}
