import type { ServiceContext, ServiceRouter } from '@cc/service-kit';

/**
 * svc-files: folders, files, suggestions, drafts, summaries and the journal. Every route-table path this service owns and does not register
 * here answers 501 (see ServiceRouter.finish), until its domain issue implements it.
 */
export function filesRoutes(_router: ServiceRouter, _context: ServiceContext): void {}
