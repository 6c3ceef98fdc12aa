/** Shared by svc-coaching's integration tests: the service on a fresh database, signed-in clients (the kit's harness). */
import { startServiceHarness, type ServiceHarness, type TestDatabase } from '@cc/service-kit/testing';
import { coachingService } from './service';

export { signIn } from '@cc/service-kit/testing';
export type CoachingHarness = ServiceHarness;

export const startCoaching = (env: Record<string, string> = {}, database?: TestDatabase): Promise<CoachingHarness> =>
  startServiceHarness(coachingService, env, database);
