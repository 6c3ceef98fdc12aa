import type Koa from 'koa';
import { SEARCH_DOMAIN_NAMES, type SearchAnswer, type SearchQuery } from '@cc/contracts';
import { peerDomainSearch, peerClient, type DomainSearches } from '@cc/service-kit';

/**
 * `GET /search` asks every domain within this budget and answers with what arrived: a slow or
 * failed domain is named in `partial`, never an error (docs/search.md).
 */
export const SEARCH_DEADLINE_MS = 1500;

export interface DomainUrls {
  files: string | undefined;
  coaching: string | undefined;
  people: string | undefined;
}

/** Each domain's search, asked as the caller of `ctx` (an unset URL: that domain is left out and named in `partial`). */
export function domainSearches(ctx: Koa.Context, urls: DomainUrls): DomainSearches {
  return Object.fromEntries(
    SEARCH_DOMAIN_NAMES.filter((domain) => urls[domain]).map((domain) => [domain, peerDomainSearch(peerClient(ctx, urls[domain]), domain)]),
  );
}

export const searchAnswerOf = (query: SearchQuery, found: Pick<SearchAnswer, 'groups' | 'partial'>): SearchAnswer => ({
  success: true,
  query: query.q,
  groups: found.groups,
  partial: found.partial,
});
