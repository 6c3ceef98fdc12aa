import { COACHING_MESSAGES } from '@cc/contracts';
import { defineModule, domainImportRoutes, modelMessages } from '@cc/service-kit';
import type { CoachingSettings } from '../settings';
import { ownedByPlanning } from '../planning/paths';
import { accountRoutes } from '../account-routes';
import { exportRoutes } from '../export-routes';
import { coachingImport } from '../import';
import { searchRoutes } from '../search-routes';
import { coachingSearchIndex } from '../search-vectors';
import { adminRoutes } from './admin-routes';
import { checkinAnswersRoutes } from './checkin-answers-routes';
import { conversationRoutes } from './conversations-routes';
import { csvRoutes } from './csv-routes';
import { coachingMigrations } from './migrations';
import { planRoutes } from './plans-routes';
import { questionnaireRoutes } from './questionnaire-routes';

/**
 * Coaching: information gathering, the questionnaires with their question chats scored by AI,
 * and the questionnaire admin (every `/coaching/*` path that is not the action plan). See the README.
 */
export const coachingModule = defineModule<CoachingSettings>({
  name: 'coaching',
  owns: (path) => path.startsWith('/coaching/') && !ownedByPlanning(path),
  migrations: coachingMigrations,
  routes(router, context) {
    const { db, log, modelCalls, settings } = context;
    const ai = modelCalls(modelMessages(COACHING_MESSAGES));
    // With EMBEDDINGS_MODEL, writes ask for their rows to be embedded and search also ranks by meaning (search-vectors.ts).
    const { index, embedder } = coachingSearchIndex(context);
    planRoutes(router, db, ai, index);
    questionnaireRoutes(router, db);
    conversationRoutes(router, db, ai, settings.CHAT_URL, index);
    adminRoutes(router, db);
    csvRoutes(router, db);
    checkinAnswersRoutes(router, db);
    accountRoutes(router, db);
    // Like search, the path is coaching's and the part holds planning's tables too (export.ts).
    exportRoutes(router, db);
    // Its import takes planning's records too, as its export gives them (import.ts).
    domainImportRoutes(
      router,
      'coaching',
      coachingImport(db, () => index.changed()),
    );
    // The path is coaching's; the route searches planning's kinds too, through planning/search.ts.
    searchRoutes(router, db, embedder ? { embedder, log, minSimilarity: settings.EMBEDDINGS_MIN_SIMILARITY } : undefined);
  },
});
