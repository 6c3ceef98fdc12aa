import { PLANNING_MESSAGES } from '@cc/contracts';
import { defineModule, domainTrashRoutes, modelMessages, TrashPurge, undoAbandonedImports } from '@cc/service-kit';
import { coachingImport } from '../import';
import type { CoachingSettings } from '../settings';
import { actionPlanRoutes } from './action-plan-routes';
import { chatActionRoutes } from './chat-actions-routes';
import { planningMigrations } from './migrations';
import { listenForPlanningChanges, planningListsCache } from './lists-cache';
import { milestoneRoutes } from './milestones-routes';
import { ownedByPlanning } from './paths';
import { coachingSearchIndex } from '../search-vectors';
import { todoRoutes } from './todos-routes';
import { planningRestorers, SCHEMA as TRASH_SCHEMA } from './trash';

/**
 * Planning: todos, milestones, the planning chat's actions, the action plan and its weekly
 * timeline (`/planning/*` and the action-plan paths under `/coaching`). See the README.
 */
export const planningModule = defineModule<CoachingSettings>({
  name: 'planning',
  owns: ownedByPlanning,
  migrations: planningMigrations,
  routes(router, context) {
    const { db, log, modelCalls, settings } = context;
    // With EMBEDDINGS_MODEL, writes ask for their rows to be embedded (search-vectors.ts).
    const { index } = coachingSearchIndex(context);
    const lists = planningListsCache(settings.PLANNING_LISTS_CACHE_MB * 1024 * 1024);
    if (settings.PLANNING_LISTS_CACHE) listenForPlanningChanges(db, lists, log);
    // Read your own writes: any write this instance answers (a todo, a milestone, the chat's
    // actions, a restore from the trash, an import, the account's deletion) may change the
    // lists, so the user's cached lists go before the answer does; the trigger's NOTIFY, which
    // tells the other instances, reaches this one a moment later.
    router.koa.use(async (ctx, next) => {
      try {
        await next();
      } finally {
        const user = ctx.state.user as { id: number } | undefined;
        if (user && ctx.method !== 'GET' && ctx.method !== 'HEAD') lists.invalidate(user.id);
      }
    });
    todoRoutes(router, db, index, lists);
    milestoneRoutes(router, db, index, lists);
    chatActionRoutes(router, db, index);
    actionPlanRoutes(router, db, modelCalls(modelMessages(PLANNING_MESSAGES)), index);
    // What was deleted, for 30 days (docs/trash.md): restored rows are embedded again at the next run.
    domainTrashRoutes(router, 'coaching', { db, schema: TRASH_SCHEMA, restorers: planningRestorers, restored: () => index.changed() });
    context.background(
      new TrashPurge(db, context.log, {
        schema: TRASH_SCHEMA,
        // The service's one daily job also takes back abandoned imports of both modules (import.ts).
        alsoDaily: {
          what: 'abandoned imports taken back',
          run: (now) =>
            undoAbandonedImports(
              coachingImport(db, () => index.changed()),
              now,
            ),
        },
      }),
    );
  },
});
