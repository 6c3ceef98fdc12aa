import { api } from '@cc/client';
import type { ChatCreateTodoAnswer, WorkbackPlanAnswer } from '@cc/contracts/planning';

/** `POST /planning/chat_create_todo {todo_data}`: the action's fields as JSON text (docs/planning.md#planning-chat). */
export function chatCreateTodo(todoData: unknown): Promise<ChatCreateTodoAnswer> {
  return api.post<ChatCreateTodoAnswer>('/planning/chat_create_todo', { todo_data: JSON.stringify(todoData) });
}

/** `POST /planning/generate_workback_plan {goal_data}` (JSON text). */
export function generateWorkbackPlan(goalData: unknown): Promise<WorkbackPlanAnswer> {
  return api.post<WorkbackPlanAnswer>('/planning/generate_workback_plan', { goal_data: JSON.stringify(goalData) });
}

/**
 * `POST /ai_chat/append_message {folder, file_name, content}`: a line the chat said after a reply
 * (the action's result, or why it failed), kept with the conversation so a reload shows it.
 */
export function appendChatLine(conversation: { folder: string; fileName: string }, content: string): Promise<unknown> {
  return api.post('/ai_chat/append_message', { folder: conversation.folder, file_name: conversation.fileName, content });
}
