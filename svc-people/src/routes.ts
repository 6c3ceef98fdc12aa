import type { ServiceContext, ServiceRouter } from '@cc/service-kit';

/**
 * svc-people: people, web research, meetings and the About me profile. Every route-table path this service owns and does not register
 * here answers 501 (see ServiceRouter.finish), until its domain issue implements it.
 */
export function peopleRoutes(_router: ServiceRouter, _context: ServiceContext): void {}
