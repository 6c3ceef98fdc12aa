import type { ServiceContext, ServiceRouter } from '@cc/service-kit';

/**
 * svc-coaching: planning (todos, milestones, action plans, timeline) and coaching. Every route-table path this service owns and does not register
 * here answers 501 (see ServiceRouter.finish), until its domain issue implements it.
 */
export function coachingRoutes(_router: ServiceRouter, _context: ServiceContext): void {}
