import { api } from '@cc/client';
import type { ChatCreateTodoAnswer, WorkbackPlanAnswer } from '@cc/contracts/planning';

/** `POST /planning/chat_create_todo {todo_data}`: the action's fields as JSON text, as the spec says. */
export function chatCreateTodo(todoData: unknown): Promise<ChatCreateTodoAnswer> {
  return api.post<ChatCreateTodoAnswer>('/planning/chat_create_todo', { todo_data: JSON.stringify(todoData) });
}

/** `POST /planning/generate_workback_plan {goal_data}` (JSON text). */
export function generateWorkbackPlan(goalData: unknown): Promise<WorkbackPlanAnswer> {
  return api.post<WorkbackPlanAnswer>('/planning/generate_workback_plan', { goal_data: JSON.stringify(goalData) });
}
