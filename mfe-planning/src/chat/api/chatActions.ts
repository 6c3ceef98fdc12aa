import { api } from '@cc/client';

/** `POST /planning/chat_create_todo {todo_data}`: the action's fields as JSON text (docs/planning.md#planning-chat). */
export const chatCreateTodo = (todoData: unknown) =>
  api.call('POST /planning/chat_create_todo', { body: { todo_data: JSON.stringify(todoData) } });

/** `POST /planning/generate_workback_plan {goal_data}` (JSON text). */
export const generateWorkbackPlan = (goalData: unknown) =>
  api.call('POST /planning/generate_workback_plan', { body: { goal_data: JSON.stringify(goalData) } });

/**
 * `POST /ai_chat/append_message {folder, file_name, content}`: a line the chat said after a reply
 * (the action's result, or why it failed), kept with the conversation so a reload shows it.
 */
export const appendChatLine = (conversation: { folder: string; fileName: string }, content: string) =>
  api.call('POST /ai_chat/append_message', { body: { folder: conversation.folder, file_name: conversation.fileName, content } });
