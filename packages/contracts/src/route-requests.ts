import { z } from 'zod';
import { importParams } from './import';
import { credentialsSchema, deleteAccountBody } from './auth';
import { calendarFeedParams, updateCalendarBody } from './calendar';
import {
  appendMessageSchema,
  chatSettingsBody,
  noticeClaimBody,
  passagesQuery,
  clearConversationSchema,
  conversationReadQuery,
  sendMessageSchema,
  suggestEditsSchema,
} from './chat';
import {
  adminSectionsQuery,
  conversationQuery,
  createQuestionBody,
  createSectionBody,
  generateSummaryBody,
  questionnaireSectionsQuery,
  saveQuestionContentBody,
  sendQuestionMessageBody,
  submitCoachingPlanBody,
  updateQuestionBody,
  updateSectionBody,
} from './coaching';
import {
  createFileBody,
  createFolderBody,
  draftPromptQuery,
  fileGoalsBody,
  filePromptQuery,
  filesListQuery,
  fileSummaryBody,
  folderPromptQuery,
  generateDraftBody,
  regenerateFilesBody,
  regenerateFoldersBody,
  rejectFileBody,
  rejectFolderBody,
  reorderFilesBody,
  reorderFoldersBody,
  saveFileContentBody,
  suggestedFilesQuery,
  suggestedFoldersQuery,
  summarizeBody,
  updateFileBody,
  updateFolderBody,
} from './files';
import { journalDateParams, journalListQuery, saveJournalBody } from './journal';
import { fileRevisionParams, journalRevisionParams, restoreRevisionBody, revisionsQuery } from './history';
import { mentionsQuery } from './people-mentions';
import { fromInviteBody, readInviteBody } from './invite';
import { domainSearchQuery, searchQuery } from './search';
import { trashRestoreBody } from './trash';
import { domainImportBody, domainImportParams } from './import';
import {
  createMeetingBody,
  createPersonBody,
  meetingsListQuery,
  generateSectionBody,
  peopleListQuery,
  personMeetingsQuery,
  personSearchBody,
  reorderPeopleBody,
  updateMeetingBody,
  updatePersonBody,
} from './people';
import {
  chatCreateTodoBody,
  createMilestoneBody,
  createTodoBody,
  generateActionPlanBody,
  generateWorkbackBody,
  restoreActionPlanBody,
  saveTimelineItemBody,
  todosQuery,
  updateMilestoneBody,
  updateTodoBody,
  weekPromptQuery,
} from './planning';
import { deleteCompanyStatementBody, deleteStatementBody, generateProfileBody, updateProfileBody, verifyStatementBody } from './profile';
import { checkinAnswersQuery } from './profile-sources';

/**
 * What each route-table call takes: its path params, query and JSON body as zod schemas. The
 * service kit validates every request with these (a failure is 422 `{success:false, errors}`),
 * the OpenAPI document describes them, and the typed client takes their input types. With
 * ROUTE_ANSWERS (answers.ts) this is the whole contract of a call (docs/api.md).
 */
