import { z } from 'zod';
import { sessionAnswerSchema } from './auth';
import { calendarAnswer } from './calendar';
import {
  chatSettingsAnswer,
  passagesAnswer,
  noticeClaimAnswer,
  chatStatusAnswerSchema,
  conversationAnswerSchema,
  sendMessageAnswerSchema,
  appendMessageAnswerSchema,
  suggestEditsAnswerSchema,
} from './chat';
import {
  draftAnswer,
  fileAnswer,
  filesListAnswer,
  fileWriteAnswer,
  foldersAnswer,
  folderWriteAnswer,
  promptAnswer,
  reorderFilesAnswer,
  reorderFoldersAnswer,
  saveFileContentAnswer,
  saveNoteAnswer,
  staleNoteAnswer,
  staleRevisionAnswer,
  suggestionsAnswer,
  summarizeAnswer,
} from './files';
import { COACHING_ANSWERS } from './coaching';
import { journalEntryAnswer, journalListAnswer, lookBackAnswer } from './journal';
import { restoreEntryAnswer, restoreFileAnswer, revisionAnswer, revisionsAnswer } from './history';
import { PEOPLE_ANSWERS } from './people';
import { INVITE_ANSWERS } from './invite';
import { domainSearchAnswer, searchAnswer } from './search';
import { streamedAnswer } from './export';
import { importAnswer } from './import';
import { domainImportAnswer, domainImportDoneAnswer } from './import';
import { domainEmptyTrashAnswer, domainTrashAnswer, emptyTrashAnswer, trashAnswer, trashRestoreAnswer } from './trash';
import { PROFILE_ANSWERS } from './profile';
import {
  archivedPlansAnswer,
  chatCreateTodoAnswer,
  createTodoAnswer,
  createActionPlanAnswer,
  currentActionPlanAnswer,
  deleteMilestoneAnswer,
  generatedWeekAnswer,
  milestonesAnswer,
  milestoneWriteAnswer,
  planningDeleteAnswer,
  restoreActionPlanAnswer,
  saveTimelineItemAnswer,
  staleTimelineItemAnswer,
  timelineItemsAnswer,
  todosAnswer,
  todoWriteAnswer,
  weekPromptAnswer,
  workbackPlanAnswer,
} from './planning';

/**
 * What each route-table call answers: its success answer and the failures with keys of their
 * own (a stale save's 409 and its `current`). Handlers are typed by it (the service kit's
 * router) and, in tests, every real answer is checked against it. The failures every route may
 * give (401, 403, 404, 422, 429, 502: `errorAnswer`, with `error` where `failureAnswerOf` says)
 * are built by the kit and are not repeated here.
 */

/** `{success: true}` and nothing else to say. */
export const okAnswer = z.object({ success: z.literal(true) });
/** `{success: true, errors: []}`: the Rails-style confirmation of a write (docs/api.md#conventions). */
export const okWithErrorsAnswer = z.object({ success: z.literal(true), errors: z.array(z.string()) });
/** `DELETE /folders/{folderName}`: the folder went, with this many files. */
export const deleteFolderAnswer = okWithErrorsAnswer.extend({ deleted_files: z.number().int() });
/** `POST /journal/{date}/save` on a stale revision: 409 with what the entry holds now. */
export const staleJournalAnswer = staleRevisionAnswer;

