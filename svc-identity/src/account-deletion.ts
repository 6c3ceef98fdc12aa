import type Koa from 'koa';
import { z } from 'zod';
import { ACCOUNT_DELETION_PATHS, ACCOUNT_PARTS, AUTH_MESSAGES, type AccountPart } from '@cc/contracts';
import { peerClient, type Logger } from '@cc/service-kit';
import type { IdentitySettings } from './settings';

/**
 * The fan-out of `DELETE /auth/account` (docs/api.md#account-deletion): each service deletes the
 * caller's rows on its own route, asked over HTTP as the caller (their cookie and CSRF token),
 * all at once and within one deadline. Each of those deletions is one transaction and may be
 * asked again, so a part that failed is simply retried by the user's next attempt.
 */

/** How long the services together may take (an account of 10,000 files deletes in about a second). */
export const ACCOUNT_DELETION_DEADLINE_MS = 30_000;

const okAnswer = z.object({ success: z.literal(true) });

/** Where each part's service answers, from identity's settings. */
export function accountPartUrls(settings: IdentitySettings): Record<AccountPart, string | undefined> {
  return { files: settings.FILES_URL, coaching: settings.COACHING_URL, people: settings.PEOPLE_URL, chat: settings.CHAT_URL };
}

/**
 * Asks every service to delete the caller's rows; answers the parts that did not (none: every
 * row is gone). A service without a URL counts as failed: its rows would outlive the account.
 */
export async function deleteEverywhere(
  ctx: Koa.Context,
  urls: Record<AccountPart, string | undefined>,
  deadlineMs = ACCOUNT_DELETION_DEADLINE_MS,
): Promise<AccountPart[]> {
  const parts = Object.keys(ACCOUNT_PARTS) as AccountPart[];
  const answers = await Promise.all(
    parts.map((part) => peerClient(ctx, urls[part]).delete(ACCOUNT_DELETION_PATHS[part], okAnswer, { timeoutMs: deadlineMs })),
  );
  const failed = parts.filter((_, i) => !answers[i]!.ok);
  if (failed.length) {
    const reasons = Object.fromEntries(failed.map((part) => [part, answers[parts.indexOf(part)]]));
    (ctx.state.log as Logger | undefined)?.warn({ reasons }, 'account deletion: some services did not delete');
  }
  return failed;
}

/** "Your account was not deleted because some of your data could not be deleted (chats). Part of …" */
export function deletionFailure(failed: readonly AccountPart[]): string {
  const names = failed.map((part) => ACCOUNT_PARTS[part]).join('; ');
  return `${AUTH_MESSAGES.deletionIncomplete} (${names}). ${AUTH_MESSAGES.deletionRetry}`;
}
