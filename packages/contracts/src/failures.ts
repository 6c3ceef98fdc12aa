import { z } from 'zod';

/**
 * Every failure answer, whatever the status or the service: `{success:false, errors:[...]}`,
 * the messages a client shows. The kit builds them all (`HttpError`, `notFound`, `invalid`,
 * `conflict`, the model-call failures); a route adds keys only where its documentation names
 * them:
 * - a stale save's 409 adds `current`, what the record holds now (`staleAnswer`);
 * - `POST /meetings/from_invite`'s 409 adds `meeting_id`, the meeting the invitation made before;
 * - the calls whose documented answer lists an `error` (`ERROR_KEY_ROUTES`) also carry
 *   `error`: the first message (the list keeps them all).
 */
export const errorAnswer = z.object({ success: z.literal(false), errors: z.array(z.string()) });
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** The failure of a call whose documented answer names `error` (see `ERROR_KEY_ROUTES`). */
export const errorKeyAnswer = errorAnswer.extend({ error: z.string() });
export type ErrorKeyAnswer = z.infer<typeof errorKeyAnswer>;

/** A stale save's 409: the one shape plus `current`, what the record holds now. */
export const staleAnswer = <C extends z.ZodType>(current: C) => errorAnswer.extend({ current });

/**
 * The calls whose documented answer lists `error` beside `success` (docs/api.md#errors). Their
 * failures, whatever the status, carry it.
 */
export const ERROR_KEY_ROUTES: ReadonlySet<string> = new Set([
  'POST /ai_chat/send_message',
  'POST /ai_chat/suggest_edits',
  'GET /coaching/information_gathering_prompt',
  'POST /coaching/submit_coaching_plan',
  'GET /coaching/questionnaire_sections',
  'POST /coaching/onboarding_send_message',
  'GET /coaching/admin_sections',
  'POST /coaching/upload_questions_csv',
  'GET /coaching/current_action_plan',
  'POST /coaching/create_empty_action_plan',
  'GET /coaching/timeline_items',
  'GET /coaching/week_prompt',
  'POST /coaching/generate_action_plan',
  'POST /people/{id}/perplexity_search',
]);

/** The failure answer's schema for a route of the table (`METHOD /path` as the table writes it). */
export const failureAnswerOf = (route: string): typeof errorAnswer | typeof errorKeyAnswer =>
  ERROR_KEY_ROUTES.has(route) ? errorKeyAnswer : errorAnswer;

/**
 * A failure answer: the messages, `error` on the routes that document it, and the route's own
 * documented keys (`extra`, e.g. a 409's `current`). `route` is `METHOD /path` of the table,
 * or undefined for a request that matched none.
 */
export function failureBody(route: string | undefined, errors: string[], extra: Record<string, unknown> = {}): ErrorAnswer {
  return {
    success: false,
    errors,
    ...(route !== undefined && ERROR_KEY_ROUTES.has(route) ? { error: errors[0] ?? '' } : {}),
    ...extra,
  };
}
