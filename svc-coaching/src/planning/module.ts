import { PLANNING_MESSAGES } from '@cc/contracts';
import { defineModule, domainTrashRoutes, modelMessages, TrashPurge, undoAbandonedImports } from '@cc/service-kit';
import { coachingImport } from '../import';
import { actionPlanRoutes } from './action-plan-routes';
import { chatActionRoutes } from './chat-actions-routes';
import { planningMigrations } from './migrations';
import { milestoneRoutes } from './milestones-routes';
import { ownedByPlanning } from './paths';
import { coachingSearchIndex } from '../search-vectors';
import { todoRoutes } from './todos-routes';
import { planningRestorers, SCHEMA as TRASH_SCHEMA } from './trash';

/**
 * Planning: todos, milestones, the planning chat's actions, the action plan and its weekly
 * timeline (`/planning/*` and the action-plan paths under `/coaching`). See the README.
 */
export const planningModule = defineModule({
  name: 'planning',
  owns: ownedByPlanning,
  migrations: planningMigrations,
  routes(router, context) {
    const { db, modelCalls } = context;
    // With EMBEDDINGS_MODEL, writes ask for their rows to be embedded (search-vectors.ts).
    const { index } = coachingSearchIndex(context);
    todoRoutes(router, db, index);
    milestoneRoutes(router, db, index);
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
