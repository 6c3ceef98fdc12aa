import type Koa from 'koa';
import {
  domainEmptyTrashAnswer,
  domainTrashAnswer,
  newestFirst,
  trashDomainOf,
  trashRestoreAnswer,
  TRASH_DOMAIN_NAMES,
  TRASH_MESSAGES,
  type TrashDomain,
  type TrashItem,
} from '@cc/contracts';
import { DOMAIN_TRASH_PATHS, HttpError, peerClient, type Logger, type PeerAnswer, type ServiceRouter } from '@cc/service-kit';
import type { DomainUrls } from './search';

/**
 * The trash across the workspace (docs/trash.md): each domain keeps its own and answers on its
 * own routes; these ask them as the caller, in parallel, each within a deadline. A domain that
 * fails or is late is named in `partial`, never an error: the rest of the trash still shows.
 */
export const TRASH_LIST_DEADLINE_MS = 2_000;
/** A restore or an emptying writes (a folder of 10,000 files comes back in about 6 s): it may take longer than a read. */
export const TRASH_WRITE_DEADLINE_MS = 30_000;

const log = (ctx: Koa.Context): Logger | undefined => ctx.state.log;

/** Asks every domain with `ask` at once; what arrived, and the domains that did not answer in time. */
async function askEveryDomain<T>(
  ask: (domain: TrashDomain, timeoutMs: number) => Promise<PeerAnswer<T>>,
  deadlineMs: number,
): Promise<{ answers: T[]; partial: TrashDomain[] }> {
  const settled = await Promise.all(
    TRASH_DOMAIN_NAMES.map(async (domain) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), deadlineMs);
      });
      try {
        const answer = await Promise.race([ask(domain, deadlineMs).catch(() => null), late]);
        return { domain, body: answer?.ok ? answer.body : null };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return {
    answers: settled.flatMap((s) => (s.body === null ? [] : [s.body])),
    partial: settled.filter((s) => s.body === null).map((s) => s.domain),
  };
}

/** GET /trash, POST /trash/restore and DELETE /trash. */
export function trashRoutes(router: ServiceRouter, urls: DomainUrls): void {
  const peer = (ctx: Koa.Context, domain: TrashDomain) => peerClient(ctx, urls[domain]);

  router.get('/trash', {}, async (ctx) => {
    const { answers, partial } = await askEveryDomain(
      (domain, timeoutMs) => peer(ctx, domain).get(DOMAIN_TRASH_PATHS[domain], domainTrashAnswer, { timeoutMs }),
      TRASH_LIST_DEADLINE_MS,
    );
    if (partial.length) log(ctx)?.warn({ partial }, 'trash listed without some domains');
    ctx.set('Cache-Control', 'no-store');
    const items: TrashItem[] = answers.flatMap((a) => a.items).sort(newestFirst);
    return { success: true, items, partial };
  });

  // The kind says which domain keeps the entry: only that one is asked.
  router.post('/trash/restore', {}, async (ctx, { body }) => {
    const domain = trashDomainOf(body.kind);
    const answer = await peer(ctx, domain).post(`${DOMAIN_TRASH_PATHS[domain]}/restore`, body, trashRestoreAnswer, {
      timeoutMs: TRASH_WRITE_DEADLINE_MS,
    });
    if (answer.ok) return answer.body;
    // The domain's own refusal (not in the trash, bad input) as it said it; anything else: it did not answer.
    if (answer.status && answer.status < 500 && answer.errors?.length) throw new HttpError(answer.status, answer.errors);
    log(ctx)?.warn({ domain, reason: answer.reason, status: answer.status }, 'trash restore: domain did not answer');
    throw new HttpError(503, [TRASH_MESSAGES.domainUnavailable]);
  });

  router.delete('/trash', {}, async (ctx) => {
    const { answers, partial } = await askEveryDomain(
      (domain, timeoutMs) => peer(ctx, domain).delete(DOMAIN_TRASH_PATHS[domain], domainEmptyTrashAnswer, { timeoutMs }),
      TRASH_WRITE_DEADLINE_MS,
    );
    if (partial.length) log(ctx)?.warn({ partial }, 'trash emptied without some domains');
    return { success: true, deleted: answers.reduce((n, a) => n + a.deleted, 0), partial };
  });
}
