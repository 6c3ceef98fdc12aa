/**
 * The route table: every documented API call (method + path) of the product's first description,
 * the extra paths added since, the /auth paths, and the page routes (docs/api.md#routes). The nginx config,
 * the embedded gateway, each service's 501 fallbacks and the contract tests all derive from
 * this one list, so a path is owned by exactly one service in every run mode.
 */

export const SERVICES = ['identity', 'files', 'coaching', 'people', 'chat'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route came from: one of the two first descriptions of the product, the design (docs/architecture.md#route-ownership), or an issue. */
export type RouteSource = 'dashboard-planning-journal' | 'coaching-people-aboutme' | 'design' | 'issue';

export interface ApiRoute {
  method: HttpMethod;
  /** Path with `{param}` placeholders, as the documented call writes it; no query string. */
  path: string;
  owner: ServiceName;
  /** Every document that lists the call (a call listed by both documents appears once). */
  sources: RouteSource[];
}

const D1: RouteSource = 'dashboard-planning-journal';
const D2: RouteSource = 'coaching-people-aboutme';
const DESIGN: RouteSource = 'design';
const ISSUE: RouteSource = 'issue';

function r(method: HttpMethod, path: string, owner: ServiceName, ...sources: RouteSource[]): ApiRoute {
  return { method, path, owner, sources };
}

export const API_ROUTES: readonly ApiRoute[] = [
  // Identity (docs/architecture.md#identity-and-csrf)
  r('POST', '/auth/sign_up', 'identity', DESIGN),
  r('POST', '/auth/sign_in', 'identity', DESIGN),
  r('POST', '/auth/sign_out', 'identity', DESIGN),
  r('GET', '/auth/session', 'identity', DESIGN),
  // Account deletion: identity asks every domain to delete the caller's rows first (issue 22, docs/api.md#account-deletion).
  r('DELETE', '/auth/account', 'identity', ISSUE),
  // The calendar feed and its settings (issue 24, docs/calendar.md): the feed is read without a
  // session, by its token; it reads planning and meetings as the account.
  r('GET', '/auth/calendar', 'identity', ISSUE),
  r('PATCH', '/auth/calendar', 'identity', ISSUE),
  r('POST', '/auth/calendar/reset', 'identity', ISSUE),
  r('DELETE', '/auth/calendar/feed', 'identity', ISSUE),
  r('GET', '/calendar/{token}', 'identity', ISSUE),

  // Folders and files
  r('GET', '/folders', 'files', D1),
  r('POST', '/folders', 'files', D1),
  r('PATCH', '/folders/reorder', 'files', D1),
  r('PATCH', '/folders/{folderName}', 'files', D1),
  r('DELETE', '/folders/{folderName}', 'files', D1),
  r('GET', '/files', 'files', D1, D2),
  r('POST', '/files', 'files', D1, D2),
  r('PATCH', '/files/reorder', 'files', D1),
  // The notes that mention a person (svc-people's research without a web search, issue 12).
  r('GET', '/files/mentions', 'files', ISSUE),
  // Each domain searches its own tables; GET /search fans out to them (issue 21, docs/search.md).
  r('GET', '/files/search', 'files', ISSUE),
  // What the user deleted, for 30 days; GET /trash fans out to each domain's (issue 22, docs/trash.md).
  r('GET', '/files/trash', 'files', ISSUE),
  r('POST', '/files/trash/restore', 'files', ISSUE),
  r('DELETE', '/files/trash', 'files', ISSUE),
  r('POST', '/files/summarize', 'files', D1),
  r('DELETE', '/files/account', 'files', ISSUE),
  // Its part of an export, streamed as NDJSON; GET /export zips every domain's (issue 22, docs/export.md).
  r('GET', '/files/export', 'files', ISSUE),
  // Its part of an import: one batch of workspace.json's records, then commit or undo (issue 22, docs/import.md#the-domains-part).
  r('POST', '/files/import', 'files', ISSUE),
  r('POST', '/files/import/{id}/commit', 'files', ISSUE),
  r('DELETE', '/files/import/{id}', 'files', ISSUE),
  r('GET', '/files/{id}', 'files', D1),
  r('PUT', '/files/{id}', 'files', D1),
  r('PATCH', '/files/{id}', 'files', D1),
  r('DELETE', '/files/{id}', 'files', D1),
  r('PATCH', '/files/{id}/summary', 'files', D1),
  r('PATCH', '/files/{id}/goals', 'files', D1),
  // History of a file's content (issue 22, docs/dashboard.md#history).
  r('GET', '/files/{id}/revisions', 'files', ISSUE),
  r('GET', '/files/{id}/revisions/{revision}', 'files', ISSUE),
  r('POST', '/files/{id}/restore', 'files', ISSUE),

  // AI suggestions and drafts (the svc-files part of /profile, docs/architecture.md#route-ownership)
  r('GET', '/profile/suggested_folders', 'files', D1),
  r('GET', '/profile/suggested_files', 'files', D1),
  r('GET', '/profile/folder_suggestion_prompt', 'files', D1),
  r('GET', '/profile/file_suggestion_prompt', 'files', D1),
  r('GET', '/profile/file_draft_prompt', 'files', D1),
  r('POST', '/profile/regenerate_suggested_folders', 'files', D1),
  r('POST', '/profile/regenerate_suggested_files', 'files', D1),
  r('POST', '/profile/generate_file_draft', 'files', D1),
  r('POST', '/profile/reject_suggested_folder', 'files', D1),
  r('POST', '/profile/reject_suggested_file', 'files', D1),

  // Journal
  r('POST', '/journal/{date}/save', 'files', D1),
  r('GET', '/journal/{date}', 'files', DESIGN),
  // "On this day": a month, three months and a year before (issue 21).
  r('GET', '/journal/{date}/look_back', 'files', ISSUE),
  // History of a journal day (issue 22, docs/journal.md#history).
  r('GET', '/journal/{date}/revisions', 'files', ISSUE),
  r('GET', '/journal/{date}/revisions/{revision}', 'files', ISSUE),
  r('POST', '/journal/{date}/restore', 'files', ISSUE),
  r('GET', '/journal', 'files', DESIGN),
  // A journal day goes to the trash like a file (issue 22).
  r('DELETE', '/journal/{date}', 'files', ISSUE),

  // Chat (every chat in the product)
  r('GET', '/ai_chat/conversation', 'chat', D1, D2),
  r('POST', '/ai_chat/clear_conversation', 'chat', D1, D2),
  r('POST', '/ai_chat/send_message', 'chat', D1, D2),
  r('POST', '/ai_chat/suggest_edits', 'chat', D1, D2),
  r('GET', '/ai_chat/status', 'chat', ISSUE),
  // Search across the workspace: svc-chat asks every domain as the caller (docs/search.md).
  r('GET', '/search', 'chat', ISSUE),
  // The trash across the workspace: svc-chat asks every domain's trash as the caller (docs/trash.md).
  r('GET', '/trash', 'chat', ISSUE),
  r('POST', '/trash/restore', 'chat', ISSUE),
  r('DELETE', '/trash', 'chat', ISSUE),
  // "Let the coach use my other notes" (issue 21).
  r('GET', '/ai_chat/settings', 'chat', ISSUE),
  r('PATCH', '/ai_chat/settings', 'chat', ISSUE),
  // The passages a check-in question's chat (svc-coaching) may cite, found as for svc-chat's own chats.
  r('GET', '/ai_chat/passages', 'chat', ISSUE),
  // Its one-time notice, claimed once that chat's answer is made.
  r('POST', '/ai_chat/notice', 'chat', ISSUE),
  r('POST', '/ai_chat/append_message', 'chat', ISSUE),
  r('DELETE', '/ai_chat/account', 'chat', ISSUE),
  r('GET', '/ai_chat/export', 'chat', ISSUE),
  r('POST', '/ai_chat/import', 'chat', ISSUE),
  r('POST', '/ai_chat/import/{id}/commit', 'chat', ISSUE),
  r('DELETE', '/ai_chat/import/{id}', 'chat', ISSUE),
  // Everything the account holds, as one zip (docs/export.md).
  r('GET', '/export', 'chat', ISSUE),
  // Bringing a workspace in: checked whole, then written by a job whose progress GET /import/{id} reports (docs/import.md).
  r('POST', '/import', 'chat', ISSUE),
  r('GET', '/import/{id}', 'chat', ISSUE),

  // Planning
  r('GET', '/planning/todos', 'coaching', DESIGN),
  r('POST', '/planning/todos', 'coaching', D1),
  r('PATCH', '/planning/todos/{id}', 'coaching', D1),
  r('DELETE', '/planning/todos/{id}', 'coaching', D1),
  r('PATCH', '/planning/todos/{id}/toggle_completed', 'coaching', D1),
  r('GET', '/planning/milestones', 'coaching', D1),
  r('POST', '/planning/milestones', 'coaching', D1),
  r('PATCH', '/planning/milestones/{id}', 'coaching', D1),
  r('DELETE', '/planning/milestones/{id}', 'coaching', D1),
  r('PATCH', '/planning/milestones/{id}/toggle_completed', 'coaching', D1),
  r('POST', '/planning/chat_create_todo', 'coaching', D1),
  r('POST', '/planning/generate_workback_plan', 'coaching', D1),
  r('GET', '/planning/trash', 'coaching', ISSUE),
  r('POST', '/planning/trash/restore', 'coaching', ISSUE),
  r('DELETE', '/planning/trash', 'coaching', ISSUE),

  // Action plan and timeline
  r('GET', '/coaching/current_action_plan', 'coaching', D1),
  r('POST', '/coaching/create_empty_action_plan', 'coaching', D1),
  r('GET', '/coaching/timeline_items', 'coaching', D1),
  r('POST', '/coaching/save_timeline_item', 'coaching', D1),
  r('GET', '/coaching/week_prompt', 'coaching', D1),
  r('POST', '/coaching/generate_action_plan', 'coaching', D1, D2),
  r('GET', '/coaching/archived_action_plans', 'coaching', D1),
  r('POST', '/coaching/restore_action_plan', 'coaching', ISSUE),

  // Coaching: information gathering and questionnaires
  r('GET', '/coaching/information_gathering_prompt', 'coaching', D2),
  r('POST', '/coaching/submit_coaching_plan', 'coaching', D2),
  r('GET', '/coaching/archived_plans', 'coaching', D2),
  r('GET', '/coaching/questionnaire_sections', 'coaching', D2),
  r('GET', '/coaching/onboarding_conversation', 'coaching', D2),
  r('POST', '/coaching/onboarding_send_message', 'coaching', D2),
  r('POST', '/coaching/onboarding_save_content', 'coaching', D2),
  r('POST', '/coaching/onboarding_generate_summary', 'coaching', D2),
  // The user's latest check-in answers (svc-people writes the About me profile from them, issue 13).
  r('GET', '/coaching/checkin_answers', 'coaching', ISSUE),
  r('GET', '/coaching/search', 'coaching', ISSUE),
  // Deletes the caller's planning rows too: both modules keep their tables in the one coaching schema.
  r('DELETE', '/coaching/account', 'coaching', ISSUE),
  r('GET', '/coaching/export', 'coaching', ISSUE),
  r('POST', '/coaching/import', 'coaching', ISSUE),
  r('POST', '/coaching/import/{id}/commit', 'coaching', ISSUE),
  r('DELETE', '/coaching/import/{id}', 'coaching', ISSUE),

  // Coaching admin
  r('GET', '/coaching/admin_sections', 'coaching', D2),
  r('POST', '/coaching/sections', 'coaching', D2),
  r('PATCH', '/coaching/sections/{id}', 'coaching', D2),
  r('DELETE', '/coaching/sections/{id}', 'coaching', D2),
  r('POST', '/coaching/questions', 'coaching', D2),
  r('PATCH', '/coaching/questions/{id}', 'coaching', D2),
  r('DELETE', '/coaching/questions/{id}', 'coaching', D2),
  r('POST', '/coaching/upload_questions_csv', 'coaching', D2),

  // People and meetings
  r('GET', '/people', 'people', D2),
  r('POST', '/people', 'people', DESIGN),
  r('PATCH', '/people/reorder', 'people', D2),
  r('GET', '/people/search', 'people', ISSUE),
  r('DELETE', '/people/account', 'people', ISSUE),
  r('GET', '/people/export', 'people', ISSUE),
  r('POST', '/people/import', 'people', ISSUE),
  r('POST', '/people/import/{id}/commit', 'people', ISSUE),
  r('DELETE', '/people/import/{id}', 'people', ISSUE),
  r('GET', '/people/trash', 'people', ISSUE),
  r('POST', '/people/trash/restore', 'people', ISSUE),
  r('DELETE', '/people/trash', 'people', ISSUE),
  r('GET', '/people/{id}', 'people', DESIGN),
  r('PATCH', '/people/{id}', 'people', D2),
  r('DELETE', '/people/{id}', 'people', DESIGN),
  r('POST', '/people/{id}/perplexity_search', 'people', D2),
  r('GET', '/people/{id}/research', 'people', ISSUE),
  r('GET', '/people/{id}/meetings', 'people', D2),
  // Every meeting of the caller, newest first, for the calendar feed (issue 24).
  r('GET', '/meetings', 'people', ISSUE),
  r('POST', '/meetings', 'people', D2),
  r('POST', '/meetings/generate_section', 'people', D2),
  // Meetings from a calendar invite: read it (writes nothing), then make one of its events a meeting (issue 24, docs/people.md#meetings-from-an-invite).
  r('POST', '/meetings/read_invite', 'people', ISSUE),
  r('POST', '/meetings/from_invite', 'people', ISSUE),
  r('GET', '/meetings/{id}', 'people', D2),
  r('PATCH', '/meetings/{id}', 'people', D2),
  r('DELETE', '/meetings/{id}', 'people', D2),

  // About me profile (the svc-people part of /profile)
  r('GET', '/profile', 'people', D2),
  r('PATCH', '/profile', 'people', D2),
  r('POST', '/profile/generate', 'people', D2),
  r('POST', '/profile/generate_company_statements', 'people', D2),
  r('POST', '/profile/generate_narrative', 'people', D2),
  r('GET', '/profile/generation_prompt', 'people', D2),
  r('POST', '/profile/delete_company_statement', 'people', D2),
  r('POST', '/profile/delete_statement', 'people', D2),
  r('POST', '/profile/verify_statement', 'people', D2),
  // A deep research runs as a job: its progress (the panel resumes after a reload) and its cancel (issue 13).
  r('GET', '/profile/generation_status', 'people', ISSUE),
  r('POST', '/profile/cancel_generation', 'people', ISSUE),
];

export { PAGE_ROUTES, REMOTES, type PageRoute, type RemoteName } from './pages';
