import { createEmbedder } from '@cc/ai';
import { PEOPLE_MESSAGES, PROFILE_MESSAGES } from '@cc/contracts';
import {
  domainImportRoutes,
  undoAbandonedImports,
  domainTrashRoutes,
  modelMessages,
  TrashPurge,
  type ModelFailureMessages,
  type ServiceContext,
  type ServiceRouter,
} from '@cc/service-kit';
import { accountRoutes } from './account-routes';
import { exportRoutes } from './export-routes';
import { inviteRoutes } from './invite-routes';
import { peopleImport } from './import';
import { meetingRoutes } from './meetings-routes';
import { peopleRoutes as personRoutes } from './people-routes';
import { profileRoutes } from './profile/routes';
import { researchRoutes } from './research-routes';
import { searchRoutes } from './search-routes';
import { noSearchIndex, PeopleEmbeddings } from './search-vectors';
import type { PeopleSettings } from './settings';
import { peopleRestorers, SCHEMA as TRASH_SCHEMA } from './trash';

/** The web search's wording of model failures (a search is a model call too, counted the same way). */
const SEARCH_FAILURES: ModelFailureMessages = {
  timeout: PEOPLE_MESSAGES.searchTimeout,
  unavailable: PEOPLE_MESSAGES.searchUnavailable,
  malformed: PEOPLE_MESSAGES.searchEmpty,
  empty: PEOPLE_MESSAGES.searchEmpty,
  rateLimited: PEOPLE_MESSAGES.aiRateLimited,
};

/**
 * svc-people: people, web research, meetings and the About me profile (profile/). Every
 * route-table path this service owns and does not register here answers 501 (see
 * ServiceRouter.finish). Settings: settings.ts. With EMBEDDINGS_MODEL, search also ranks by
 * meaning: people, meetings and statements are embedded in the background (search-vectors.ts).
 */
export function peopleRoutes(
  router: ServiceRouter,
  { db, config, settings, modelCalls, log, background }: ServiceContext<PeopleSettings>,
): void {
  const search = modelCalls(SEARCH_FAILURES);
  const embedder = createEmbedder(config.env ?? {});
  const embeddings = embedder ? new PeopleEmbeddings(db, log, embedder) : undefined;
  if (embeddings) background(embeddings);
  const index = embeddings ?? noSearchIndex;
  personRoutes(router, db, index);
  meetingRoutes(router, db, modelCalls(modelMessages(PEOPLE_MESSAGES)), index);
  inviteRoutes(router, db, index);
  researchRoutes(router, db, settings, search, index);
  exportRoutes(router, db);
  const importPart = peopleImport(db, () => index.changed());
  domainImportRoutes(router, 'people', importPart);
  // What was deleted, for 30 days (docs/trash.md): restored rows are embedded again at the next run.
  domainTrashRoutes(router, 'people', { db, schema: TRASH_SCHEMA, restorers: peopleRestorers, restored: () => index.changed() });
  background(
    new TrashPurge(db, log, {
      schema: TRASH_SCHEMA,
      alsoDaily: { what: 'abandoned imports taken back', run: (now) => undoAbandonedImports(importPart, now) },
    }),
  );
  searchRoutes(router, db, embedder ? { embedder, log, minSimilarity: settings.EMBEDDINGS_MIN_SIMILARITY } : undefined);
  const jobs = profileRoutes(router, {
    index,
    db,
    settings,
    ai: modelCalls(modelMessages(PROFILE_MESSAGES)),
    calls: search,
    log,
    env: config.env ?? {},
  });
  // The deep-research worker starts on demand (profile/jobs.ts); the service's stop ends it, as
  // SIGTERM does, so a replica stopped in-process hands its run back to the queue for the others.
  background({ name: 'deep-research', start: async () => undefined, stop: () => jobs.stop() });
  accountRoutes(router, db, jobs);
}