export const ROUTE_ANSWERS = {
  'POST /auth/sign_up': sessionAnswerSchema,
  'POST /auth/sign_in': sessionAnswerSchema,
  'POST /auth/sign_out': okAnswer,
  'GET /auth/session': sessionAnswerSchema,
  'DELETE /auth/account': okAnswer,
  'GET /auth/calendar': calendarAnswer,
  'PATCH /auth/calendar': calendarAnswer,
  'POST /auth/calendar/reset': calendarAnswer,
  'DELETE /auth/calendar/feed': calendarAnswer,
  // An iCalendar document (STREAMED_ANSWERS gives its media type).
  'GET /calendar/{token}': streamedAnswer,
  'DELETE /files/account': okAnswer,
  'DELETE /coaching/account': okAnswer,
  'DELETE /people/account': okAnswer,
  'DELETE /ai_chat/account': okAnswer,
  // Streams, not JSON documents (docs/export.md): STREAMED_ANSWERS gives their media types.
  'GET /files/export': streamedAnswer,
  'GET /coaching/export': streamedAnswer,
  'GET /people/export': streamedAnswer,
  'GET /ai_chat/export': streamedAnswer,
  'GET /export': streamedAnswer,
  'POST /import': importAnswer,
  'GET /import/{id}': importAnswer,
  'POST /files/import': domainImportAnswer,
  'POST /files/import/{id}/commit': domainImportDoneAnswer,
  'DELETE /files/import/{id}': domainImportDoneAnswer,
  'POST /coaching/import': domainImportAnswer,
  'POST /coaching/import/{id}/commit': domainImportDoneAnswer,
  'DELETE /coaching/import/{id}': domainImportDoneAnswer,
  'POST /people/import': domainImportAnswer,
  'POST /people/import/{id}/commit': domainImportDoneAnswer,
  'DELETE /people/import/{id}': domainImportDoneAnswer,
  'POST /ai_chat/import': domainImportAnswer,
  'POST /ai_chat/import/{id}/commit': domainImportDoneAnswer,
  'DELETE /ai_chat/import/{id}': domainImportDoneAnswer,

  'GET /folders': foldersAnswer,
  'POST /folders': folderWriteAnswer,
  // A folder named "reorder" is updated here too (the literal path wins over /folders/{folderName}).
  'PATCH /folders/reorder': z.union([reorderFoldersAnswer, folderWriteAnswer]),
  'PATCH /folders/{folderName}': folderWriteAnswer,
  'DELETE /folders/{folderName}': deleteFolderAnswer,

  'GET /files': filesListAnswer,
  'POST /files': fileWriteAnswer,
  'PATCH /files/reorder': reorderFilesAnswer,
  'POST /files/summarize': summarizeAnswer,
  'GET /files/{id}': fileAnswer,
  'PUT /files/{id}': fileWriteAnswer,
  'PATCH /files/{id}': z.union([saveFileContentAnswer, staleRevisionAnswer]),
  'DELETE /files/{id}': okWithErrorsAnswer,
  'PATCH /files/{id}/summary': z.union([saveNoteAnswer, staleNoteAnswer]),
  'PATCH /files/{id}/goals': z.union([saveNoteAnswer, staleNoteAnswer]),
  'GET /files/{id}/revisions': revisionsAnswer,
  'GET /files/{id}/revisions/{revision}': revisionAnswer,
  'POST /files/{id}/restore': restoreFileAnswer,

  'GET /journal': journalListAnswer,
  'GET /journal/{date}': journalEntryAnswer,
  'GET /journal/{date}/look_back': lookBackAnswer,
  'GET /journal/{date}/revisions': revisionsAnswer,
  'GET /journal/{date}/revisions/{revision}': revisionAnswer,
  'POST /journal/{date}/restore': restoreEntryAnswer,
  'POST /journal/{date}/save': z.union([journalEntryAnswer, staleJournalAnswer]),
  'DELETE /journal/{date}': okWithErrorsAnswer,

  'GET /profile/suggested_folders': suggestionsAnswer,
  'GET /profile/suggested_files': suggestionsAnswer,
  'GET /profile/folder_suggestion_prompt': promptAnswer,
  'GET /profile/file_suggestion_prompt': promptAnswer,
  'GET /profile/file_draft_prompt': promptAnswer,
  'POST /profile/regenerate_suggested_folders': suggestionsAnswer,
  'POST /profile/regenerate_suggested_files': suggestionsAnswer,
  'POST /profile/generate_file_draft': draftAnswer,
  'POST /profile/reject_suggested_folder': okAnswer,
  'POST /profile/reject_suggested_file': okAnswer,

  'GET /ai_chat/conversation': conversationAnswerSchema,
  'POST /ai_chat/send_message': sendMessageAnswerSchema,
  'POST /ai_chat/suggest_edits': suggestEditsAnswerSchema,
  'POST /ai_chat/clear_conversation': okAnswer,
  'POST /ai_chat/append_message': appendMessageAnswerSchema,
  'GET /ai_chat/status': chatStatusAnswerSchema,
  'GET /search': searchAnswer,
  'GET /ai_chat/settings': chatSettingsAnswer,
  'PATCH /ai_chat/settings': chatSettingsAnswer,
  'GET /ai_chat/passages': passagesAnswer,
  'POST /ai_chat/notice': noticeClaimAnswer,
  'GET /files/search': domainSearchAnswer,
  'GET /coaching/search': domainSearchAnswer,
  'GET /people/search': domainSearchAnswer,
  'GET /trash': trashAnswer,
  'POST /trash/restore': trashRestoreAnswer,
  'DELETE /trash': emptyTrashAnswer,
  'GET /files/trash': domainTrashAnswer,
  'POST /files/trash/restore': trashRestoreAnswer,
  'DELETE /files/trash': domainEmptyTrashAnswer,
  'GET /planning/trash': domainTrashAnswer,
  'POST /planning/trash/restore': trashRestoreAnswer,
  'DELETE /planning/trash': domainEmptyTrashAnswer,
  'GET /people/trash': domainTrashAnswer,
  'POST /people/trash/restore': trashRestoreAnswer,
  'DELETE /people/trash': domainEmptyTrashAnswer,

  'GET /planning/todos': todosAnswer,
  'POST /planning/todos': createTodoAnswer,
  'PATCH /planning/todos/{id}': todoWriteAnswer,
  'DELETE /planning/todos/{id}': planningDeleteAnswer,
  'PATCH /planning/todos/{id}/toggle_completed': todoWriteAnswer,
  'GET /planning/milestones': milestonesAnswer,
  'POST /planning/milestones': milestoneWriteAnswer,
  'PATCH /planning/milestones/{id}': milestoneWriteAnswer,
  'DELETE /planning/milestones/{id}': deleteMilestoneAnswer,
  'PATCH /planning/milestones/{id}/toggle_completed': milestoneWriteAnswer,
  'POST /planning/chat_create_todo': chatCreateTodoAnswer,
  'POST /planning/generate_workback_plan': workbackPlanAnswer,

  'GET /coaching/current_action_plan': currentActionPlanAnswer,
  'POST /coaching/create_empty_action_plan': createActionPlanAnswer,
  'GET /coaching/timeline_items': timelineItemsAnswer,
  'POST /coaching/save_timeline_item': z.union([saveTimelineItemAnswer, staleTimelineItemAnswer]),
  'GET /coaching/week_prompt': weekPromptAnswer,
  'POST /coaching/generate_action_plan': generatedWeekAnswer,
  'GET /coaching/archived_action_plans': archivedPlansAnswer,
  'POST /coaching/restore_action_plan': restoreActionPlanAnswer,

  ...COACHING_ANSWERS,
  ...PEOPLE_ANSWERS,
  ...INVITE_ANSWERS,
  ...PROFILE_ANSWERS,
} as const;

export type AnsweredRoute = keyof typeof ROUTE_ANSWERS;
/** The answer a handler of `METHOD /path` returns (unknown for calls not built yet). */
export type AnswerOf<K extends string> = K extends AnsweredRoute ? z.input<(typeof ROUTE_ANSWERS)[K]> : unknown;

/** The answer schema of a route-table call, if it has one. */
export function answerSchemaOf(method: string, path: string): z.ZodType | undefined {
  return (ROUTE_ANSWERS as Record<string, z.ZodType>)[`${method} ${path}`];
}
