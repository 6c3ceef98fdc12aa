import type Koa from 'koa';
import { createWebSearch, personResearchPrompt, tidyCitations, type WebSearch } from '@cc/ai';
import { PEOPLE_MESSAGES as M, type Citation, type Meeting } from '@cc/contracts';
import { peerClient, type Db, type ModelCalls, type ServiceRouter, idFrom, notFound } from '@cc/service-kit';
import { meetingsOfPerson } from './meetings';
import { getPerson } from './people';
import { personContext } from './person-context';
import { researchSubject, savedResearch, saveResearch } from './research';
import { mentionsOf, notesResearch } from './research-notes';
import type { SearchIndex } from './search-vectors';
import type { PeopleSettings } from './settings';

/** The configured web search, if any. */
export function webSearchFrom(settings: PeopleSettings): WebSearch | undefined {
  if (!settings.SEARCH_BASE_URL) return undefined;
  return createWebSearch({
    baseURL: settings.SEARCH_BASE_URL,
    model: settings.SEARCH_MODEL,
    timeoutMs: settings.SEARCH_TIMEOUT_MS,
    ...(settings.SEARCH_API_KEY ? { apiKey: settings.SEARCH_API_KEY } : {}),
  });
}

/**
 * POST /people/{id}/perplexity_search: the web search's answer with its citations, or, without
 * a search endpoint, what the user's own notes say (cited). Either is saved per person and given
 * again (from_cache) until the name, role or company changes or the user asks with `refresh`.
 */
export function researchRoutes(router: ServiceRouter, db: Db, settings: PeopleSettings, calls: ModelCalls, index: SearchIndex): void {
  const search = webSearchFrom(settings);
  const source = search ? 'web' : 'notes';

  /** The saved research, if it still fits the person (for the meeting brief): never a search. */
  router.get('/people/{id}/research', {}, async (_ctx: Koa.Context, { user, params }) => {
    const person = await getPerson(db, user.id, idFrom(params.id, M.personNotFound));
    if (person === 'not_found') throw notFound(M.personNotFound);
    const saved = await savedResearch(db, user.id, person.id, researchSubject(person), source);
    return { success: true, research: saved ? { ...saved, source } : null };
  });

  router.post('/people/{id}/perplexity_search', {}, async (ctx: Koa.Context, { user, params, body }) => {
    const person = await getPerson(db, user.id, idFrom(params.id, M.personNotFound));
    if (person === 'not_found') throw notFound(M.personNotFound);
    const subject = researchSubject(person);

    if (!body.refresh) {
      const saved = await savedResearch(db, user.id, person.id, subject, source);
      if (saved) return { success: true, ...saved, from_cache: true, source };
    }

    let result: { answer: string; citations: Citation[] };
    if (!search) {
      const meetings = (await meetingsOfPerson(db, user.id, person.id, true)) as Meeting[];
      const mentions = await mentionsOf(peerClient(ctx, settings.FILES_URL), person);
      result = notesResearch(person, meetings, mentions);
    } else {
      const found = await calls.run(ctx, user.id, (signal) => search.search({ ...personResearchPrompt(personContext(person)), signal }));
      result = tidyCitations(found.answer, found.sources);
    }
    const saved = await saveResearch(db, user.id, person.id, subject, source, result);
    index.changed();
    return { success: true, ...saved, from_cache: false, source };
  });
}
