import { invalid } from '@cc/service-kit';
import { PLANNING_MESSAGES as M, todoCreatedLine, workbackCreatedLine } from '@cc/contracts';
import type { Db, ServiceRouter } from '@cc/service-kit';
import type { SearchIndex } from '../search-vectors';
import { insertTodo } from './todos';
import { createWorkbackPlan, isPastTarget } from './workback';

/**
 * The planning chat's actions (docs/planning.md#planning-chat): the page finds a create_todo or create_workback_plan
 * JSON in the coach's reply and sends its data here as JSON text. Broken JSON and bad fields
 * are 422 `{success:false, errors}` (the schema parses the text), never a 500.
 */
export function chatActionRoutes(router: ServiceRouter, db: Db, index: SearchIndex): void {
  router.post('/planning/chat_create_todo', {}, async (ctx, { user, body }) => {
    const todo = await insertTodo(db, user.id, body.todo_data);
    if (todo === 'no_milestone') throw invalid(M.linkedMilestoneNotFound);
    index.changed();
    ctx.status = 201;
    return { success: true, message: todoCreatedLine(todo), errors: [], todo };
  });

  router.post('/planning/generate_workback_plan', {}, async (ctx, { user, body }) => {
    const goal = body.goal_data;
    if (isPastTarget(goal.target_date)) throw invalid(M.targetDatePast);
    const { milestone, todos } = await createWorkbackPlan(db, user.id, goal);
    index.changed();
    ctx.status = 201;
    return { success: true, message: workbackCreatedLine(milestone, todos), errors: [], milestone, todos };
  });
}
