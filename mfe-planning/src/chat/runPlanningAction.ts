import { isApiError } from '@cc/client';
import type { DetectedPlanningAction } from '@cc/contracts/planning-actions';
import { PLANNING_CHAT as C, PLANNING_MESSAGES as M, todoCreatedLine, workbackCreatedLine } from '@cc/contracts/planning-rules';
import { chatCreateTodo, generateWorkbackPlan } from './api/chatActions';

export interface ActionOutcome {
  /** The assistant line that tells the user what happened. */
  message: string;
  /** Whether something was created (the lists are read again after `refreshAfterMs`). */
  created: boolean;
  refreshAfterMs: number;
}

/** The server refused the payload with its reasons (a 4xx with `errors`), as opposed to no answer at all. */
function refusal(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const body = error.body as { errors?: unknown } | undefined;
  const reasons = Array.isArray(body?.errors) ? body.errors.filter((e): e is string => typeof e === 'string') : [];
  return reasons.length > 0 ? reasons.join(', ') : M.unknownError;
}

/**
 * Runs the action a planning-chat reply embeds (docs/planning.md#planning-chat): create_todo through POST
 * /planning/chat_create_todo, create_workback_plan through POST /planning/generate_workback_plan,
 * each with its fields as JSON text. Answers the line to show, with the page's wording (docs/planning.md#messages) when it
 * fails, and when to read the lists again (1 s after a todo, 1.5 s after a plan).
 */
export async function runPlanningAction(action: DetectedPlanningAction): Promise<ActionOutcome> {
  if (action.action === 'create_todo') {
    try {
      const answer = await chatCreateTodo(action.todo_data);
      // Written here from the todo itself, its day as every sentence of the chat writes one ("27 November").
      const message = answer.todo ? todoCreatedLine(answer.todo) : answer.message;
      return { message, created: true, refreshAfterMs: C.reloadAfterTodoMs };
    } catch (error) {
      console.warn('[planning] the chat could not create the todo', error);
      const reasons = refusal(error);
      return { message: reasons ? `${M.chatTodoRefused}${reasons}` : M.chatTodoError, created: false, refreshAfterMs: C.reloadAfterTodoMs };
    }
  }
  try {
    const answer = await generateWorkbackPlan(action.goal_data);
    const message = answer.milestone && answer.todos ? workbackCreatedLine(answer.milestone, answer.todos) : answer.message;
    return { message, created: true, refreshAfterMs: C.reloadAfterPlanMs };
  } catch (error) {
    console.warn('[planning] the chat could not create the workback plan', error);
    const reasons = refusal(error);
    return { message: reasons ? `${M.chatPlanRefused}${reasons}` : M.chatPlanError, created: false, refreshAfterMs: C.reloadAfterPlanMs };
  }
}