export interface RouteRequest {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a multipart upload of one file (the kit's `upload` option), not JSON. */
  upload?: { field: string; extensions: readonly string[] };
  /** The call asks the AI model: it may answer 429 (the per-user limit) and 502 (the model failed). */
  model?: true;
}

/** `{id}` in a path: a positive int4 in decimal; anything else names nothing (404, as another user's id). */
export const idParams = z.object({ id: z.string().meta({ description: 'Numeric id (a positive 32-bit integer).' }) });
/** `{folderName}` in a path: the folder's name, URL-encoded. */
export const folderNameParams = z.object({ folderName: z.string() });

const noInput = {} as const satisfies RouteRequest;

export const ROUTE_REQUESTS = {
  'POST /auth/sign_up': { body: credentialsSchema },
  'POST /auth/sign_in': { body: credentialsSchema },
  'POST /auth/sign_out': noInput,
  'GET /auth/session': noInput,
  'DELETE /auth/account': { body: deleteAccountBody },
  'GET /auth/calendar': noInput,
  'PATCH /auth/calendar': { body: updateCalendarBody },
  'POST /auth/calendar/reset': noInput,
  'DELETE /auth/calendar/feed': noInput,
  'GET /calendar/{token}': { params: calendarFeedParams },

  'GET /folders': noInput,
  'POST /folders': { body: createFolderBody },
  // A folder named "reorder" is renamed or described here too (the literal path wins).
  'PATCH /folders/reorder': { body: z.union([reorderFoldersBody, updateFolderBody]) },
  'PATCH /folders/{folderName}': { params: folderNameParams, body: updateFolderBody },
  'DELETE /folders/{folderName}': { params: folderNameParams },

  'GET /files': { query: filesListQuery },
  'POST /files': { body: createFileBody },
  'PATCH /files/reorder': { body: reorderFilesBody },
  'GET /files/mentions': { query: mentionsQuery },
  'GET /files/search': { query: domainSearchQuery },
  'DELETE /files/account': noInput,
  'GET /files/export': noInput,
  'GET /coaching/export': noInput,
  'GET /people/export': noInput,
  'GET /ai_chat/export': noInput,
  'GET /export': noInput,
  'POST /import': { upload: { field: 'file', extensions: ['.zip'] } },
  'GET /import/{id}': { params: importParams },
  'POST /files/import': { body: domainImportBody },
  'POST /files/import/{id}/commit': { params: domainImportParams },
  'DELETE /files/import/{id}': { params: domainImportParams },
  'POST /coaching/import': { body: domainImportBody },
  'POST /coaching/import/{id}/commit': { params: domainImportParams },
  'DELETE /coaching/import/{id}': { params: domainImportParams },
  'POST /people/import': { body: domainImportBody },
  'POST /people/import/{id}/commit': { params: domainImportParams },
  'DELETE /people/import/{id}': { params: domainImportParams },
  'POST /ai_chat/import': { body: domainImportBody },
  'POST /ai_chat/import/{id}/commit': { params: domainImportParams },
  'DELETE /ai_chat/import/{id}': { params: domainImportParams },
  'GET /files/trash': noInput,
  'POST /files/trash/restore': { body: trashRestoreBody },
  'DELETE /files/trash': noInput,
  'POST /files/summarize': { body: summarizeBody, model: true },
  'GET /files/{id}': { params: idParams },
  'PUT /files/{id}': { params: idParams, body: updateFileBody },
  'PATCH /files/{id}': { params: idParams, body: saveFileContentBody },
  'DELETE /files/{id}': { params: idParams },
  'PATCH /files/{id}/summary': { params: idParams, body: fileSummaryBody },
  'PATCH /files/{id}/goals': { params: idParams, body: fileGoalsBody },
  'GET /files/{id}/revisions': { params: idParams, query: revisionsQuery },
  'GET /files/{id}/revisions/{revision}': { params: fileRevisionParams },
  'POST /files/{id}/restore': { params: idParams, body: restoreRevisionBody },

  'GET /profile/suggested_folders': { query: suggestedFoldersQuery, model: true },
  'GET /profile/suggested_files': { query: suggestedFilesQuery, model: true },
  'GET /profile/folder_suggestion_prompt': { query: folderPromptQuery },
  'GET /profile/file_suggestion_prompt': { query: filePromptQuery },
  'GET /profile/file_draft_prompt': { query: draftPromptQuery },
  'POST /profile/regenerate_suggested_folders': { body: regenerateFoldersBody, model: true },
  'POST /profile/regenerate_suggested_files': { body: regenerateFilesBody, model: true },
  'POST /profile/generate_file_draft': { body: generateDraftBody, model: true },
  'POST /profile/reject_suggested_folder': { body: rejectFolderBody },
  'POST /profile/reject_suggested_file': { body: rejectFileBody },

  'POST /journal/{date}/save': { params: journalDateParams, body: saveJournalBody },
  'GET /journal/{date}': { params: journalDateParams },
  'GET /journal/{date}/look_back': { params: journalDateParams },
  'GET /journal/{date}/revisions': { params: journalDateParams, query: revisionsQuery },
  'GET /journal/{date}/revisions/{revision}': { params: journalRevisionParams },
  'POST /journal/{date}/restore': { params: journalDateParams, body: restoreRevisionBody },
  'GET /journal': { query: journalListQuery },
  'DELETE /journal/{date}': { params: journalDateParams },

  'GET /ai_chat/conversation': { query: conversationReadQuery },
  'POST /ai_chat/clear_conversation': { body: clearConversationSchema },
  'POST /ai_chat/send_message': { body: sendMessageSchema, model: true },
  'POST /ai_chat/suggest_edits': { body: suggestEditsSchema, model: true },
  'GET /ai_chat/status': noInput,
  'GET /search': { query: searchQuery },
  'DELETE /ai_chat/account': noInput,
  'GET /trash': noInput,
  'POST /trash/restore': { body: trashRestoreBody },
  'DELETE /trash': noInput,
  'GET /ai_chat/settings': noInput,
  'PATCH /ai_chat/settings': { body: chatSettingsBody },
  'GET /ai_chat/passages': { query: passagesQuery },
  'POST /ai_chat/notice': { body: noticeClaimBody },
  'POST /ai_chat/append_message': { body: appendMessageSchema },

  'GET /planning/todos': { query: todosQuery },
  'POST /planning/todos': { body: createTodoBody },
  'PATCH /planning/todos/{id}': { params: idParams, body: updateTodoBody },
  'DELETE /planning/todos/{id}': { params: idParams },
  'PATCH /planning/todos/{id}/toggle_completed': { params: idParams },
  'GET /planning/milestones': noInput,
  'POST /planning/milestones': { body: createMilestoneBody },
  'PATCH /planning/milestones/{id}': { params: idParams, body: updateMilestoneBody },
  'DELETE /planning/milestones/{id}': { params: idParams },
  'PATCH /planning/milestones/{id}/toggle_completed': { params: idParams },
  'POST /planning/chat_create_todo': { body: chatCreateTodoBody },
  'POST /planning/generate_workback_plan': { body: generateWorkbackBody },
  'GET /planning/trash': noInput,
  'POST /planning/trash/restore': { body: trashRestoreBody },
  'DELETE /planning/trash': noInput,

  'GET /coaching/current_action_plan': noInput,
  'POST /coaching/create_empty_action_plan': noInput,
  'GET /coaching/timeline_items': noInput,
  'POST /coaching/save_timeline_item': { body: saveTimelineItemBody },
  'GET /coaching/week_prompt': { query: weekPromptQuery },
  'POST /coaching/generate_action_plan': { body: generateActionPlanBody, model: true },
  'GET /coaching/archived_action_plans': noInput,
  'POST /coaching/restore_action_plan': { body: restoreActionPlanBody },

  'GET /coaching/information_gathering_prompt': noInput,
  'POST /coaching/submit_coaching_plan': { body: submitCoachingPlanBody, model: true },
  'GET /coaching/archived_plans': noInput,
  'GET /coaching/questionnaire_sections': { query: questionnaireSectionsQuery },
  'GET /coaching/onboarding_conversation': { query: conversationQuery },
  'POST /coaching/onboarding_send_message': { body: sendQuestionMessageBody, model: true },
  'POST /coaching/onboarding_save_content': { body: saveQuestionContentBody },
  'POST /coaching/onboarding_generate_summary': { body: generateSummaryBody, model: true },
  'GET /coaching/checkin_answers': { query: checkinAnswersQuery },
  'GET /coaching/search': { query: domainSearchQuery },
  'DELETE /coaching/account': noInput,

  'GET /coaching/admin_sections': { query: adminSectionsQuery },
  'POST /coaching/sections': { body: createSectionBody },
  'PATCH /coaching/sections/{id}': { params: idParams, body: updateSectionBody },
  'DELETE /coaching/sections/{id}': { params: idParams },
  'POST /coaching/questions': { body: createQuestionBody },
  'PATCH /coaching/questions/{id}': { params: idParams, body: updateQuestionBody },
  'DELETE /coaching/questions/{id}': { params: idParams },
  'POST /coaching/upload_questions_csv': { upload: { field: 'file', extensions: ['.csv'] } },

  'GET /people': { query: peopleListQuery },
  'GET /people/search': { query: domainSearchQuery },
  'DELETE /people/account': noInput,
  'GET /people/trash': noInput,
  'POST /people/trash/restore': { body: trashRestoreBody },
  'DELETE /people/trash': noInput,
  'POST /people': { body: createPersonBody },
  'PATCH /people/reorder': { body: reorderPeopleBody },
  'GET /people/{id}': { params: idParams },
  'PATCH /people/{id}': { params: idParams, body: updatePersonBody },
  'DELETE /people/{id}': { params: idParams },
  'POST /people/{id}/perplexity_search': { params: idParams, body: personSearchBody, model: true },
  'GET /people/{id}/research': { params: idParams },
  'GET /people/{id}/meetings': { params: idParams, query: personMeetingsQuery },
  'GET /meetings': { query: meetingsListQuery },
  'POST /meetings': { body: createMeetingBody },
  'POST /meetings/generate_section': { body: generateSectionBody, model: true },
  'POST /meetings/read_invite': { body: readInviteBody },
  'POST /meetings/from_invite': { body: fromInviteBody },
  'GET /meetings/{id}': { params: idParams },
  'PATCH /meetings/{id}': { params: idParams, body: updateMeetingBody },
  'DELETE /meetings/{id}': { params: idParams },

  'GET /profile': noInput,
  'PATCH /profile': { body: updateProfileBody },
  'POST /profile/generate': { body: generateProfileBody, model: true },
  'POST /profile/generate_company_statements': { model: true },
  'POST /profile/generate_narrative': { model: true },
  'GET /profile/generation_prompt': noInput,
  'POST /profile/delete_company_statement': { body: deleteCompanyStatementBody },
  'POST /profile/delete_statement': { body: deleteStatementBody },
  'POST /profile/verify_statement': { body: verifyStatementBody },
  'GET /profile/generation_status': noInput,
  'POST /profile/cancel_generation': noInput,
} as const satisfies Record<string, RouteRequest>;

export type RequestedRoute = keyof typeof ROUTE_REQUESTS;

type Part<K, P extends 'params' | 'query' | 'body'> = K extends RequestedRoute
  ? (typeof ROUTE_REQUESTS)[K] extends { [Q in P]: infer S extends z.ZodType }
    ? S
    : undefined
  : undefined;

/** The schema of one part of a call's request (`undefined` when the call takes none). */
export type ParamsSchemaOf<K> = Part<K, 'params'>;
export type QuerySchemaOf<K> = Part<K, 'query'>;
export type BodySchemaOf<K> = Part<K, 'body'>;

/** The request schemas of a route-table call. */
export function requestOf(method: string, path: string): RouteRequest | undefined {
  return (ROUTE_REQUESTS as Record<string, RouteRequest>)[`${method} ${path}`];
}
