import type { ServiceContext, ServiceRouter } from '@cc/service-kit';

/**
 * svc-chat: conversations and chat replies for every chat in the product. Every route-table path this service owns and does not register
 * here answers 501 (see ServiceRouter.finish), until its domain issue implements it.
 */
export function chatRoutes(_router: ServiceRouter, _context: ServiceContext): void {}
